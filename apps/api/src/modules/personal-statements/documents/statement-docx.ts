import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Tab,
  TabStopType,
  TextRun,
} from 'docx';
import { toVeteranIdentity } from '#src/lib/pdf-forms/identity.ts';
import { STATEMENT_HEADING, statementDetails } from './statement-pdf.ts';
import type { StatementDocumentInput } from './types.ts';

/**
 * The statement as a Word file with the same content as the PDF: a heading (Word's Heading 1
 * style), the details, one Word paragraph per paragraph of the statement, signature and date
 * lines, and "Page N of M" in the footer. The text is kept exactly as written (Word draws any
 * character), except for the few control characters XML cannot hold.
 */

/** Twentieths of a point: US Letter with one-inch margins. */
const PAGE = { width: 12_240, height: 15_840, margin: 1_440 };
/** Where the date line starts, from the left margin (in twentieths of a point). */
const DATE_TAB = 6_000;

/** Characters XML 1.0 cannot hold (controls other than tab and line breaks, lone surrogates). */
// eslint-disable-next-line no-control-regex -- control characters are what is matched
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/gu;

function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Paragraphs of the body (separated by a blank line), each a list of its lines. */
export function bodyParagraphs(body: string): string[][] {
  return xmlSafe(body)
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => paragraph.split('\n'));
}

function paragraphOf(lines: string[]): Paragraph {
  return new Paragraph({
    spacing: { after: 180 },
    children: lines.map((line, index) => new TextRun({ text: line, break: index > 0 ? 1 : 0 })),
  });
}

export async function renderStatementDocx(input: StatementDocumentInput): Promise<Uint8Array> {
  const name = toVeteranIdentity(input.veteran)?.fullName || null;
  const signatureLines = [
    new Paragraph({
      spacing: { before: 720 },
      keepNext: true,
      tabStops: [{ type: TabStopType.LEFT, position: DATE_TAB }],
      children: [
        new TextRun({
          children: ['______________________________________', new Tab(), '____________________'],
        }),
      ],
    }),
    new Paragraph({
      keepNext: name !== null,
      tabStops: [{ type: TabStopType.LEFT, position: DATE_TAB }],
      children: [new TextRun({ children: ['Signature', new Tab(), 'Date'] })],
    }),
    ...(name
      ? [new Paragraph({ children: [new TextRun({ text: xmlSafe(name), color: '595959' })] })]
      : []),
  ];
  const doc = new Document({
    title: xmlSafe(`${STATEMENT_HEADING}: ${input.disabilityTitle}`),
    subject: xmlSafe(`Disability: ${input.disabilityTitle}`),
    creator: xmlSafe(name ?? 'Muster'),
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
        children: [
          new Paragraph({ text: STATEMENT_HEADING, heading: HeadingLevel.HEADING_1 }),
          ...statementDetails(input).map(
            (line, index, lines) =>
              new Paragraph({
                spacing: { after: index === lines.length - 1 ? 240 : 0 },
                children: [new TextRun(xmlSafe(line))],
              }),
          ),
          ...bodyParagraphs(input.body).map(paragraphOf),
          ...signatureLines,
        ],
      },
    ],
  });
  return Packer.pack(doc, 'uint8array');
}
