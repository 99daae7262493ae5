import { describe, expect, it } from '@jest/globals';
import {
  dequeue,
  enqueue,
  filesOfField,
  hasUncheckedFiles,
  queuedBytes,
  queuedCount,
  splitFields,
  uploadBatches,
  type UploadQueues,
} from './upload-queue.js';

const MB = 1024 * 1024;
const file = (name: string, size = 1000, lastModified = 1) => ({ name, size, lastModified });
let n = 0;
const id = () => `id${++n}`;

describe('upload queues', () => {
  it('queues files per field, without repeats, and refuses files of 75 MB or more', () => {
    let queues: UploadQueues = {};
    const first = enqueue(queues, 'pay_stubs', [file('a.pdf'), file('big.mov', 75 * MB), file('a.pdf')], id);
    queues = first.queues;
    expect(first.added).toBe(1);
    expect(first.tooLarge.map((f) => f.name)).toEqual(['big.mov']);
    expect(enqueue(queues, 'pay_stubs', [file('b.pdf', Math.floor(74.99 * MB))], id).added).toBe(1);

    queues = enqueue(queues, 'noa', [file('n.pdf', 500)], id).queues;
    expect(queuedCount(queues)).toBe(2);
    expect(queuedBytes(queues)).toBe(1500);

    const removed = dequeue(queues, 'noa', queues.noa[0].id);
    expect(removed.noa).toBeUndefined();
    expect(queuedCount(removed)).toBe(1);
  });

  it('does not queue an empty file, and names it', () => {
    const result = enqueue({}, 'pay_stubs', [file('scan.pdf', 0), file('stub.pdf')], id);
    expect(result.empty.map((f) => f.name)).toEqual(['scan.pdf']);
    expect(result.queues.pay_stubs.map((queued) => queued.file.name)).toEqual(['stub.pdf']);
  });

  it('sends at most 20 files per request, in the order of the form', () => {
    let queues: UploadQueues = {};
    queues = enqueue(queues, 'b', [file('b1'), file('b2')], id).queues;
    queues = enqueue(
      queues,
      'a',
      Array.from({ length: 20 }, (_, i) => file(`a${i}`)),
      id,
    ).queues;
    const batches = uploadBatches(queues, ['a', 'b']);
    expect(batches.map((batch) => batch.length)).toEqual([20, 2]);
    expect(batches[0][0]).toEqual({ field: 'a', file: file('a0') });
    expect(batches[1].map((part) => part.file.name)).toEqual(['b1', 'b2']);
  });
});

describe('documents in progress and checked', () => {
  const fields = [
    { name: 'id', disabled: false },
    { name: 'pay', disabled: false },
    { name: 'old', disabled: true },
    { name: 'empty', disabled: false },
  ];
  const files = [
    { name: 'id', status: 'checked', created: '2026-01-02' },
    { name: 'pay', status: 'checked', created: '2026-01-01' },
    { name: 'pay', status: 'issue', created: '2026-01-03' },
    { name: 'old', status: 'checked', created: '2026-01-01' },
  ];

  it('counts a field as checked only when all of its files are checked, and leaves disabled ones out', () => {
    const { inProgress, checked } = splitFields(fields, files);
    expect(checked.map((f) => f.name)).toEqual(['id']);
    expect(inProgress.map((f) => f.name)).toEqual(['pay', 'empty']);
  });

  it('orders a field’s files issue first, newest first', () => {
    expect(filesOfField('pay', files).map((f) => f.status)).toEqual(['issue', 'checked']);
  });

  it('offers Check all only while something is unchecked', () => {
    expect(hasUncheckedFiles(files)).toBe(true);
    expect(hasUncheckedFiles(files.filter((f) => f.status === 'checked'))).toBe(false);
    expect(hasUncheckedFiles([])).toBe(false);
  });
});
