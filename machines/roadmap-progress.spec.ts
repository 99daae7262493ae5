import { describe, expect, it } from '@jest/globals';
import { ROADMAP_STEPS, initialSteps } from './customer.enums.js';
import { roadmapDisplay } from './roadmap.machine.js';
import { documentsChecked, stepProgress, type ProgressFacts } from './roadmap-progress.js';

const field = (name: string, disabled = false) => ({ name, disabled });
const file = (name: string, status: string) => ({ field: name, status });

const facts = (over: Partial<ProgressFacts> = {}): ProgressFacts => ({
  form: null,
  lawyerStatus: 'empty',
  appraiserStatus: 'empty',
  ...over,
});

const progressOf = (f: ProgressFacts, steps = initialSteps()) =>
  Object.fromEntries(stepProgress(steps, f).map((step) => [step.step, step]));

describe('Documents upload is completed when every enabled field has only checked files', () => {
  it('is not completed before a form exists or while a form asks for nothing', () => {
    expect(documentsChecked(null)).toBe(false);
    expect(documentsChecked({ fields: [], files: [] })).toBe(false);
    expect(documentsChecked({ fields: [field('id', true)], files: [] })).toBe(false);
  });

  it('is not completed while a field has no file, or a file in review or with an issue', () => {
    const fields = [field('id'), field('pay')];
    expect(documentsChecked({ fields, files: [file('id', 'checked')] })).toBe(false);
    expect(documentsChecked({ fields, files: [file('id', 'checked'), file('pay', 'in_review')] })).toBe(
      false,
    );
    expect(
      documentsChecked({
        fields,
        files: [file('id', 'checked'), file('pay', 'checked'), file('pay', 'issue')],
      }),
    ).toBe(false);
  });

  it('is completed when every enabled field holds checked files only; disabled fields are ignored', () => {
    expect(
      documentsChecked({
        fields: [field('id'), field('pay'), field('old', true)],
        files: [file('id', 'checked'), file('pay', 'checked'), file('old', 'issue')],
      }),
    ).toBe(true);
  });
});

describe('roadmap progress follows the facts of the file', () => {
  it('counts nothing done for a new client', () => {
    const steps = stepProgress(initialSteps(), facts());
    expect(steps.filter((step) => step.is_completed)).toEqual([]);
    expect(steps.map((step) => step.completed_by)).toEqual(ROADMAP_STEPS.map(() => null));
  });

  it('counts Solicitor done when its lawyer is assigned, not while the pick waits for approval or revoking', () => {
    expect(progressOf(facts({ lawyerStatus: 'assigned' })).lawyers).toMatchObject({
      is_completed: true,
      marked_completed: false,
      completed_by: 'facts',
    });
    expect(progressOf(facts({ lawyerStatus: 'pending_approve' })).lawyers.is_completed).toBe(false);
    expect(progressOf(facts({ lawyerStatus: 'pending_revoke' })).lawyers.is_completed).toBe(false);
  });

  it('counts Appraiser done when its appraiser is assigned', () => {
    expect(progressOf(facts({ appraiserStatus: 'assigned' })).appraisers).toMatchObject({
      is_completed: true,
      completed_by: 'facts',
    });
    expect(progressOf(facts({ appraiserStatus: 'pending_approve' })).appraisers.is_completed).toBe(false);
  });

  it('counts Documents upload done when the documents are checked', () => {
    const form = { fields: [field('id')], files: [file('id', 'checked')] };
    expect(progressOf(facts({ form })).uploads).toMatchObject({ is_completed: true, completed_by: 'facts' });
  });

  it("lets staff mark a step done ahead of the facts, and says it is staff's mark", () => {
    const marked = initialSteps().map((step) =>
      step.step === 'lawyers' || step.step === 'application' ? { ...step, is_completed: true } : step,
    );
    const progress = progressOf(facts(), marked);
    expect(progress.lawyers).toMatchObject({
      is_completed: true,
      marked_completed: true,
      completed_by: 'staff',
    });
    expect(progress.application).toMatchObject({ is_completed: true, completed_by: 'staff' });
    expect(progress.sign_documents).toMatchObject({ is_completed: false, completed_by: null });
  });

  it("keeps each step's opening as staff set it", () => {
    expect(stepProgress(initialSteps(), facts()).map((step) => step.is_active)).toEqual(
      initialSteps().map((step) => step.is_active),
    );
  });
});

describe('the roadmap cards of steps completed by the facts', () => {
  it("shows an assigned lawyer as 'Lawyer assigned' and counts it among the completed steps", () => {
    const steps = stepProgress(initialSteps(), facts({ lawyerStatus: 'assigned' }));
    const display = roadmapDisplay({
      steps,
      lawyer: { present: true, status: 'assigned' },
      appraiser: { present: false, status: 'empty' },
    });
    const lawyers = display.find((step) => step.step === 'lawyers');
    expect(lawyers).toMatchObject({ status: 'ok', statusMessage: 'Lawyer assigned', is_completed: true });
    expect(display.filter((step) => step.is_completed)).toHaveLength(1);
  });

  it("shows a step staff marked completed as 'Completed'", () => {
    const marked = initialSteps().map((step) =>
      step.step === 'appraisers' ? { ...step, is_completed: true } : step,
    );
    const display = roadmapDisplay({
      steps: stepProgress(marked, facts()),
      lawyer: { present: false, status: 'empty' },
      appraiser: { present: false, status: 'empty' },
    });
    expect(display.find((step) => step.step === 'appraisers')).toMatchObject({
      status: 'ok',
      statusMessage: 'Completed',
    });
  });
});
