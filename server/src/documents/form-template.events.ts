import type { NewEvent } from '../platform/event-store/event.types.js';

export const FORM_TEMPLATE_STREAM = 'form_template';

export interface TemplateField {
  type: 'file';
  name: string;
  caption: string;
  disabled: boolean;
  tutorial: { description: string; example: string };
}

export type FormTemplateCreated = NewEvent<
  'form_template.created',
  { templateId: string; name: string; fields: TemplateField[] }
>;
export const FORM_TEMPLATE_EVENT_TYPES = ['form_template.created'] as const;
