import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { formTemplateDecider, type FormTemplateEvent } from './form-template.decider.js';
import type { FormTemplateCreated } from './form-template.events.js';

const given = specFor(formTemplateDecider);
const template: FormTemplateCreated['data'] = {
  templateId: 't1',
  name: 'Purchase',
  fields: [
    {
      type: 'file',
      name: 'id',
      caption: 'Photo ID',
      disabled: false,
      tutorial: { description: 'Both sides', example: '' },
    },
  ],
};
const created: FormTemplateEvent = { type: 'form_template.created', data: template };

describe('form template decider', () => {
  it('creates a template with its fields as given', () =>
    given([]).when({ type: 'CreateFormTemplate', template }).then([created]));

  it('refuses to create the same template twice', () =>
    given([created]).when({ type: 'CreateFormTemplate', template }).thenRefuses('form_template_exists'));
});
