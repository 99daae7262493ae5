/** Application status of a client. 'canceled' is accepted on input and stored as 'cancelled'. */
export const CUSTOMER_STATUSES = [
  'active',
  'approved',
  'pre_approved',
  'broker_complete',
  'funded',
  'closed',
  'cancelled',
  'consent_signed',
] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const DEAL_TYPES = ['purchase', 'refinance', 'second_mortgage'] as const;
export type DealType = (typeof DEAL_TYPES)[number];

export const CUSTOMER_TYPES = ['applicant', 'realtor', 'tenant', 'relative'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export function normaliseStatus(value: string): string {
  return value === 'canceled' ? 'cancelled' : value;
}

/** The five roadmap steps, in the order the customer follows them. */
export const ROADMAP_STEPS = ['application', 'uploads', 'lawyers', 'appraisers', 'sign_documents'] as const;
export type RoadmapStep = (typeof ROADMAP_STEPS)[number];

/** Each step's title, as the roadmap and its summaries name it. */
export const STEP_TITLES: Record<RoadmapStep, string> = {
  application: 'Mortgage application',
  uploads: 'Documents upload',
  lawyers: 'Solicitor',
  appraisers: 'Appraiser',
  sign_documents: 'Sign documents',
};

export interface StepState {
  step: RoadmapStep;
  is_active: boolean;
  is_completed: boolean;
}

/** A new client starts with every step open except signing, which the broker opens when documents are out. */
export function initialSteps(): StepState[] {
  return ROADMAP_STEPS.map((step) => ({ step, is_active: step !== 'sign_documents', is_completed: false }));
}

export const NOTIFY_TYPES = [
  'request_review',
  'resend_password',
  'form_sent',
  'lawyer_approved_email',
] as const;
export type NotifyType = (typeof NOTIFY_TYPES)[number];

/** Days until the closing date when it is within the warning window, else null. */
export const CLOSING_WARNING_DAYS = 14;
