import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { extractPages } from '../apps/api/src/lib/pdf-text/extract-pages.ts';
import {
  PDF_DIR,
  REGENERATE_COMMAND,
  SCANNED_LETTERS,
  fingerprint,
  makeTextPdf,
  readLetters,
} from './make-letter-pdfs.ts';

/**
 * The PDF versions of the decision-letter fixtures are generated files that are committed: each
 * must still be made from its letter's current text, or the score reads a letter that is no longer
 * there. A text-layer PDF is made again in memory and compared byte for byte; a scan (which needs
 * Chromium to make) carries the fingerprint of the text it was made from.
 */
const LETTERS = readLetters();
const outOfDate = (files: string[]) =>
  `${files.join(', ')} out of date with the letters: run \`${REGENERATE_COMMAND}\``;
const read = (file: string) => new Uint8Array(readFileSync(path.join(PDF_DIR, file)));
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('[FIXTURES][LETTER PDFS]: the decision letters as PDF', () => {
  it('[FIXTURES]: every PDF belongs to a letter, and only the chosen letters are scanned', () => {
    const names = new Set(LETTERS.map((letter) => letter.name));
    const files = existsSync(PDF_DIR) ? readdirSync(PDF_DIR) : [];
    const stray = files.filter((file) => {
      const scanned = file.match(/^(.+)\.scanned\.pdf$/)?.[1];
      if (scanned) return !SCANNED_LETTERS.some((name) => name === scanned);
      return !file.endsWith('.pdf') || !names.has(file.slice(0, -'.pdf'.length));
    });
    expect(stray, outOfDate(stray)).toEqual([]);
  });

  it('[FIXTURES]: each text-layer PDF is the one its letter makes today', async () => {
    const stale: string[] = [];
    for (const { name, text } of LETTERS) {
      const file = `${name}.pdf`;
      const expected = await makeTextPdf(name, text);
      if (!existsSync(path.join(PDF_DIR, file)) || !Buffer.from(read(file)).equals(expected)) {
        stale.push(file);
      }
    }
    expect(stale, outOfDate(stale)).toEqual([]);
  });

  it("[FIXTURES]: the PDF reader gives back each letter's text from its text layer", async () => {
    const differ: string[] = [];
    for (const { name, text } of LETTERS) {
      const pages = await extractPages(read(`${name}.pdf`));
      const extracted = pages.map((page) => page.text).join('\n');
      if (pages.some((page) => page.source !== 'text') || oneLine(extracted) !== oneLine(text)) {
        differ.push(`${name}.pdf`);
      }
    }
    expect(differ, outOfDate(differ)).toEqual([]);
  });

  it('[FIXTURES]: each scan is pictures only, one a page, made from its current letter', async () => {
    const stale = new Set<string>();
    const notScans = new Set<string>();
    for (const name of SCANNED_LETTERS) {
      const file = `${name}.scanned.pdf`;
      const letter = LETTERS.find((l) => l.name === name);
      if (!letter || !existsSync(path.join(PDF_DIR, file))) {
        stale.add(file);
        continue;
      }
      const scan = await PDFDocument.load(read(file), { updateMetadata: false });
      if (scan.getKeywords() !== fingerprint(letter.text)) stale.add(file);
      const textLayer = await PDFDocument.load(read(`${name}.pdf`), { updateMetadata: false });
      if (scan.getPageCount() !== textLayer.getPageCount()) stale.add(file);
      for (const page of scan.getPages()) {
        const resources = page.node.Resources();
        const xObjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
        const images = (xObjects?.keys() ?? []).filter((key) => {
          const object = xObjects?.lookup(key);
          return (
            object instanceof PDFRawStream &&
            object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
          );
        });
        const fonts = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
        if ((fonts?.keys().length ?? 0) > 0 || images.length !== 1) notScans.add(file);
      }
    }
    expect([...stale], outOfDate([...stale])).toEqual([]);
    expect([...notScans]).toEqual([]);
  });
});
