import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { CfileCondition, CfileMedication } from '@muster/contract/cfiles';
import { drawPageNumbers, PageFlow, type TextStyle } from '#src/lib/pdf-forms/page-flow.ts';
import { toWinAnsi } from '#src/lib/pdf-forms/win-ansi.ts';

/** The note beside every finding protected by 38 U.S.C. 7332 (the veteran's own record). */
export const PROTECTED_NOTE =
  'Protected by 38 U.S.C. 7332 — do not share without your written consent';

/** "p. 4" or "pp. 12, 48, 301". */
export function pageCitation(pages: readonly number[]): string {
  return pages.length === 1 ? `p. ${pages[0]}` : `pp. ${pages.join(', ')}`;
}

/**
 * The evidence index of a C-file: every condition and medication found, each with the pages that
 * name it, for the veteran to cite in a claim. Protected findings are listed (the file is the
 * veteran's own) with the 7332 note. "Page N of M" at the foot of each page.
 */
export async function buildEvidenceIndex(options: {
  filename: string;
  pagesTotal: number | null;
  conditions: readonly CfileCondition[];
  medications: readonly CfileMedication[];
  generatedAt: Date;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('C-file evidence index');
  doc.setProducer('Muster');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const title: TextStyle = { font: bold, size: 16, lineHeight: 22 };
  const heading: TextStyle = { font: bold, size: 12, lineHeight: 18 };
  const name: TextStyle = { font: bold, size: 10, lineHeight: 14 };
  const body: TextStyle = { font, size: 10, lineHeight: 14 };
  const flow = new PageFlow(doc, { margin: { top: 60, right: 60, bottom: 60, left: 60 } });
  const line = (text: string, style: TextStyle, after = 0) =>
    flow.paragraph(toWinAnsi(text), style, after);

  line('C-file evidence index', title, 4);
  line(`File: ${options.filename}`, body);
  if (options.pagesTotal !== null) line(`Pages read: ${options.pagesTotal}`, body);
  line(`Prepared ${options.generatedAt.toISOString().slice(0, 10)} by Muster`, body, 6);
  line(
    'Page numbers are those of the PDF as uploaded. Findings are read by a program and may miss or misread a record: check each page before citing it.',
    body,
    10,
  );
  flow.rule(6);

  line(`Conditions (${options.conditions.length})`, heading, 4);
  if (options.conditions.length === 0) line('None found.', body, 6);
  for (const condition of options.conditions) {
    flow.keepTogether(name.lineHeight + body.lineHeight * 2);
    const code = condition.diagnostic_code ? ` (DC ${condition.diagnostic_code})` : '';
    line(`${condition.name}${code}`, name);
    line(pageCitation(condition.pages), body);
    if (condition.claimed) line('Already among your disabilities.', body);
    if (condition.protected_7332) line(PROTECTED_NOTE, body);
    flow.space(6);
  }
  flow.rule(6);

  line(`Medications (${options.medications.length})`, heading, 4);
  if (options.medications.length === 0) line('None found.', body, 6);
  for (const medication of options.medications) {
    flow.keepTogether(name.lineHeight + body.lineHeight * 2);
    line(`${medication.name}${medication.dose ? `, ${medication.dose}` : ''}`, name);
    const seen =
      medication.first_seen && medication.last_seen
        ? ` (seen ${medication.first_seen} to ${medication.last_seen})`
        : '';
    line(`${pageCitation(medication.pages)}${seen}`, body);
    if (medication.protected_7332) line(PROTECTED_NOTE, body);
    flow.space(6);
  }
  drawPageNumbers(flow.pages, font, { size: 8, y: 30 });
  return doc.save();
}
