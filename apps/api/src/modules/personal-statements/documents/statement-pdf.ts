import { PDFDocument, StandardFonts } from 'pdf-lib';
import { OBJECTS_PER_TICK } from '#src/lib/pdf-forms/form-fields.ts';
import { toVeteranIdentity } from '#src/lib/pdf-forms/identity.ts';
import { PageFlow, drawPageNumbers } from '#src/lib/pdf-forms/page-flow.ts';
import { prepareText } from '#src/lib/pdf-forms/text-layout.ts';
import type { StatementDocumentInput } from './types.ts';

/**
 * The statement on its own: a plain Letter-size PDF in Helvetica with a heading, who and what it
 * is about, the text, and lines for the veteran's signature and the date.
 */

export const STATEMENT_HEADING = 'Personal statement in support of claim';

const MARGIN = { top: 72, right: 72, bottom: 72, left: 72 };

/** The lines under the heading: the veteran (when known), the disability, the date, the version. */
export function statementDetails(input: StatementDocumentInput): string[] {
  const name = toVeteranIdentity(input.veteran)?.fullName;
  return [
    ...(name ? [`Veteran: ${name}`] : []),
    `Disability: ${input.disabilityTitle}`,
    `Date: ${input.dateLabel}`,
    `Statement version ${input.version}`,
  ];
}

export async function renderStatementPdf(input: StatementDocumentInput): Promise<Uint8Array> {
  // No metadata dates: the same input gives the same file.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const boldFont = await doc.embedFont(StandardFonts.HelveticaBold);
  const name = toVeteranIdentity(input.veteran)?.fullName || null;
  doc.setTitle(`${STATEMENT_HEADING}: ${input.disabilityTitle}`);
  if (name) doc.setAuthor(name);
  doc.setSubject(`Disability: ${input.disabilityTitle}`);
  doc.setCreator('Muster');
  doc.setProducer('Muster (pdf-lib)');
  doc.setLanguage('en-US');

  const flow = new PageFlow(doc, { margin: MARGIN });
  flow.paragraph(prepareText(STATEMENT_HEADING), { font: boldFont, size: 18, lineHeight: 24 }, 8);
  for (const line of statementDetails(input)) {
    flow.paragraph(prepareText(line), { font, size: 11, lineHeight: 15 });
  }
  flow.rule(10);
  flow.text(input.body, { font, size: 11, lineHeight: 15.5 }, 9);
  flow.space(12);
  flow.signatureLines({ font, size: 10, lineHeight: 13 }, name);
  drawPageNumbers(flow.pages, font, { size: 9, y: 36 });
  return doc.save({ objectsPerTick: OBJECTS_PER_TICK });
}
