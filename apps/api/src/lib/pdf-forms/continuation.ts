import type { PDFDocument, PDFFont } from 'pdf-lib';
import type { VeteranIdentity } from './identity.ts';
import { LETTER, PageFlow, drawPageNumbers, sizeToFit } from './page-flow.ts';
import { prepareText, splitParagraphs } from './text-layout.ts';

/**
 * Pages attached after a VA form for what its boxes cannot hold. VA accepts attached pages; each
 * one names the form and the item it continues, and carries the veteran's name and the last four
 * digits of the SSN so a loose page still finds its file. The last page has a signature line.
 */

export type ContinuationSection = {
  /** The item continued, e.g. 'Item 14. Remarks (continued)'; null for one untitled section. */
  heading: string | null;
  /** Plain text; paragraphs separated by a blank line. */
  text: string;
};

const MARGIN = { top: 54, right: 54, bottom: 54, left: 54 };
const BODY_SIZE = 10;
const BODY = { size: BODY_SIZE, lineHeight: 13 };

function identityLine(identity: VeteranIdentity | null, withFileNumber: boolean): string {
  const name = identity?.fullName || '______________________________';
  const lastFour = identity?.ssn?.last ?? '______';
  const fileNumber = withFileNumber && identity?.vaFileNumber;
  return fileNumber
    ? `Veteran: ${name} · VA file number: ${fileNumber} · Last four of SSN: ${lastFour}`
    : `Veteran: ${name} · Last four of SSN: ${lastFour}`;
}

export function appendContinuationPages(
  doc: PDFDocument,
  fonts: { font: PDFFont; boldFont: PDFFont },
  options: {
    /** Heads every page, e.g. 'VA Form 21-4138 — continuation of remarks (Section II)'. */
    title: string;
    /** Put before each page number, e.g. 'VA Form 21-4138, attached '. */
    pageLabel: string;
    identity: VeteranIdentity | null;
    /** Also name the VA file number, when the record has one (forms that ask for it on every sheet). */
    withFileNumber?: boolean;
    sections: ContinuationSection[];
  },
): void {
  const { font, boldFont } = fonts;
  const title = prepareText(options.title);
  const identity = prepareText(
    identityLine(options.identity, options.withFileNumber ?? false),
  ).replace(/\s*\n\s*/g, ' ');
  const flow = new PageFlow(doc, {
    margin: MARGIN,
    startPage: (page) => {
      let y = LETTER.height - MARGIN.top - 12;
      page.drawText(title, { x: MARGIN.left, y, font: boldFont, size: 12 });
      y -= 16;
      // A very long name makes the line smaller rather than run off the page.
      const size = sizeToFit(font, identity, 9, LETTER.width - MARGIN.left - MARGIN.right);
      page.drawText(identity, { x: MARGIN.left, y, font, size });
      y -= 8;
      page.drawLine({
        start: { x: MARGIN.left, y },
        end: { x: LETTER.width - MARGIN.right, y },
        thickness: 0.5,
      });
      return y - 10;
    },
  });
  for (const section of options.sections) {
    if (section.heading) {
      // A heading is not left alone at the foot of a page.
      flow.keepTogether(BODY.lineHeight * 4);
      flow.paragraph(prepareText(section.heading), { font: boldFont, ...BODY }, 4);
    }
    for (const paragraph of splitParagraphs(prepareText(section.text))) {
      flow.paragraph(paragraph, { font, ...BODY }, 6);
    }
    flow.space(6);
  }
  flow.signatureLines({ font, size: 9, lineHeight: 12 }, options.identity?.fullName || null);
  drawPageNumbers(flow.pages, font, { size: 8, y: 30, prefix: options.pageLabel });
}
