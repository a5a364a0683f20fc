import { PDFDocument, StandardFonts } from 'pdf-lib';
import { OBJECTS_PER_TICK } from '#src/lib/pdf-forms/form-fields.ts';
import { PageFlow, drawPageNumbers } from '#src/lib/pdf-forms/page-flow.ts';
import { prepareText } from '#src/lib/pdf-forms/text-layout.ts';

/**
 * A nexus letter as a plain Letter-size PDF in Helvetica: a heading, then the letter's text
 * paragraph by paragraph (the signature block is part of the text), with "Page N of M" below.
 */

export const LETTER_HEADING = 'Medical opinion (nexus letter)';

export type LetterDocumentInput = {
  disabilityTitle: string;
  /** Plain text; paragraphs separated by a blank line. */
  content: string;
};

const MARGIN = { top: 72, right: 72, bottom: 72, left: 72 };

export async function renderLetterPdf(input: LetterDocumentInput): Promise<Uint8Array> {
  // No metadata dates: the same input gives the same file.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const boldFont = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(`${LETTER_HEADING}: ${input.disabilityTitle}`);
  doc.setSubject(`Disability: ${input.disabilityTitle}`);
  doc.setCreator('Muster');
  doc.setProducer('Muster (pdf-lib)');
  doc.setLanguage('en-US');

  const flow = new PageFlow(doc, { margin: MARGIN });
  flow.paragraph(prepareText(LETTER_HEADING), { font: boldFont, size: 16, lineHeight: 22 }, 6);
  flow.rule(8);
  flow.text(input.content, { font, size: 11, lineHeight: 15.5 }, 9);
  drawPageNumbers(flow.pages, font, { size: 9, y: 36 });
  return doc.save({ objectsPerTick: OBJECTS_PER_TICK });
}
