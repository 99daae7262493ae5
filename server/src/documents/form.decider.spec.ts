import { describe, it } from '@jest/globals';
import type { FormField } from '../../../machines/documents.js';
import { specFor } from '../../../test/support/decider-spec.js';
import { formDecider } from './form.decider.js';
import type { FormEvent } from './form.events.js';

const given = specFor(formDecider);
const field = (name: string, disabled = false): FormField =>
  ({
    type: 'file',
    name,
    caption: `Caption of ${name}`,
    disabled,
    tutorial: { description: '', example: '' },
  }) as FormField;
const fields = [field('id_card'), field('old_letter', true)];
const created: FormEvent = {
  type: 'form.created',
  data: { code: 'f1', customerId: 'c1', fields, replaces: null },
};
const archived: FormEvent = { type: 'form.archived', data: { customerId: 'c1', replacedBy: 'f2' } };

describe('form decider', () => {
  describe('CreateForm', () => {
    it('creates a form with its fields', () =>
      given([])
        .when({ type: 'CreateForm', code: 'f1', customerId: 'c1', fields, replaces: null })
        .then([created]));
    it('refuses a form that exists', () =>
      given([created])
        .when({ type: 'CreateForm', code: 'f1', customerId: 'c1', fields, replaces: null })
        .thenRefuses('form_exists'));
    it('refuses an unsafe, a repeated or an uncaptioned field', () => {
      const create = (f: FormField[]) =>
        given([]).when({ type: 'CreateForm', code: 'f1', customerId: 'c1', fields: f, replaces: null });
      create([field('no spaces')]).thenRefuses('invalid');
      create([field('twice'), field('twice')]).thenRefuses('invalid');
      create([{ ...field('blank'), caption: '  ' }]).thenRefuses('invalid');
    });
  });

  describe('SaveFields', () => {
    it('saves changed fields', () =>
      given([created])
        .when({ type: 'SaveFields', fields: [field('id_card')] })
        .then([{ type: 'form.fields_saved', data: { customerId: 'c1', fields: [field('id_card')] } }]));
    it('records nothing when nothing changed', () =>
      given([created]).when({ type: 'SaveFields', fields }).then([]));
    it('refuses an unknown or a reset form', () => {
      given([]).when({ type: 'SaveFields', fields }).thenRefuses('not_found');
      given([created, archived]).when({ type: 'SaveFields', fields }).thenRefuses('form_archived');
    });
  });

  describe('ArchiveForm', () => {
    it('archives the form, naming its successor', () =>
      given([created]).when({ type: 'ArchiveForm', replacedBy: 'f2' }).then([archived]));
    it('refuses an unknown form or a second reset', () => {
      given([]).when({ type: 'ArchiveForm', replacedBy: 'f2' }).thenRefuses('not_found');
      given([created, archived]).when({ type: 'ArchiveForm', replacedBy: 'f3' }).thenRefuses('form_archived');
    });
  });

  describe('AcceptUpload', () => {
    it('accepts files for enabled fields and records nothing on the form', () =>
      given([created])
        .when({ type: 'AcceptUpload', fields: ['id_card', 'id_card'] })
        .then([]));
    it('refuses an upload to a reset form', () =>
      given([created, archived])
        .when({ type: 'AcceptUpload', fields: ['id_card'] })
        .thenRefuses('form_archived'));
    it('refuses a disabled or an unknown field', () => {
      given([created])
        .when({ type: 'AcceptUpload', fields: ['old_letter'] })
        .thenRefuses('unknown_field');
      given([created])
        .when({ type: 'AcceptUpload', fields: ['nope'] })
        .thenRefuses('unknown_field');
    });
    it('refuses an upload of no files, and one to a form that does not exist', () => {
      given([created]).when({ type: 'AcceptUpload', fields: [] }).thenRefuses('no_files');
      given([])
        .when({ type: 'AcceptUpload', fields: ['id_card'] })
        .thenRefuses('not_found');
    });
    it('follows saved fields: a field disabled since is refused', () =>
      given([
        created,
        { type: 'form.fields_saved', data: { customerId: 'c1', fields: [field('id_card', true)] } },
      ])
        .when({ type: 'AcceptUpload', fields: ['id_card'] })
        .thenRefuses('unknown_field'));
  });
});
