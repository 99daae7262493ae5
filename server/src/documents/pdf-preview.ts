import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { keepingBuiltins } from '../platform/runtime/builtins.js';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | null = null;

/**
 * pdf.js, loaded when the first PDF needs a preview: it is large. Its build for Node brings core-js, which
 * replaced JSON.parse, JSON.stringify, Array.prototype.push and Function.prototype.toString with script
 * versions for the whole process: every answer of the server then took up to twice as long. pdf.js needs
 * only what the polyfills add, so the engine's own functions are kept.
 */
function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= keepingBuiltins(async () => {
    // In Node, pdf.js parses on the calling thread with its worker module, which it would otherwise load on
    // the first document, outside this guard.
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker =
      await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    return import('pdfjs-dist/legacy/build/pdf.mjs');
  });
  return pdfjs;
}

interface NodeCanvas {
  canvas: { toBuffer: (type: 'image/png') => Buffer };
  context: unknown;
}

/** PDFs are read whole to render their first page, so only modest ones get a preview. */
export const MAX_PDF_PREVIEW_BYTES = 20 * 1024 * 1024;

const fontsDir = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts/',
);

async function readAtMost(stream: Readable, limit: number): Promise<Uint8Array | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Renders the first page of a PDF to a PNG `width` pixels wide (pdf.js on its bundled canvas); null if too large. */
export async function renderFirstPage(source: Readable, width: number): Promise<Buffer | null> {
  const data = await readAtMost(source, MAX_PDF_PREVIEW_BYTES);
  if (!data) return null;
  const { getDocument } = await loadPdfJs();
  const document = await getDocument({ data, isEvalSupported: false, standardFontDataUrl: fontsDir }).promise;
  try {
    const page = await document.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / natural.width });
    // In Node, pdf.js draws on the @napi-rs/canvas it ships with; its factory makes a canvas of that kind.
    const factory = document.canvasFactory as { create: (w: number, h: number) => NodeCanvas };
    const { canvas, context } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    type RenderParameters = Parameters<typeof page.render>[0];
    await page.render({ canvasContext: context, viewport, canvas } as unknown as RenderParameters).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await document.destroy();
  }
}
