import { createWriteStream, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The floor for an upload: the request body piped to a file, nothing parsed, sniffed or recorded. It
 * answers once the file is written, as the product answers once the file is stored.
 * Usage: node dist/bench/bare-upload-server.js <port> <directory for the file>
 */
const port = Number(process.argv[2]);
const directory = process.argv[3];
if (!Number.isInteger(port) || port <= 0 || !directory)
  throw new Error('usage: bare-upload-server <port> <directory>');
const target = join(directory, `bare-upload-${process.pid}.bin`);

const http = createServer((request, response) => {
  // Every upload overwrites the one file: the disk holds one copy, as the product keeps one per upload.
  pipeline(request, createWriteStream(target)).then(
    () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"stored":true}'),
    (error: Error) => response.writeHead(500).end(error.message),
  );
});

process.once('SIGTERM', () => {
  rmSync(target, { force: true });
  process.exit(0);
});

http.listen(port, '127.0.0.1', () => console.log('ready'));
