import { describe, expect, it, jest } from '@jest/globals';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EventProcessorRunner } from '../platform/event-store/event-processor.js';
import { ConcurrencyError } from '../platform/event-store/concurrency.error.js';
import type { EventStore } from '../platform/event-store/event-store.js';
import type { JobQueue } from '../platform/queue/job-queue.js';
import type { ObjectStorage } from '../platform/storage/object-storage.js';
import { Thumbnails } from './thumbnails.js';

/** A stored image whose reading fails part-way, as a dropped connection to object storage would. */
function failingRead(): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (sent) return void this.destroy(new Error('connection reset'));
      sent = true;
      this.push(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    },
  });
}

/** Makes the preview of one stored JPEG with these stores. */
async function makePreview(handle: () => Promise<unknown>, storage: Partial<ObjectStorage>): Promise<void> {
  const thumbnails = new Thumbnails(
    {} as EventProcessorRunner,
    { handle } as unknown as EventStore,
    {} as JobQueue,
    storage as ObjectStorage,
  );
  await thumbnails.make({
    stream: 'form_file',
    id: 'f',
    key: 'customers/c/file',
    mimeType: 'image/jpeg',
    code: 'code',
    customerId: 'c',
    fileId: 'f',
  });
}

describe('thumbnails', () => {
  it('makes no preview and records nothing when the stored image cannot be read to its end', async () => {
    const handle = jest.fn(async () => []);
    await makePreview(handle, {
      exists: async () => false,
      get: async () => failingRead(),
      put: async (_key: string, body: Readable) => {
        await pipeline(body, new Writable({ write: (_chunk, _encoding, done) => done() }));
        return { size: 0 };
      },
    } as unknown as Partial<ObjectStorage>);
    expect(handle).not.toHaveBeenCalled();
  });

  it('records a preview made while the file changed on the file as it is now, without waiting for a retry', async () => {
    let tries = 0;
    const handle = jest.fn(async () => {
      tries += 1;
      // A status change is appended between the preview's reading of the file and its recording.
      if (tries === 1) throw new ConcurrencyError('form_file', 'f', '2', 3);
      return [];
    });
    await makePreview(handle, { exists: async () => true });
    expect(handle).toHaveBeenCalledTimes(2);
  });
});
