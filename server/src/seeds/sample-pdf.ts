/**
 * A small PDF writer for the demo's sample documents: one or more Letter pages of text in Helvetica,
 * rules and tinted boxes, with a cross-reference table, so every reader (and pdf.js, which makes the
 * previews) opens them. Text is written in WinAnsi, which covers the accented letters of French names.
 */

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;

type Rgb = readonly [number, number, number];

export const INK: Rgb = [0.13, 0.15, 0.2];
export const MUTED: Rgb = [0.42, 0.45, 0.5];
export const LINE: Rgb = [0.8, 0.82, 0.86];

/** Characters outside WinAnsi become their nearest plain form; PDF string delimiters are escaped. */
function pdfString(text: string): string {
  const plain = text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  return `(${plain.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

const n = (value: number) => Number(value.toFixed(2)).toString();
const colour = ([r, g, b]: Rgb, op: 'rg' | 'RG') => `${n(r)} ${n(g)} ${n(b)} ${op}`;

/** Helvetica's average advance is about half its size; enough to wrap and right-align figures. */
export const textWidth = (text: string, size: number) => text.length * size * 0.5;

export class PdfPage {
  private readonly ops: string[] = [];

  text(
    x: number,
    y: number,
    text: string,
    options: { size?: number; bold?: boolean; color?: Rgb; align?: 'left' | 'right' } = {},
  ): this {
    const size = options.size ?? 10;
    const left = options.align === 'right' ? x - textWidth(text, size) : x;
    this.ops.push(
      `BT /${options.bold ? 'F2' : 'F1'} ${size} Tf ${colour(options.color ?? INK, 'rg')} ${n(left)} ${n(y)} Td ${pdfString(text)} Tj ET`,
    );
    return this;
  }

  /** Words wrapped to `width`; returns the baseline below the last line. */
  paragraph(x: number, y: number, width: number, text: string, size = 10.5, leading = 15): number {
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (textWidth(next, size) > width && line) {
        this.text(x, y, line, { size });
        y -= leading;
        line = word;
      } else line = next;
    }
    if (line) this.text(x, y, line, { size });
    return y - leading;
  }

  rule(x1: number, y1: number, x2: number, y2: number, color: Rgb = LINE, width = 0.75): this {
    this.ops.push(`${colour(color, 'RG')} ${n(width)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
    return this;
  }

  box(x: number, y: number, width: number, height: number, fill: Rgb, stroke?: Rgb): this {
    const paint = stroke ? `${colour(stroke, 'RG')} 0.75 w B` : 'f';
    this.ops.push(`${colour(fill, 'rg')} ${n(x)} ${n(y)} ${n(width)} ${n(height)} re ${paint}`);
    return this;
  }

  /** Large, pale, diagonal text under the page's content. */
  watermark(text: string): this {
    const [c, s] = [Math.cos(Math.PI / 6), Math.sin(Math.PI / 6)];
    this.ops.unshift(
      `BT /F2 110 Tf 0.94 0.94 0.95 rg ${n(c)} ${n(s)} ${n(-s)} ${n(c)} 150 230 Tm ${pdfString(text)} Tj ET`,
    );
    return this;
  }

  content(): string {
    return this.ops.join('\n');
  }
}

export const PAGE = { width: PAGE_WIDTH, height: PAGE_HEIGHT, margin: 54 };

/** Writes the pages as a PDF 1.4 file with a document title. */
export function writePdf(pages: PdfPage[], title: string): Buffer {
  const font = (name: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${6 + 2 * i} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    font('Helvetica'),
    font('Helvetica-Bold'),
    `<< /Title ${pdfString(title)} /Producer (Homeward demo data) >>`,
  ];
  pages.forEach((page, i) => {
    const stream = page.content();
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${7 + 2 * i} 0 R >>`,
      `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    );
  });
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((object, i) => {
    const offset = Buffer.byteLength(body, 'latin1');
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
