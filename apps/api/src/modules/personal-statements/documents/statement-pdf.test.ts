import { describe, expect, it } from 'vitest';
import { STATEMENT_HEADING, renderStatementPdf } from './statement-pdf.ts';
import {
  expectWordsInOrder,
  loadPdf,
  longStatement,
  pdfPageTexts,
  statementInput,
  wordsOf,
} from './test-support.ts';

describe('renderStatementPdf', () => {
  it('has the heading, the veteran, the disability, the date, the body and a signature line', async () => {
    const input = statementInput();
    const bytes = await renderStatementPdf(input);
    const pages = await pdfPageTexts(bytes);
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    for (const expected of [
      STATEMENT_HEADING,
      'Veteran: Christopher-Alexander Q. Montgomery-Wellington III',
      'Disability: Post-traumatic stress disorder (PTSD)',
      'Date: November 25, 2026',
      'Statement version 3',
      'First paragraph of my statement.',
      'Signature',
      'Date',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expectWordsInOrder(text, input.body);

    const doc = await loadPdf(bytes);
    expect(doc.getTitle()).toBe(`${STATEMENT_HEADING}: Post-traumatic stress disorder (PTSD)`);
    expect(doc.getAuthor()).toBe('Christopher-Alexander Q. Montgomery-Wellington III');
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('gives the same file for the same input', async () => {
    const input = statementInput();
    expect(await renderStatementPdf(input)).toEqual(await renderStatementPdf(input));
  });

  it('carries a 25,000-character statement over numbered pages, every word in order', async () => {
    const body = longStatement(25_000);
    const pages = await pdfPageTexts(await renderStatementPdf(statementInput({ body })));
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
    expectWordsInOrder(pages.join('\n'), body);
    expect(pages.at(-1)).toContain('Signature');
  });

  it('leaves the name out when there is no veteran record yet', async () => {
    const bytes = await renderStatementPdf(statementInput({ veteran: null }));
    const text = (await pdfPageTexts(bytes)).join('\n');
    expect(text).toContain(STATEMENT_HEADING);
    expect(text).not.toContain('Veteran:');
    expect((await loadPdf(bytes)).getAuthor()).toBeUndefined();
  });

  it('draws emoji, CJK and other odd characters as something, without failing', async () => {
    const body = 'Rockets 🚀 hit 漢字 at 2 → 3 a.m. — “again” … Łukasz said ✓\u2011ok\u00AD.';
    const bytes = await renderStatementPdf(
      statementInput({ body, disabilityTitle: 'Tinnitus 🔔' }),
    );
    const text = (await pdfPageTexts(bytes)).join('\n');
    expect(wordsOf(text)).toEqual(
      expect.arrayContaining([
        'Rockets',
        '?',
        'hit',
        '??',
        '->',
        '“again”',
        '…',
        'Lukasz',
        'v-ok.',
      ]),
    );
    expect(text).toContain('Disability: Tinnitus ?');
  });
});
