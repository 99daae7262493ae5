import { describe, expect, it } from '@jest/globals';
import { createReadStream } from 'node:fs';
import sharp from 'sharp';
import { renderFirstPage } from './pdf-preview.js';

describe('PDF previews', () => {
  it('renders the first page of a PDF 320 pixels wide', async () => {
    const png = await renderFirstPage(
      createReadStream('client/public/files/home_mortgage_advice_appraisal_order_form.pdf'),
      320,
    );
    expect(png).not.toBeNull();
    expect((await sharp(png!).metadata()).width).toBe(320);
  });
});
