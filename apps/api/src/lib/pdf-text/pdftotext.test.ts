import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { findPdftotext, pdftotextPages } from './pdftotext.ts';

const program = await findPdftotext();
const dir = mkdtempSync(path.join(tmpdir(), 'muster-pdftotext-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pdftotext', () => {
  it('is looked for once, and answers the same each time', async () => {
    expect(await findPdftotext()).toBe(program);
  });

  it.runIf(program !== null)('reads a range of pages, one string a page', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let page = 1; page <= 5; page++) {
      doc.addPage([612, 792]).drawText(`This is page number ${page}.`, { x: 72, y: 700, font });
    }
    const file = path.join(dir, 'five.pdf');
    writeFileSync(file, await doc.save());
    const pages = await pdftotextPages({ path: program!, file, first: 2, last: 9 });
    expect(pages).toHaveLength(4);
    expect(pages.map((text) => text.trim())).toEqual(
      [2, 3, 4, 5].map((n) => `This is page number ${n}.`),
    );
  });

  it.runIf(program !== null)('fails in its own words on a file that is not a PDF', async () => {
    const file = path.join(dir, 'junk.pdf');
    writeFileSync(file, 'not a pdf');
    await expect(pdftotextPages({ path: program!, file, first: 1, last: 1 })).rejects.toThrow(
      'pdftotext could not read the pages',
    );
  });
});
