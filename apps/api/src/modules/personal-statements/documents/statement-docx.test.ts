import { describe, expect, it } from 'vitest';
import { bodyParagraphs, renderStatementDocx } from './statement-docx.ts';
import { STATEMENT_HEADING } from './statement-pdf.ts';
import { docxParagraphs, longStatement, readZipEntry, statementInput } from './test-support.ts';

describe('renderStatementDocx', () => {
  it('is a Word file with the heading, the details, every paragraph and the signature lines', async () => {
    const input = statementInput();
    const bytes = await renderStatementDocx(input);
    expect(Buffer.from(bytes.subarray(0, 2)).toString('latin1')).toBe('PK');
    const xml = await readZipEntry(bytes, 'word/document.xml');
    const paragraphs = docxParagraphs(xml);
    expect(paragraphs.slice(0, 6)).toEqual([
      STATEMENT_HEADING,
      'Veteran: Christopher-Alexander Q. Montgomery-Wellington III',
      'Disability: Post-traumatic stress disorder (PTSD)',
      'Date: November 25, 2026',
      'Statement version 3',
      'First paragraph of my statement.',
    ]);
    expect(paragraphs).toContain('Second paragraph, with a line\nbreak inside it.');
    expect(paragraphs.some((paragraph) => paragraph.startsWith('Signature'))).toBe(true);
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>/);

    const footer = await readZipEntry(bytes, 'word/footer1.xml');
    expect(footer).toContain('PAGE');
    expect(footer).toContain('NUMPAGES');
    const core = await readZipEntry(bytes, 'docProps/core.xml');
    expect(core).toContain(
      `<dc:title>${STATEMENT_HEADING}: Post-traumatic stress disorder (PTSD)</dc:title>`,
    );
  });

  it('holds every paragraph of a 25,000-character statement', async () => {
    const body = longStatement(25_000);
    const paragraphs = docxParagraphs(
      await readZipEntry(await renderStatementDocx(statementInput({ body })), 'word/document.xml'),
    );
    const expected = body.split('\n\n');
    expect(expected.length).toBeGreaterThan(50);
    const start = paragraphs.indexOf(expected[0] ?? '-');
    expect(paragraphs.slice(start, start + expected.length)).toEqual(expected);
  });

  it('keeps emoji, CJK and markup characters exactly as written', async () => {
    const body = 'Rockets 🚀 hit 漢字 at 2 → 3 a.m. <b>&amp;</b> “again” 👨‍👩‍👧';
    const paragraphs = docxParagraphs(
      await readZipEntry(await renderStatementDocx(statementInput({ body })), 'word/document.xml'),
    );
    expect(paragraphs).toContain(body);
  });

  it('leaves the name out when there is no veteran record yet', async () => {
    const paragraphs = docxParagraphs(
      await readZipEntry(
        await renderStatementDocx(statementInput({ veteran: null })),
        'word/document.xml',
      ),
    );
    expect(paragraphs[1]).toBe('Disability: Post-traumatic stress disorder (PTSD)');
    expect(paragraphs.join('\n')).not.toContain('Veteran:');
  });

  it('splits the body into paragraphs at blank lines', () => {
    expect(bodyParagraphs('One\r\n\r\nTwo\nlines\n \n\n\nThree')).toEqual([
      ['One'],
      ['Two', 'lines'],
      ['Three'],
    ]);
  });
});
