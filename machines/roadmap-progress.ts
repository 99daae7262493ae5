import type { RoadmapStep, StepState } from './customer.enums.js';
import { fieldIsChecked, type FormField } from './documents.js';

/**
 * Roadmap progress follows the facts of the file: 'Documents upload' is completed once every enabled field
 * of the active upload form holds files and all of them are checked, 'Solicitor' once a lawyer is
 * assigned, 'Appraiser' once an appraiser is assigned. Staff can also mark any step completed ahead of the
 * facts (the stored `is_completed` of a step is that mark); 'Mortgage application' and 'Sign documents'
 * happen outside the product, so only staff's mark completes them.
 */

/** What the file shows, whatever staff marked. */
export interface ProgressFacts {
  /** The active upload form: its fields and the status of each of its files; null before a form exists. */
  form: {
    fields: Pick<FormField, 'name' | 'disabled'>[];
    files: { field: string; status: string }[];
  } | null;
  lawyerStatus: string;
  appraiserStatus: string;
}

/** Why a step counts as completed: the facts, staff's mark alone (an override), or not completed. */
export type CompletedBy = 'facts' | 'staff' | null;

export interface StepProgress extends StepState {
  /** Completed by the facts or by staff's mark. */
  is_completed: boolean;
  /** Staff's own mark, the state a steps update sends back. */
  marked_completed: boolean;
  completed_by: CompletedBy;
}

/** Every enabled field of the form has files, and every one of them is checked. */
export function documentsChecked(form: ProgressFacts['form']): boolean {
  const enabled = form?.fields.filter((field) => !field.disabled) ?? [];
  return enabled.length > 0 && enabled.every((field) => fieldIsChecked(field, form!.files));
}

export function completedByFacts(step: RoadmapStep, facts: ProgressFacts): boolean {
  switch (step) {
    case 'uploads':
      return documentsChecked(facts.form);
    case 'lawyers':
      return facts.lawyerStatus === 'assigned';
    case 'appraisers':
      return facts.appraiserStatus === 'assigned';
    default:
      return false;
  }
}

/** Each stored step with its completion decided by the facts and staff's mark. */
export function stepProgress(steps: StepState[], facts: ProgressFacts): StepProgress[] {
  return steps.map(({ step, is_active, is_completed: marked }) => {
    const byFacts = completedByFacts(step, facts);
    return {
      step,
      is_active,
      is_completed: byFacts || marked,
      marked_completed: marked,
      completed_by: byFacts ? 'facts' : marked ? 'staff' : null,
    };
  });
}

/** What staff see beside a step completed by the facts. */
export const COMPLETED_BY_FACTS: Partial<Record<RoadmapStep, string>> = {
  uploads: 'Every requested document is checked',
  lawyers: 'Lawyer assigned',
  appraisers: 'Appraiser assigned',
};

/** What staff see beside a step they marked completed ahead of the facts. */
export const MARKED_BY_STAFF = 'Marked completed by staff';
