// Builds the client and the server only when their sources changed since the last build, so a restart of
// `npm start` answers in seconds. A build's fingerprint (a hash of every source file's path and content) is
// written beside its output once the build succeeded; a missing or different fingerprint builds again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const shared = ['package-lock.json', 'tsconfig.json', 'tsconfig.base.json', 'machines'];

const targets = [
  {
    name: 'client',
    script: 'build:client',
    sources: [...shared, 'client'],
    fingerprint: 'dist/client/.source-hash',
  },
  {
    name: 'server',
    script: 'build:server',
    sources: [...shared, 'tsconfig.build.json', 'server/src', 'migrations'],
    fingerprint: 'dist/server/.source-hash',
  },
];

function files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full)
    .filter((name) => name !== 'node_modules' && !name.startsWith('.'))
    .sort()
    .flatMap((name) => files(join(path, name)));
}

function hash(sources) {
  const digest = createHash('sha256');
  for (const file of sources.flatMap(files)) {
    digest.update(relative(root, join(root, file)));
    digest.update('\0');
    digest.update(readFileSync(join(root, file)));
    digest.update('\0');
  }
  return digest.digest('hex');
}

for (const target of targets) {
  const current = hash(target.sources);
  const path = join(root, target.fingerprint);
  if (existsSync(path) && readFileSync(path, 'utf8') === current) {
    console.log(`The ${target.name} is up to date.`);
    continue;
  }
  const run = spawnSync('npm', ['run', target.script], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeFileSync(path, current);
}
