import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A one-page PDF written by hand, with a correct cross-reference table. */
export function minimalPdf(text = 'Pay stub'): Buffer {
  const content = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

export function png(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
}

export function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();
}

/** A zip of stored (uncompressed) entries, in the order given. */
export function zip(entries: [name: string, content: string | Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="application/vnd.openxmlformats-officedocument.${main.startsWith('word') ? 'wordprocessingml.document' : 'spreadsheetml.sheet'}.main+xml"/></Types>`;

const rels = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${main}"/></Relationships>`;

const DOCUMENT_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Employment letter</w:t></w:r></w:p></w:body></w:document>`;

const WORKBOOK_XML = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Budget" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/**
 * An office document: `[Content_Types].xml` first, as Microsoft Office writes it, or last as LibreOffice
 * does, behind other parts (`before`).
 */
function ooxml(
  main: string,
  xml: string,
  order: 'content types first' | 'content types last',
  before: [string, Buffer][] = [],
): Buffer {
  const types: [string, string] = ['[Content_Types].xml', contentTypes(main)];
  const parts: [string, string | Buffer][] = [['_rels/.rels', rels(main)], ...before, [main, xml]];
  return zip(order === 'content types first' ? [types, ...parts] : [...parts, types]);
}

export const docx = () => ooxml('word/document.xml', DOCUMENT_XML, 'content types first');

/** As LibreOffice writes it, behind an image larger than the bytes the server reads before deciding the type. */
export const docxContentTypesLast = () =>
  ooxml('word/document.xml', DOCUMENT_XML, 'content types last', [
    ['word/media/image1.png', Buffer.alloc(200 * 1024, 1)],
  ]);

export const xlsx = () => ooxml('xl/workbook.xml', WORKBOOK_XML, 'content types first');

/** The head of an Office 97-2003 compound file (.doc, .xls, and also .msi installers). */
export function compoundFile(): Buffer {
  const head = Buffer.alloc(1024);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(head);
  return head;
}

/** Bytes that must never be stored, each under the name an attacker would give it. */
export const REFUSED_SAMPLES: { what: string; fileName: string; contentType: string; body: Buffer }[] = [
  {
    what: 'an XHTML page named statement.pdf',
    fileName: 'statement.pdf',
    contentType: 'application/pdf',
    body: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><script>fetch("/core/api/v3/customers/")</script></body></html>',
    ),
  },
  {
    what: 'an SVG image',
    fileName: 'id-card.svg',
    contentType: 'image/svg+xml',
    body: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script></svg>',
    ),
  },
  {
    what: 'an HTML page',
    fileName: 'pay stub.html',
    contentType: 'text/html',
    body: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  },
  {
    what: 'a Windows executable named invoice.pdf',
    fileName: 'invoice.pdf',
    contentType: 'application/pdf',
    body: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(510, 0x90)]),
  },
  {
    what: 'a zip that is not an office document',
    fileName: 'documents.docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    body: zip([['readme.txt', 'hello']]),
  },
  {
    what: 'a plain text file',
    fileName: 'notes.txt',
    contentType: 'text/plain',
    body: Buffer.from('Employer: Acme Inc.\nSalary: 85,000\n'),
  },
];
