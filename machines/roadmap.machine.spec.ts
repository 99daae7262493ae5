import { describe, expect, it } from '@jest/globals';
import { createActor } from 'xstate';
import { ROADMAP_STEPS } from './customer.enums.js';
import { roadmapDisplay, roadmapMachine, type RoadmapInput } from './roadmap.machine.js';

const steps = (
  overrides: Partial<
    Record<(typeof ROADMAP_STEPS)[number], { is_active?: boolean; is_completed?: boolean }>
  > = {},
) => ROADMAP_STEPS.map((step) => ({ step, is_active: true, is_completed: false, ...overrides[step] }));

const input = (over: Partial<RoadmapInput> = {}): RoadmapInput => ({
  steps: steps(),
  lawyer: { present: false, status: 'empty' },
  appraiser: { present: false, status: 'empty' },
  ...over,
});

const byStep = (i: RoadmapInput) => Object.fromEntries(roadmapDisplay(i).map((d) => [d.step, d]));

describe('roadmap display', () => {
  it('shows every step still to do in danger with the spec texts', () => {
    const d = byStep(input());
    expect(d.application).toMatchObject({
      state: 'application.none',
      status: 'danger',
      statusMessage: 'Fill out the mortgage application',
    });
    expect(d.uploads).toMatchObject({
      state: 'uploads.action_required',
      status: 'danger',
      statusMessage: 'Action required',
    });
    expect(d.lawyers).toMatchObject({
      status: 'danger',
      statusMessage: 'Action required',
      button: 'Add Lawyer',
    });
    expect(d.appraisers).toMatchObject({
      status: 'danger',
      statusMessage: 'The appraiser has not been added yet',
      button: 'Wait for the appraiser to be added',
      note: 'Please wait for the appraiser to be added',
    });
    expect(d.sign_documents).toMatchObject({
      state: 'sign.required',
      status: 'danger',
      statusMessage: 'Sign required',
      note: 'Please check your email and sign all required documents',
    });
  });

  it('shows completed steps as ok Completed, whatever the assignments say', () => {
    const all = steps(Object.fromEntries(ROADMAP_STEPS.map((s) => [s, { is_completed: true }])));
    for (const d of roadmapDisplay(
      input({ steps: all, lawyer: { present: true, status: 'pending_approve' } }),
    )) {
      expect(d).toMatchObject({ status: 'ok', statusMessage: 'Completed', locked: false });
    }
  });

  it.each([
    ['pending_approve', 'warning', 'Waiting for approval', null],
    ['pending_revoke', 'warning', 'Waiting for revoke approval', 'Waiting for revoke'],
    ['assigned', 'ok', 'Lawyer assigned', null],
  ] as const)('shows a lawyer %s as %s "%s"', (status, level, message, button) => {
    const d = byStep(input({ lawyer: { present: true, status } }));
    expect(d.lawyers).toMatchObject({ status: level, statusMessage: message, button });
  });

  it.each([
    ['pending_approve', 'warning', 'Waiting for approval'],
    ['assigned', 'ok', 'Appraiser assigned'],
  ] as const)('shows an appraiser %s as %s "%s"', (status, level, message) => {
    expect(byStep(input({ appraiser: { present: true, status } })).appraisers).toMatchObject({
      status: level,
      statusMessage: message,
    });
  });

  it('locks a step that is inactive and not completed, but not one that is completed', () => {
    const d = byStep(
      input({
        steps: steps({
          sign_documents: { is_active: false },
          uploads: { is_active: false, is_completed: true },
        }),
      }),
    );
    expect(d.sign_documents.locked).toBe(true);
    expect(d.uploads.locked).toBe(false);
    expect(d.application.locked).toBe(false);
  });

  it('is complete, with the congratulation banner, only when every step is completed', () => {
    const actor = createActor(roadmapMachine, { input: input() }).start();
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
    const all = steps(Object.fromEntries(ROADMAP_STEPS.map((s) => [s, { is_completed: true }])));
    actor.send({ type: 'UPDATE', input: input({ steps: all }) });
    expect(actor.getSnapshot().matches('complete')).toBe(true);
    actor.send({ type: 'UPDATE', input: input({ steps: steps({ application: { is_completed: true } }) }) });
    expect(actor.getSnapshot().matches('inProgress')).toBe(true);
  });
});
