import { createReadStream, createWriteStream, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BenchContext } from './context.js';
import type { Figure } from './figures.js';
import { FILE_BYTES, rssGrowth, sendMultipart, uploadFile } from './upload.js';

const MB = 1024 * 1024;
/** Fifteen of the largest uploads: a package of about 1 GB. */
const FILES = 15;

/** Downloads a URL to a file, streamed; resolves with the seconds taken and the bytes received. */
function download(url: string, token: string, to: string): Promise<{ seconds: number; bytes: number }> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET ${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      const counter = new PassThrough();
      counter.on('data', (chunk: Buffer) => (bytes += chunk.length));
      pipeline(response, counter, createWriteStream(to)).then(
        () => resolve({ seconds: (performance.now() - start) / 1000, bytes }),
        reject,
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same bytes copied from disk to disk: what a package can at best approach. */
async function copySeconds(source: string, to: string): Promise<number> {
  const start = performance.now();
  async function* files(): AsyncGenerator<Buffer> {
    for (let i = 0; i < FILES; i += 1) yield* createReadStream(source);
  }
  await pipeline(files(), createWriteStream(to));
  return (performance.now() - start) / 1000;
}

/**
 * A lender package of about 1 GB (fifteen 70 MB documents, checked): its throughput against copying the
 * same bytes on disk, and how much the server's memory grows while it streams the ZIP.
 */
export async function measureLenderPackage(
  ctx: BenchContext,
  log: (line: string) => void,
): Promise<Figure[]> {
  const path = await uploadFile(ctx.scratchDir);
  const { enabledField, customerId } = ctx.customerForm;
  // The generated brokerage has files' records without their bytes: the package is of a fresh form's files.
  const reset = await fetch(`${ctx.baseUrl}/core/api/v3/forms/${ctx.customerForm.code}/archive/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${ctx.tokens.principal}` },
  });
  if (!reset.ok) throw new Error(`Resetting the form answered ${reset.status}`);
  const { code } = ((await reset.json()) as { data: { code: string } }).data;
  const ids: string[] = [];
  for (let i = 0; i < FILES; i += 1) {
    const { body } = await sendMultipart(
      `${ctx.baseUrl}/core/api/v3/forms/${code}/files/`,
      path,
      enabledField,
      ctx.tokens.customer,
    );
    ids.push(...(JSON.parse(body) as { data: { id: string }[] }).data.map((f) => f.id));
  }
  log(`  ${ids.length} documents uploaded; checking them`);
  const checked = await fetch(`${ctx.baseUrl}/core/api/v3/forms/${code}/files/batch/`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ctx.tokens.principal}` },
    body: JSON.stringify(ids.map((id) => ({ id, status: 'checked' }))),
  });
  if (!checked.ok) throw new Error(`Checking the documents answered ${checked.status}`);

  const url = `${ctx.baseUrl}/core/api/v3/customers/${customerId}/lender_package/`;
  const target = join(ctx.scratchDir, 'lender-package.zip');
  const copy = join(ctx.scratchDir, 'lender-package-copy.bin');
  const throughput: number[] = [];
  const growth: number[] = [];
  const baseline: number[] = [];
  let packageBytes = 0;
  try {
    for (let run = 0; run < ctx.runs; run += 1) {
      let seconds = 0;
      growth.push(
        await rssGrowth(ctx.serverPid, async () => {
          const answer = await download(url, ctx.tokens.principal, target);
          seconds = answer.seconds;
          packageBytes = answer.bytes;
        }),
      );
      throughput.push(packageBytes / MB / seconds);
      baseline.push((FILES * FILE_BYTES) / MB / (await copySeconds(path, copy)));
    }
  } finally {
    rmSync(target, { force: true });
    rmSync(copy, { force: true });
  }
  const size = `${Math.round(packageBytes / MB)} MB`;
  return [
    {
      name: `lender package (${size})`,
      unit: 'MB/s',
      values: throughput,
      baseline: { name: 'the same bytes copied on disk', values: baseline },
    },
    {
      name: `lender package (${size}), server RSS growth`,
      unit: 'MB',
      values: growth,
      target: { kind: 'at_most', value: 64, description: 'server memory grows by at most 64 MB' },
    },
  ];
}
