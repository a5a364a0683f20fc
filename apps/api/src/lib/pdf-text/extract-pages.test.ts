import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { parseDecisionLetter } from '@muster/domain/decision-letters/parser';
import { columnText, extractPages } from './extract-pages.ts';
import { encodePng } from './png.ts';

const SAMPLE = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/data/vets-api/decision-letter-sample/decision-letter-sample-1.pdf',
);

async function textPdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    text.split('\n').forEach((line, index) => {
      page.drawText(line, { x: 72, y: 720 - index * 16, size: 11, font });
    });
  }
  return doc.save();
}

describe('[PDF TEXT]', () => {
  it('[PDF TEXT]: a page with a text layer is read from it, in page order', async () => {
    const pages = await extractPages(
      await textPdf([
        'Service connection for tinnitus is granted with an evaluation of 10 percent.',
        'Evaluation of PTSD, which is currently 50 percent disabling, is increased to 70 percent.',
      ]),
    );
    expect(pages.map((p) => [p.page, p.source])).toEqual([
      [1, 'text'],
      [2, 'text'],
    ]);
    expect(pages[0]!.text).toContain('tinnitus is granted with an evaluation of 10 percent');
    expect(pages[1]!.text).toContain('is increased to 70 percent');
  });

  it('[PDF TEXT]: a page with neither text nor an image says so', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const pages = await extractPages(await doc.save());
    expect(pages).toEqual([{ page: 1, text: '', source: 'none' }]);
  });

  it('[PDF TEXT]: two columns read as two columns; one column, or words across the middle, as lines', () => {
    const word = (text: string, x0: number) => ({ text, x0, x1: x0 + text.length * 8 });
    const twoColumns = [
      [word('Evaluation', 100), word('of', 190), word('PTSD', 215), word('Contact', 700)],
      [
        word('is', 100),
        word('increased', 120),
        word('to', 200),
        word('70', 225),
        word('Phone', 700),
      ],
      [word('percent.', 100), word('TDD:', 700), word('711', 740)],
      [word('Dear', 100), word('veteran', 140), word('Twitter', 700)],
    ];
    expect(columnText(twoColumns)).toBe(
      'Evaluation of PTSD\nis increased to 70\npercent.\nDear veteran\n\nContact\nPhone\nTDD: 711\nTwitter\n',
    );
    const oneColumn = twoColumns.map((line) => line.filter((w) => w.x0 < 600));
    expect(columnText(oneColumn)).toBeNull();
    const across = [...twoColumns, ...twoColumns.map(() => [word('x'.repeat(80), 100)])];
    expect(columnText(across)).toBeNull();
  });

  it('[PDF TEXT]: PNG encoding keeps every pixel (gray, RGB, RGBA) and refuses wrong sizes', () => {
    const png = encodePng({
      data: new Uint8Array([0, 255, 128, 64]),
      width: 2,
      height: 2,
      channels: 1,
    });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(() => encodePng({ data: new Uint8Array(5), width: 2, height: 2, channels: 1 })).toThrow(
      RangeError,
    );
  });

  it.skipIf(!existsSync(SAMPLE))(
    '[PDF TEXT][OCR]: the scanned 13-page VA sample letter is read by OCR, its decision and dates included',
    { timeout: 180_000 },
    async () => {
      const seen: number[] = [];
      const pages = await extractPages(readFileSync(SAMPLE), {
        onPage: (done) => void seen.push(done),
      });
      expect(pages).toHaveLength(13);
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
      expect(pages.every((p) => p.source === 'ocr')).toBe(true);
      const all = pages
        .map((p) => p.text)
        .join('\n')
        .replace(/\s+/g, ' ');
      expect(all).toContain('September 23, 2022');
      expect(all).toMatch(/Post Traumatic Stress Disorder, which is currently 50/);
      expect(all).toMatch(/increased to 70 percent effective August 1/);
      expect(all).toMatch(/Higher-Level Review/);
      expect(all).toMatch(/20-0996/);
      // The body and the sidebar of page 1 are read as two columns, so the decision's sentence
      // holds together and the letter grammar finds it.
      const letter = parseDecisionLetter(pages.map((p) => p.text).join('\n\f\n'));
      expect(letter.letter_date).toBe('2022-09-23');
      expect(letter.decisions).toEqual([
        expect.objectContaining({
          condition: 'post traumatic stress disorder',
          outcome: 'increased',
          previous_percent: 50,
          percent: 70,
          effective_date: '2022-08-01',
        }),
      ]);
    },
  );
});
