import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pipeline } from 'node:stream/promises';
import { freePort, startChild } from './child.js';
import type { BenchContext } from './context.js';
import type { Figure } from './figures.js';

const MB = 1024 * 1024;
/** Just under the product's 75 MB limit: the largest upload a customer may send. */
export const FILE_BYTES = 70 * MB;
const RSS_SAMPLE_MS = 50;

/** A PDF by its first bytes (what the server sniffs) and random after them, so nothing compresses it. */
export async function uploadFile(scratchDir: string): Promise<string> {
  const path = join(scratchDir, 'upload-70mb.pdf');
  if (existsSync(path) && statSync(path).size === FILE_BYTES) return path;
  const header = Buffer.from('%PDF-1.7\n');
  async function* bytes(): AsyncGenerator<Buffer> {
    yield header;
    for (let left = FILE_BYTES - header.length; left > 0; left -= MB) yield randomBytes(Math.min(MB, left));
  }
  await pipeline(bytes(), createWriteStream(path));
  return path;
}

/**
 * Sends the file as one multipart part, streamed from disk: the framing is written around the file's
 * stream, so the bench never holds the file in memory and the length is known up front, as a browser's.
 * Resolves with the seconds from the first byte sent to the whole answer read.
 */
async function postMultipart(
  url: string,
  path: string,
  field: string,
  token: string | null,
): Promise<number> {
  return (await sendMultipart(url, path, field, token)).seconds;
}

/** As postMultipart, with the answer's body. */
export async function sendMultipart(
  url: string,
  path: string,
  field: string,
  token: string | null,
): Promise<{ seconds: number; body: string }> {
  const boundary = `----homeward-bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="statement.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: Record<string, string | number> = {
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': head.length + FILE_BYTES + tail.length,
  };
  if (token) headers.authorization = `Bearer ${token}`;

  const start = performance.now();
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.write(head);
    pipeline(createReadStream(path), req, { end: false }).then(() => req.end(tail), reject);
  });
  const { status, body } = await answer;
  const seconds = (performance.now() - start) / 1000;
  if (status < 200 || status >= 300) throw new Error(`POST ${url} answered ${status}: ${body.slice(0, 500)}`);
  return { seconds, body };
}

async function rssKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`No VmRSS in /proc/${pid}/status`);
  return Number(match[1]);
}

/** Samples a process's resident memory while `work` runs; resolves with its peak growth in MB. */
export async function rssGrowth(pid: number, work: () => Promise<unknown>): Promise<number> {
  const before = await rssKb(pid);
  let peak = before;
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => void (peak = Math.max(peak, await rssKb(pid))));
  }, RSS_SAMPLE_MS);
  try {
    await work();
  } finally {
    clearInterval(timer);
    await sampling;
  }
  peak = Math.max(peak, await rssKb(pid));
  return (peak - before) / 1024;
}

/**
 * The largest upload a customer may send, to their own form: its throughput against piping the same bytes
 * to disk, and how much the server's memory grows meanwhile (a streamed upload must not buffer the file).
 */
export async function measureLargeUpload(ctx: BenchContext): Promise<Figure[]> {
  const path = await uploadFile(ctx.scratchDir);
  const { code, enabledField } = ctx.customerForm;
  const productUrl = `${ctx.baseUrl}/core/api/v3/forms/${code}/files/`;
  const port = await freePort();
  const bare = await startChild('bare-upload-server', [String(port), ctx.scratchDir]);
  const bareUrl = `http://127.0.0.1:${port}/`;

  const throughput: number[] = [];
  const growth: number[] = [];
  const baseline: number[] = [];
  try {
    for (let run = 0; run < ctx.runs; run += 1) {
      let seconds = 0;
      growth.push(
        await rssGrowth(ctx.serverPid, async () => {
          // The file part's field name is the form field it answers.
          seconds = await postMultipart(productUrl, path, enabledField, ctx.tokens.customer);
        }),
      );
      throughput.push(FILE_BYTES / MB / seconds);
      baseline.push(FILE_BYTES / MB / (await postMultipart(bareUrl, path, enabledField, null)));
    }
  } finally {
    await bare.stop();
  }
  return [
    {
      name: '70 MB upload',
      unit: 'MB/s',
      values: throughput,
      baseline: { name: 'request piped to disk', values: baseline },
      target: { kind: 'ratio_at_least', value: 0.6, description: 'at least 60% of piping to disk' },
    },
    {
      name: '70 MB upload, server RSS growth',
      unit: 'MB',
      values: growth,
      target: { kind: 'at_most', value: 64, description: 'server memory grows by at most 64 MB' },
    },
  ];
}
