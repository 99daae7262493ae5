import { describe, expect, it } from '@jest/globals';
import {
  acceptAttribute,
  acceptByType,
  acceptedFileType,
  isFileTooLarge,
  looksAccepted,
  servedFileType,
} from './accepted-files.js';

describe('file size limit', () => {
  it('accepts 78,643,199 bytes and refuses 78,643,200 (strictly below 75 MB)', () => {
    expect(isFileTooLarge(78_643_199)).toBe(false);
    expect(isFileTooLarge(78_643_200)).toBe(true);
  });
});

describe('accepted file types', () => {
  it('accepts PDFs, photos and Word and Excel documents by their sniffed type', () => {
    for (const mime of [
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/heic',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ])
      expect(acceptedFileType({ mime }, 'anything.bin')?.mime).toBe(mime);
  });

  it('refuses XML, SVG, HTML, executables, plain zips, macro documents and unknown bytes, whatever the name', () => {
    for (const sniffed of [
      { mime: 'application/xml' },
      { mime: 'image/svg+xml' },
      { mime: 'text/html' },
      { mime: 'application/x-msdownload' },
      { mime: 'application/zip' },
      { mime: 'application/vnd.ms-word.document.macroenabled.12' },
      undefined,
    ])
      expect(acceptedFileType(sniffed, 'statement.pdf')).toBeNull();
  });

  it('tells a Word 97 document from an Excel 97 workbook by its name, and refuses other compound files', () => {
    const compound = { mime: 'application/x-cfb' };
    expect(acceptedFileType(compound, 'Letter.DOC')?.mime).toBe('application/msword');
    expect(acceptedFileType(compound, 'budget.xls')?.mime).toBe('application/vnd.ms-excel');
    expect(acceptedFileType(compound, 'setup.msi')).toBeNull();
    expect(acceptedFileType(compound, 'statement.pdf')).toBeNull();
  });

  it('serves images and PDFs inline, office documents and HEIC as downloads, anything else as bytes', () => {
    expect(servedFileType('image/png')).toEqual({ contentType: 'image/png', inline: true });
    expect(servedFileType('application/pdf')).toEqual({ contentType: 'application/pdf', inline: true });
    expect(servedFileType('application/msword').inline).toBe(false);
    expect(servedFileType('image/heic').inline).toBe(false);
    expect(servedFileType('application/xml')).toEqual({
      contentType: 'application/octet-stream',
      inline: false,
    });
    expect(servedFileType('text/plain').contentType).toBe('application/octet-stream');
  });

  it('offers the same types to the file pickers', () => {
    expect(acceptAttribute()).toContain('application/pdf');
    expect(acceptAttribute()).toContain('.heic');
    expect(acceptAttribute()).not.toContain('image/*');
    expect(acceptByType()['image/heic']).toEqual(['.heic']);
    expect(looksAccepted({ name: 'IMG_0001.HEIC', type: '' })).toBe(true);
    expect(looksAccepted({ name: 'drawing.svg', type: 'image/svg+xml' })).toBe(false);
    expect(looksAccepted({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });
});
