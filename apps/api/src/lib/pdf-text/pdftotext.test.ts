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
    const pages = await pdftotextPages({ path: program!, file, first: 2, last: 5 });
    expect(pages).toHaveLength(4);
    expect(pages.map((text) => text.trim())).toEqual(
      [2, 3, 4, 5].map((n) => `This is page number ${n}.`),
    );
    // Pages past the end are not the pages asked: refused, so pdf.js reads the range.
    await expect(pdftotextPages({ path: program!, file, first: 2, last: 9 })).rejects.toThrow();
  });

  it('refuses a run whose pages are not as many as those asked', async () => {
    // A stand-in program printing two form-feed-ended pages whatever is asked (as a page holding
    // a form feed of its own would make Poppler print one page more).
    const fake = path.join(dir, 'fake-pdftotext');
    writeFileSync(fake, "#!/bin/sh\nprintf 'one\\ftwo\\f'\n", { mode: 0o700 });
    await expect(pdftotextPages({ path: fake, file: fake, first: 1, last: 3 })).rejects.toThrow(
      'pdftotext gave a different number of pages than asked',
    );
    expect(await pdftotextPages({ path: fake, file: fake, first: 4, last: 5 })).toEqual([
      'one',
      'two',
    ]);
  });

  it.runIf(program !== null)('fails in its own words on a file that is not a PDF', async () => {
    const file = path.join(dir, 'junk.pdf');
    writeFileSync(file, 'not a pdf');
    await expect(pdftotextPages({ path: program!, file, first: 1, last: 1 })).rejects.toThrow(
      'pdftotext could not read the pages',
    );
  });
});
