import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { DiskStorage } from '../../server/src/platform/storage/disk.storage.js';
import type { ObjectStorage } from '../../server/src/platform/storage/object-storage.js';
import { S3Storage } from '../../server/src/platform/storage/s3.storage.js';
import { eventually } from '../support/test-app.js';

/** A body that yields `size` bytes in 1 MB chunks without ever holding them all. */
function bytes(size: number, failAfter?: number): Readable {
  let sent = 0;
  const chunk = Buffer.alloc(1024 * 1024, 7);
  return new Readable({
    read() {
      if (failAfter !== undefined && sent >= failAfter) {
        this.destroy(new Error('connection reset by peer'));
        return;
      }
      if (sent >= size) return void this.push(null);
      const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

const dirs: string[] = [];
let s3rver: S3rver;
let s3: S3Storage;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 's3rver-'));
  dirs.push(dir);
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true });
  const { port } = (await s3rver.run()) as unknown as { port: number };
  s3 = new S3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'homeward-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  await s3.ensureBucket();
});

afterAll(async () => {
  s3.destroy();
  await s3rver.close();
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

const adapters: [string, () => ObjectStorage][] = [
  [
    'disk',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'disk-storage-'));
      dirs.push(dir);
      return new DiskStorage(dir);
    },
  ],
  ['S3 (s3rver)', () => s3],
];

describe.each(adapters)('%s storage', (_name, make) => {
  it('stores, reads back, lists and deletes an object', async () => {
    const storage = make();
    const stored = await storage.put('forms/abc/file-1', Readable.from(['hello ', 'world']), 'text/plain');
    expect(stored.size).toBe(11);
    expect(await text(await storage.get('forms/abc/file-1'))).toBe('hello world');
    expect(await storage.list('forms/abc/')).toEqual(['forms/abc/file-1']);
    await storage.delete('forms/abc/file-1');
    expect(await storage.exists('forms/abc/file-1')).toBe(false);
  });

  it('streams a 12 MB object in parts', async () => {
    const storage = make();
    const stored = await storage.put('big/one', bytes(12 * 1024 * 1024), 'application/octet-stream');
    expect(stored.size).toBe(12 * 1024 * 1024);
    let read = 0;
    for await (const chunk of await storage.get('big/one')) read += (chunk as Buffer).length;
    expect(read).toBe(12 * 1024 * 1024);
  });

  it('leaves nothing behind when the body fails half-way', async () => {
    const storage = make();
    await expect(
      storage.put('cut/off', bytes(20 * 1024 * 1024, 8 * 1024 * 1024), 'application/octet-stream'),
    ).rejects.toThrow(/connection reset/);
    expect(await storage.exists('cut/off')).toBe(false);
    expect(await storage.list('cut/')).toEqual([]);
    if (storage instanceof DiskStorage) expect(await storage.partials()).toEqual([]);
  });

  it('refuses keys that could escape the storage root', async () => {
    const storage = make();
    await expect(storage.put('../etc/passwd', Readable.from(['x']), 'text/plain')).rejects.toThrow(/Unsafe/);
  });
});

describe('S3 storage', () => {
  it('aborts the multipart upload of a body that fails after its first parts', async () => {
    const send = jest.spyOn(S3Client.prototype, 'send');
    try {
      await expect(
        s3.put('cut/multipart', bytes(20 * 1024 * 1024, 12 * 1024 * 1024), 'application/pdf'),
      ).rejects.toThrow(/connection reset/);
      const commands = () => send.mock.calls.map(([command]) => command.constructor.name);
      expect(commands()).toContain('UploadPartCommand');
      await eventually(() => expect(commands()).toContain('AbortMultipartUploadCommand'));
      expect(await s3.exists('cut/multipart')).toBe(false);
    } finally {
      send.mockRestore();
    }
  });
});
