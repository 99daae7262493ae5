import { describe, expect, it } from '@jest/globals';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { readHead } from './stream-head.js';

/** A stream that arrives a few bytes at a time, as a slow connection delivers it. */
const trickle = (bytes: Buffer, piece = 3) =>
  Readable.from(
    Array.from({ length: Math.ceil(bytes.length / piece) }, (_, i) =>
      bytes.subarray(i * piece, (i + 1) * piece),
    ),
  );

describe('reading the head of a stream', () => {
  const bytes = Buffer.from('%PDF-1.4\n' + 'x'.repeat(5000));

  it('waits for the bytes asked for even when they arrive a few at a time, then replays the whole stream', async () => {
    const { head, complete, body } = await readHead(trickle(bytes), 4100);
    expect(head.length).toBeGreaterThanOrEqual(4100);
    expect(complete).toBe(false);
    expect((await buffer(body)).equals(bytes)).toBe(true);
  });

  it('gives a short stream whole, as complete', async () => {
    const { head, complete, body } = await readHead(trickle(bytes), 64 * 1024);
    expect(head.equals(bytes)).toBe(true);
    expect(complete).toBe(true);
    expect((await buffer(body)).equals(bytes)).toBe(true);
  });

  it('passes on an error of the source after the head', async () => {
    const source = new Readable({ read() {} });
    source.push(bytes);
    const { body } = await readHead(source, 10);
    source.destroy(new Error('connection reset'));
    await expect(buffer(body)).rejects.toThrow('connection reset');
  });

  it('fails when the source fails before its head', async () => {
    const source = new Readable({ read() {} });
    const reading = readHead(source, 10);
    source.destroy(new Error('connection reset'));
    await expect(reading).rejects.toThrow('connection reset');
  });
});
