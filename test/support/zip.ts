import yauzl from 'yauzl';

export interface ZipEntry {
  name: string;
  bytes: Buffer;
  compressed: boolean;
}

/** Every entry of a ZIP, in archive order, with its bytes. */
export function unzip(zip: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const entries: ZipEntry[] = [];
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (failed, stream) => {
          if (failed || !stream) return reject(failed);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              bytes: Buffer.concat(chunks),
              compressed: entry.compressionMethod !== 0,
            });
            archive.readEntry();
          });
        });
      });
      archive.on('end', () => resolve(entries));
      archive.on('error', reject);
      archive.readEntry();
    });
  });
}

/** A lender package's index.csv as records (no cell of the tests' packages holds a comma or a quote). */
export function csvRecords(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const columns = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}
