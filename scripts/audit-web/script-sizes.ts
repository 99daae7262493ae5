import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Where the built client's files are, as the server sends them. */
const CLIENT_DIR = 'dist/client';

/**
 * The gzip size of a script of the built client: the budgets are stated in gzip, while Chromium is sent
 * the smaller brotli copy. The build writes a gzip copy beside every script; one without it is compressed
 * here at the level the build uses.
 */
export function gzipSizeOf(root: string, url: string): number {
  const file = join(root, CLIENT_DIR, new URL(url).pathname);
  const copy = statSync(`${file}.gz`, { throwIfNoEntry: false });
  return copy ? copy.size : gzipSync(readFileSync(file), { level: 9 }).length;
}
