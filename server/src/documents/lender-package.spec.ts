import { describe, expect, it } from '@jest/globals';
import type { FormField } from '../../../machines/documents.js';
import { formDecider } from './form.decider.js';
import {
  entryName,
  indexCsv,
  type PackageSource,
  packageEntries,
  packageFileName,
  sanitiseName,
} from './lender-package.js';

const field = (name: string, caption: string): FormField =>
  ({ type: 'file', name, caption, disabled: false, tutorial: { description: '', example: '' } }) as FormField;

let next = 0;
const file = (over: Partial<PackageSource>): PackageSource => ({
  id: `f${++next}`,
  fieldName: 'id',
  caption: 'ID',
  fileName: 'scan.pdf',
  extension: 'pdf',
  status: 'checked',
  size: 10,
  storageKey: 'k',
  uploadedAt: new Date(Date.UTC(2026, 10, 23, 12, next)),
  version: 1,
  ...over,
});

describe('naming the files of a lender package', () => {
  it('names an entry `NN Caption - original name.ext`', () => {
    expect(entryName(3, 2, 'Pay stubs', 'stub-1.pdf', 'pdf')).toBe('03 Pay stubs - stub-1.pdf');
  });

  it('adds the stored extension when the original name lacks it or names another type', () => {
    expect(entryName(1, 2, 'ID', 'photo', 'jpg')).toBe('01 ID - photo.jpg');
    expect(entryName(1, 2, 'ID', 'photo.JPEG', 'jpg')).toBe('01 ID - photo.jpeg');
    expect(entryName(1, 2, 'ID', 'letter.txt', 'pdf')).toBe('01 ID - letter.txt.pdf');
  });

  it('keeps no path separator, forbidden character, control character or edge dot in a name', () => {
    expect(sanitiseName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(sanitiseName('a<b>c:d"e|f?g*h\\i')).toBe('a_b_c_d_e_f_g_h_i');
    expect(sanitiseName('tab\there\u0000 and\u202e  spaces. ')).toBe('tabhere and spaces');
    expect(sanitiseName('...')).toBe('file');
    expect(sanitiseName('x'.repeat(300))).toHaveLength(80);
  });

  it('orders by the form’s field order, then upload order, with checked files only unless asked', () => {
    const fields = [field('id', 'Government ID'), field('stubs', 'Pay stubs')];
    const files = [
      file({ fieldName: 'stubs', fileName: 'b.pdf' }),
      file({ fieldName: 'id', fileName: 'licence.png', extension: 'png' }),
      file({ fieldName: 'stubs', fileName: 'c.pdf', status: 'in_review' }),
      file({ fieldName: 'stubs', fileName: 'd.pdf', status: 'issue' }),
      file({ fieldName: 'removed', caption: 'Old field', fileName: 'e.pdf' }),
    ];
    expect(packageEntries(fields, files, false).map((e) => e.entryName)).toEqual([
      '01 Government ID - licence.png',
      '02 Pay stubs - b.pdf',
      '03 Old field - e.pdf',
    ]);
    expect(packageEntries(fields, files, true).map((e) => e.entryName)).toEqual([
      '01 Government ID - licence.png',
      '02 Pay stubs - b.pdf',
      '03 Pay stubs - c.pdf',
      '04 Old field - e.pdf',
    ]);
  });

  it('names the package after the client and the day', () => {
    expect(packageFileName('Emma', 'Wilson', new Date('2026-11-23T15:00:00Z'))).toBe(
      'Lender package - Emma Wilson - 2026-11-23.zip',
    );
  });
});

describe('the index of a lender package', () => {
  it('writes one CSV row per document: caption, file, status, upload date, size, SHA-256', () => {
    const csv = indexCsv([
      {
        caption: '=Pay stubs',
        entryName: '01 =Pay stubs - a.pdf',
        status: 'in_review',
        uploadedAt: new Date('2026-11-23T15:00:00Z'),
        size: 1234,
        sha256: 'ab'.repeat(32),
      },
    ]);
    expect(csv).toBe(
      'caption,file,status,uploaded,size_bytes,sha256\n' +
        `'=Pay stubs,01 =Pay stubs - a.pdf,in review,2026-11-23T15:00:00.000Z,1234,${'ab'.repeat(32)}\n`,
    );
  });
});

describe('recording a lender package on the form', () => {
  const opened = formDecider.evolve(formDecider.initialState(), {
    type: 'form.created',
    data: { code: 'c', customerId: 'cust', fields: [], replaces: null },
  });
  const record = (
    files: { id: string; status: 'checked' | 'in_review' | 'issue' }[],
    includeInReview = false,
  ) =>
    formDecider.decide({ type: 'RecordLenderPackage', downloadedBy: 'u1', includeInReview, files }, opened);

  it('records who downloaded which files', () => {
    expect(record([{ id: 'a', status: 'checked' }])).toEqual([
      {
        type: 'form.lender_package_downloaded',
        data: { customerId: 'cust', downloadedBy: 'u1', fileIds: ['a'], includeInReview: false },
      },
    ]);
  });

  it('refuses a package without a checked file, even with files in review', () => {
    expect(() => record([])).toThrow(/no checked document/);
    expect(() => record([{ id: 'a', status: 'in_review' }], true)).toThrow(/no checked document/);
  });

  it('never packages a file with an issue, nor one in review unless asked', () => {
    expect(() =>
      record(
        [
          { id: 'a', status: 'checked' },
          { id: 'b', status: 'issue' },
        ],
        true,
      ),
    ).toThrow();
    expect(() =>
      record([
        { id: 'a', status: 'checked' },
        { id: 'b', status: 'in_review' },
      ]),
    ).toThrow();
  });
});
