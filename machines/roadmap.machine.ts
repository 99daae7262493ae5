import { assign, setup } from 'xstate';
import type { AppraiserStatus } from './appraiser-assignment.machine.js';
import { ROADMAP_STEPS, type StepState } from './customer.enums.js';
import type { LawyerStatus } from './lawyer-assignment.machine.js';
import type { CompletedBy } from './roadmap-progress.js';

export type StepStatus = 'ok' | 'warning' | 'danger';

/** A step as the server answers it: `completed_by` says whether the facts or staff's mark completed it. */
export type RoadmapStepState = StepState & { completed_by?: CompletedBy };

export interface StepDisplay extends RoadmapStepState {
  /** e.g. application.none, uploads.completed, lawyers.pending_approve */
  state: string;
  status: StepStatus;
  statusMessage: string;
  /** Inactive and not completed: the card's button reads 'Locked'. */
  locked: boolean;
  /** The card's button text when it is not locked, if it has one. */
  button: string | null;
  /** A sentence under the card for danger states that ask the customer to wait or act elsewhere. */
  note: string | null;
}

export interface RoadmapInput {
  steps: RoadmapStepState[];
  lawyer: { present: boolean; status: LawyerStatus };
  appraiser: { present: boolean; status: AppraiserStatus };
}

const COMPLETED = { status: 'ok' as const, statusMessage: 'Completed' };

/** Completed by staff's mark (or by an answer that does not say why): the card reads 'Completed'. */
const markedCompleted = (step: RoadmapStepState) => step.is_completed && step.completed_by !== 'facts';

function display(step: RoadmapStepState, input: RoadmapInput): Omit<StepDisplay, keyof StepState | 'locked'> {
  const none = { button: null, note: null };
  switch (step.step) {
    case 'application':
      return step.is_completed
        ? { state: 'application.completed', ...COMPLETED, ...none }
        : {
            state: 'application.none',
            status: 'danger',
            statusMessage: 'Fill out the mortgage application',
            ...none,
          };
    case 'uploads':
      return step.is_completed
        ? { state: 'uploads.completed', ...COMPLETED, ...none }
        : { state: 'uploads.action_required', status: 'danger', statusMessage: 'Action required', ...none };
    case 'sign_documents':
      return step.is_completed
        ? { state: 'sign.completed', ...COMPLETED, ...none }
        : {
            state: 'sign.required',
            status: 'danger',
            statusMessage: 'Sign required',
            button: null,
            note: 'Please check your email and sign all required documents',
          };
    case 'lawyers': {
      if (markedCompleted(step)) return { state: 'lawyers.completed', ...COMPLETED, ...none };
      const { present, status } = input.lawyer;
      if (!present || status === 'empty') {
        return {
          state: 'lawyers.empty',
          status: 'danger',
          statusMessage: 'Action required',
          button: 'Add Lawyer',
          note: null,
        };
      }
      if (status === 'pending_approve')
        return {
          state: 'lawyers.pending_approve',
          status: 'warning',
          statusMessage: 'Waiting for approval',
          ...none,
        };
      if (status === 'pending_revoke') {
        return {
          state: 'lawyers.pending_revoke',
          status: 'warning',
          statusMessage: 'Waiting for revoke approval',
          button: 'Waiting for revoke',
          note: null,
        };
      }
      return { state: 'lawyers.assigned', status: 'ok', statusMessage: 'Lawyer assigned', ...none };
    }
    case 'appraisers': {
      if (markedCompleted(step)) return { state: 'appraisers.completed', ...COMPLETED, ...none };
      const { present, status } = input.appraiser;
      if (!present || status === 'empty') {
        return {
          state: 'appraisers.empty',
          status: 'danger',
          statusMessage: 'The appraiser has not been added yet',
          button: 'Wait for the appraiser to be added',
          note: 'Please wait for the appraiser to be added',
        };
      }
      if (status === 'pending_approve')
        return {
          state: 'appraisers.pending_approve',
          status: 'warning',
          statusMessage: 'Waiting for approval',
          ...none,
        };
      return { state: 'appraisers.assigned', status: 'ok', statusMessage: 'Appraiser assigned', ...none };
    }
  }
}

/** Each of the five steps, in order, with what its card shows (spec section 4, Roadmap steps). */
export function roadmapDisplay(input: RoadmapInput): StepDisplay[] {
  return ROADMAP_STEPS.map((name) => {
    const step = input.steps.find((s) => s.step === name) ?? {
      step: name,
      is_active: false,
      is_completed: false,
    };
    return { ...step, locked: !step.is_active && !step.is_completed, ...display(step, input) };
  });
}

export function roadmapComplete(steps: StepState[]): boolean {
  return ROADMAP_STEPS.every((name) => steps.find((s) => s.step === name)?.is_completed);
}

export type RoadmapEvent = { type: 'UPDATE'; input: RoadmapInput };

/**
 * The customer's roadmap: in progress until every step is completed, then complete (the congratulation
 * banner). Its context is what the server answers; updates arrive with each live push.
 */
export const roadmapMachine = setup({
  types: { context: {} as RoadmapInput, events: {} as RoadmapEvent, input: {} as RoadmapInput },
  guards: { allCompleted: ({ context }) => roadmapComplete(context.steps) },
  actions: { take: assign(({ event }) => event.input) },
}).createMachine({
  id: 'roadmap',
  context: ({ input }) => input,
  initial: 'checking',
  states: {
    checking: { always: [{ target: 'complete', guard: 'allCompleted' }, { target: 'inProgress' }] },
    inProgress: { on: { UPDATE: { target: 'checking', actions: 'take' } } },
    complete: { on: { UPDATE: { target: 'checking', actions: 'take' } } },
  },
});
