import { describe, it } from '@jest/globals';
import { specFor } from '../../../test/support/decider-spec.js';
import { formFileDecider } from './form-file.decider.js';
import type { FileUploaded, FormFileEvent } from './form.events.js';

const given = specFor(formFileDecider);
const upload: FileUploaded['data'] = {
  fileId: 'file1',
  code: 'f1',
  customerId: 'c1',
  field: 'id_card',
  caption: 'ID',
  extension: 'pdf',
  uploadedBy: 'u1',
  file: { key: 'customers/c1/forms/f1/k', name: 'id.pdf', mimeType: 'application/pdf', size: 10 },
};
const uploaded: FormFileEvent = { type: 'form_file.uploaded', data: upload };
const thumbnail: FormFileEvent = {
  type: 'form_file.thumbnail_created',
  data: { code: 'f1', customerId: 'c1', key: 'k.thumbnail.webp' },
};

describe('form file decider', () => {
  it('records an upload once', () => {
    given([]).when({ type: 'RecordUpload', upload }).then([uploaded]);
    given([uploaded]).when({ type: 'RecordUpload', upload }).thenRefuses('file_exists');
  });

  it('changes the review status, and records nothing for the same status', () => {
    given([uploaded])
      .when({ type: 'ChangeStatus', status: 'checked' })
      .then([
        {
          type: 'form_file.status_changed',
          data: { code: 'f1', customerId: 'c1', from: 'in_review', to: 'checked' },
        },
      ]);
    given([uploaded]).when({ type: 'ChangeStatus', status: 'in_review' }).then([]);
  });

  it('refuses a status for a file that does not exist', () =>
    given([]).when({ type: 'ChangeStatus', status: 'issue' }).thenRefuses('not_found'));

  it('records a preview once', () => {
    given([uploaded]).when({ type: 'RecordThumbnail', key: 'k.thumbnail.webp' }).then([thumbnail]);
    given([uploaded, thumbnail]).when({ type: 'RecordThumbnail', key: 'k.thumbnail.webp' }).then([]);
    given([]).when({ type: 'RecordThumbnail', key: 'k' }).thenRefuses('not_found');
  });
});
