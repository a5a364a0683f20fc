import { PDFDocument, StandardFonts } from 'pdf-lib';
import { OBJECTS_PER_TICK } from '#src/lib/pdf-forms/form-fields.ts';
import { toVeteranIdentity } from '#src/lib/pdf-forms/identity.ts';
import { PageFlow, drawPageNumbers } from '#src/lib/pdf-forms/page-flow.ts';
import { prepareText } from '#src/lib/pdf-forms/text-layout.ts';
import { certifiedDate, witnessDetails, type LayStatementDocumentInput } from './types.ts';

/**
 * The submitted lay statement on its own: a plain Letter-size PDF with a heading, who it is about
 * and who wrote it, the statement, and the witness's certification with their typed signature and
 * the date they submitted it.
 */

export const LAY_STATEMENT_HEADING = 'Lay statement in support of claim';
export const CERTIFICATION_TEXT =
  'I certify that I have completed this statement and that its information is true and correct to the best of my knowledge and belief.';

const MARGIN = { top: 72, right: 72, bottom: 72, left: 72 };

export async function renderLayStatementPdf(input: LayStatementDocumentInput): Promise<Uint8Array> {
  // No metadata dates: the same input gives the same file.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const boldFont = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(`${LAY_STATEMENT_HEADING}: ${input.condition}`);
  doc.setAuthor(input.witness.name);
  doc.setCreator('Muster');
  doc.setProducer('Muster (pdf-lib)');
  doc.setLanguage('en-US');

  const veteran = toVeteranIdentity(input.veteran)?.fullName;
  const flow = new PageFlow(doc, { margin: MARGIN });
  flow.paragraph(
    prepareText(LAY_STATEMENT_HEADING),
    { font: boldFont, size: 18, lineHeight: 24 },
    8,
  );
  const lines = [...(veteran ? [`Veteran: ${veteran}`] : []), ...witnessDetails(input)];
  for (const line of lines) flow.paragraph(prepareText(line), { font, size: 11, lineHeight: 15 });
  flow.rule(10);
  flow.text(input.statement, { font, size: 11, lineHeight: 15.5 }, 9);
  flow.space(12);
  flow.paragraph(prepareText(CERTIFICATION_TEXT), { font, size: 10, lineHeight: 13 }, 6);
  flow.paragraph(prepareText(`Signed electronically: /s/ ${input.signature}`), {
    font: boldFont,
    size: 11,
    lineHeight: 15,
  });
  flow.paragraph(prepareText(`Date: ${certifiedDate(input)}`), { font, size: 11, lineHeight: 15 });
  drawPageNumbers(flow.pages, font, { size: 9, y: 36 });
  return doc.save({ objectsPerTick: OBJECTS_PER_TICK });
}
