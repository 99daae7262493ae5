import { describe, expect, it } from '@jest/globals';
import { createReadStream } from 'node:fs';
import sharp from 'sharp';
import { builtinsSnapshot, changedSince } from '../platform/runtime/builtins.js';
import { renderFirstPage } from './pdf-preview.js';

describe('PDF previews', () => {
  it("renders the first page of a PDF 320 pixels wide, leaving the engine's own functions as they were", async () => {
    const before = builtinsSnapshot();
    const png = await renderFirstPage(
      createReadStream('client/public/files/home_mortgage_advice_appraisal_order_form.pdf'),
      320,
    );
    expect(png).not.toBeNull();
    expect((await sharp(png!).metadata()).width).toBe(320);
    // pdf.js's polyfills replace JSON.stringify and Array.prototype.push, among others, unless kept out.
    expect(changedSince(before)).toEqual([]);
  });
});
