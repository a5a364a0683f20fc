import { degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { LETTER, sizeToFit } from '#src/lib/pdf-forms/page-flow.ts';
import { prepareText, textWidth, wrapText } from '#src/lib/pdf-forms/text-layout.ts';

/**
 * The arithmetic and drawing of a claim packet's own pages: where each item starts, how the index
 * breaks over pages, the cover, and the "Page N of M" stamp every page carries. Pure except for
 * drawing on the pages it is given; `packet-pdf.ts` puts the packet together with it.
 */

export const COVER_HEADING = 'Claim packet';
export const INDEX_HEADING = 'Contents';
export const INDEX_CONTINUED = 'Contents (continued)';
export const REVIEW_NOTICE =
  'Prepared for you to review before you file. This packet has not been filed with VA: Muster does not file claims. Check every page, sign what needs your signature, and file it yourself or with your representative.';

const MARGIN = 72;
const GREY = rgb(0.35, 0.35, 0.35);

// Page numbers ----------------------------------------------------------------------------------

/** The stamp at the foot of each page. */
export function pageLabel(page: number, total: number): string {
  return `Page ${page} of ${total}`;
}

export const STAMP_SIZE = 9;
/** How far the stamp's baseline sits from the page's visible bottom edge, in points. */
export const STAMP_OFFSET = 18;

export type Box = { x: number; y: number; width: number; height: number };
export type Rotation = 0 | 90 | 180 | 270;
export type Placement = { x: number; y: number; rotate: Rotation };

/** A page's /Rotate as one of the four quarter turns (PDF allows any multiple of 90, negative too). */
export function quarterTurn(angle: number): Rotation {
  return ((((Math.round(angle / 90) * 90) % 360) + 360) % 360) as Rotation;
}

/**
 * Where a label `width` points wide is drawn so that it reads left to right, centred at the
 * bottom of the page as shown: a page with /Rotate is turned clockwise by the viewer, so its
 * visible bottom is the right (90), top (180) or left (270) edge of its unrotated box, and the
 * text is turned the other way to stay upright.
 */
export function stampPlacement(
  box: Box,
  rotation: Rotation,
  width: number,
  offset = STAMP_OFFSET,
): Placement {
  switch (rotation) {
    case 90:
      return { x: box.x + box.width - offset, y: box.y + (box.height - width) / 2, rotate: 90 };
    case 180:
      return { x: box.x + (box.width + width) / 2, y: box.y + box.height - offset, rotate: 180 };
    case 270:
      return { x: box.x + offset, y: box.y + (box.height + width) / 2, rotate: 270 };
    default:
      return { x: box.x + (box.width - width) / 2, y: box.y + offset, rotate: 0 };
  }
}

/** Stamps "Page N of M" on every page, N counting from 1 in the order given and M their number. */
export function stampPageNumbers(pages: PDFPage[], font: PDFFont): void {
  pages.forEach((page, index) => {
    const label = pageLabel(index + 1, pages.length);
    const width = textWidth(font, label, STAMP_SIZE);
    const place = stampPlacement(page.getCropBox(), quarterTurn(page.getRotation().angle), width);
    page.drawText(label, {
      x: place.x,
      y: place.y,
      rotate: degrees(place.rotate),
      font,
      size: STAMP_SIZE,
      color: GREY,
    });
  });
}

// Where items start -----------------------------------------------------------------------------

/**
 * The packet's page plan: the cover (page 1), then `indexPages` index pages, then each item in
 * turn. Answers the page each item starts on (null for one with no pages: left out) and the total.
 */
export function planPages(
  indexPages: number,
  itemPages: number[],
): { starts: (number | null)[]; total: number } {
  let next = 1 + indexPages + 1;
  const starts = itemPages.map((pages) => {
    if (pages <= 0) return null;
    const start = next;
    next += pages;
    return start;
  });
  return { starts, total: next - 1 };
}

// The index -------------------------------------------------------------------------------------

/**
 * One line of the index: a section's heading (a disability, or the supporting documents), an
 * item (`item` is its position in the packet's item list), or a note under an item or section.
 */
export type IndexRow =
  | { kind: 'section'; text: string }
  | { kind: 'item'; text: string; item: number }
  | { kind: 'note'; text: string };

/** The height of each kind of row, in points. */
export const ROW_HEIGHT: Record<IndexRow['kind'], number> = { section: 28, item: 17, note: 14 };
/** The height the heading takes at the top of each index page. */
export const INDEX_HEADING_HEIGHT = 36;
/** The room for rows on one index page. */
export const INDEX_CAPACITY = LETTER.height - 2 * MARGIN - INDEX_HEADING_HEIGHT;

/**
 * Breaks the rows over index pages, in order: each page takes rows while they fit in `capacity`
 * points, and a section heading never ends a page (it goes over with the row after it). Every
 * page gets at least one row, so rows taller than a page cannot loop; no rows still make one
 * (empty) page.
 */
export function paginateIndex(rows: IndexRow[], capacity = INDEX_CAPACITY): IndexRow[][] {
  const pages: IndexRow[][] = [[]];
  let used = 0;
  rows.forEach((row, index) => {
    const next = rows[index + 1];
    const height = ROW_HEIGHT[row.kind];
    const needed = height + (row.kind === 'section' && next ? ROW_HEIGHT[next.kind] : 0);
    const current = pages[pages.length - 1]!;
    if (current.length > 0 && used + needed > capacity) {
      pages.push([row]);
      used = height;
      return;
    }
    current.push(row);
    used += height;
  });
  return pages;
}

/** One line of text made drawable (WinAnsi, no line breaks). */
export function oneLine(text: string): string {
  return prepareText(text).replace(/\s+/g, ' ');
}

/** `text`, cut with an ellipsis so that it is at most `maxWidth` wide. */
export function fitWidth(font: PDFFont, text: string, size: number, maxWidth: number): string {
  if (textWidth(font, text, size) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(font, `${chars.join('').trimEnd()}…`, size) > maxWidth) {
    chars.pop();
  }
  return `${chars.join('').trimEnd()}…`;
}

export type PacketFonts = { regular: PDFFont; bold: PDFFont };

/**
 * Draws the index on its pages: a heading on each, then the rows; an item's row ends with the page
 * it starts on (`starts[item]`), or a dash when it was left out.
 */
export function drawIndex(
  pages: PDFPage[],
  rowsByPage: IndexRow[][],
  starts: (number | null)[],
  fonts: PacketFonts,
): void {
  const width = LETTER.width - 2 * MARGIN;
  pages.forEach((page, pageIndex) => {
    let top = LETTER.height - MARGIN;
    const heading = pageIndex === 0 ? INDEX_HEADING : INDEX_CONTINUED;
    page.drawText(heading, { x: MARGIN, y: top - 20, font: fonts.bold, size: 18 });
    top -= INDEX_HEADING_HEIGHT;
    for (const row of rowsByPage[pageIndex] ?? []) {
      const height = ROW_HEIGHT[row.kind];
      if (row.kind === 'section') {
        const text = fitWidth(fonts.bold, oneLine(row.text), 13, width);
        page.drawText(text, { x: MARGIN, y: top - height + 7, font: fonts.bold, size: 13 });
      } else if (row.kind === 'item') {
        const start = starts[row.item] ?? null;
        const number = start === null ? '–' : String(start);
        const numberWidth = textWidth(fonts.regular, number, 11);
        const indent = 12;
        const text = fitWidth(fonts.regular, oneLine(row.text), 11, width - indent - 48);
        const y = top - height + 5;
        page.drawText(text, { x: MARGIN + indent, y, font: fonts.regular, size: 11 });
        page.drawText(number, {
          x: MARGIN + width - numberWidth,
          y,
          font: fonts.regular,
          size: 11,
        });
      } else {
        const indent = 24;
        const text = fitWidth(fonts.regular, oneLine(row.text), 9.5, width - indent);
        page.drawText(text, {
          x: MARGIN + indent,
          y: top - height + 4,
          font: fonts.regular,
          size: 9.5,
          color: GREY,
        });
      }
      top -= height;
    }
  });
}

// The cover -------------------------------------------------------------------------------------

export type CoverInput = {
  claimName: string;
  /** Null when the claim names no veteran record. */
  veteranName: string | null;
  /** The day the packet was made, e.g. 'November 26, 2026'. */
  dateLabel: string;
  /** A line counting what is inside. */
  summary: string;
};

/** The cover: the heading, the claim, the veteran, the date, and what the packet is (and is not). */
export function drawCover(page: PDFPage, input: CoverInput, fonts: PacketFonts): void {
  const width = LETTER.width - 2 * MARGIN;
  let y = LETTER.height - MARGIN - 120;
  page.drawText(COVER_HEADING, { x: MARGIN, y, font: fonts.bold, size: 28 });
  y -= 44;
  const name = oneLine(input.claimName);
  const nameSize = sizeToFit(fonts.bold, name, 18, width);
  page.drawText(name, { x: MARGIN, y, font: fonts.bold, size: nameSize });
  y -= 34;
  const lines = [
    `Veteran: ${input.veteranName ? oneLine(input.veteranName) : 'no veteran record chosen for this claim'}`,
    `Prepared on ${input.dateLabel}`,
    input.summary,
  ];
  for (const line of lines) {
    page.drawText(fitWidth(fonts.regular, oneLine(line), 12, width), {
      x: MARGIN,
      y,
      font: fonts.regular,
      size: 12,
    });
    y -= 20;
  }
  y -= 16;
  page.drawLine({
    start: { x: MARGIN, y: y + 8 },
    end: { x: MARGIN + width, y: y + 8 },
    thickness: 0.5,
    color: GREY,
  });
  y -= 10;
  for (const line of wrapText(prepareText(REVIEW_NOTICE), fonts.bold, 11, width)) {
    page.drawText(line.text, { x: MARGIN, y, font: fonts.bold, size: 11 });
    y -= 15;
  }
}
