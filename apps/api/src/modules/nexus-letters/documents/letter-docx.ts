import { AlignmentType, Document, Footer, Packer, PageNumber, Paragraph, TextRun } from 'docx';
import { LETTER_HEADING, type LetterDocumentInput } from './letter-pdf.ts';

/**
 * A nexus letter as a Word file, for the physician to edit before signing: one Word paragraph
 * per paragraph of the letter (its line breaks kept), "Page N of M" in the footer. The text is
 * kept as written, except for the few control characters XML cannot hold.
 */

/** Twentieths of a point: US Letter with one-inch margins. */
const PAGE = { width: 12_240, height: 15_840, margin: 1_440 };

/** Characters XML 1.0 cannot hold (controls other than tab and line breaks, lone surrogates). */
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Paragraphs of the text (separated by a blank line), each a list of its lines. */
function paragraphsOf(text: string): string[][] {
  return xmlSafe(text)
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => paragraph.split('\n'));
}

export async function renderLetterDocx(input: LetterDocumentInput): Promise<Uint8Array> {
  const doc = new Document({
    title: xmlSafe(`${LETTER_HEADING}: ${input.disabilityTitle}`),
    subject: xmlSafe(`Disability: ${input.disabilityTitle}`),
    creator: 'Muster',
    lastModifiedBy: 'Muster',
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: {
              top: PAGE.margin,
              right: PAGE.margin,
              bottom: PAGE.margin,
              left: PAGE.margin,
            },
          },
        },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES],
                  }),
                ],
              }),
            ],
          }),
        },
        children: paragraphsOf(input.content).map(
          (lines) =>
            new Paragraph({
              spacing: { after: 180 },
              children: lines.map(
                (line, index) => new TextRun({ text: line, break: index > 0 ? 1 : 0 }),
              ),
            }),
        ),
      },
    ],
  });
  return Packer.pack(doc, 'uint8array');
}
