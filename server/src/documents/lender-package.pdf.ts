import PDFDocument from 'pdfkit';
import { type IndexRow, STATUS_LABELS } from './lender-package.js';

/** A size as people read it beside the exact byte count. */
function readableSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The package's index as a PDF: who it is for and when it was made, then each document with its name in
 * the ZIP, status, upload date, size and SHA-256. A few pages at most, so it is made in memory.
 */
export function indexPdf(title: string, made: Date, rows: IndexRow[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: title, Creator: 'Homeward' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(title);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#555555')
    .text(`Made ${made.toISOString().replace('T', ' ').slice(0, 16)} UTC · ${rows.length} documents`);
  doc.moveDown();
  for (const row of rows) {
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(10).text(row.caption);
    doc.font('Helvetica').fontSize(9).text(row.entryName);
    doc
      .fillColor('#333333')
      .text(
        `Status: ${STATUS_LABELS[row.status]} · Uploaded ${row.uploadedAt.toISOString().slice(0, 10)} · ` +
          `${row.size} bytes (${readableSize(row.size)})`,
      );
    doc.font('Courier').fontSize(8).text(`SHA-256 ${row.sha256}`);
    doc.moveDown(0.7);
  }
  doc.end();
  return done;
}
