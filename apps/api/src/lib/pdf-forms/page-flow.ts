import { type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { prepareText, splitParagraphs, textWidth, wrapText } from './text-layout.ts';

/** US Letter, in points. */
export const LETTER = { width: 612, height: 792 } as const;

export type TextStyle = { font: PDFFont; size: number; lineHeight: number };

export type PageFlowOptions = {
  margin: { top: number; right: number; bottom: number; left: number };
  /** Draws what every page starts with (a running header) and returns where the text starts (y). */
  startPage?: (page: PDFPage) => number;
};

const GREY = rgb(0.35, 0.35, 0.35);

/** `size`, or smaller when one line of `text` would be wider than `maxWidth` (never below 5). */
export function sizeToFit(font: PDFFont, text: string, size: number, maxWidth: number): number {
  const width = textWidth(font, text, size);
  return width <= maxWidth ? size : Math.max(5, (size * maxWidth) / width);
}

/**
 * Text flowing down Letter pages: paragraphs are wrapped to the text width and continue on a new
 * page where the last one ends. Pages are added to the end of the document.
 */
export class PageFlow {
  readonly pages: PDFPage[] = [];
  private page: PDFPage | undefined;
  /** The top of the next line. */
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    private readonly options: PageFlowOptions,
  ) {}

  get left(): number {
    return this.options.margin.left;
  }

  get width(): number {
    return LETTER.width - this.options.margin.left - this.options.margin.right;
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([LETTER.width, LETTER.height]);
    this.pages.push(page);
    this.page = page;
    this.y = this.options.startPage?.(page) ?? LETTER.height - this.options.margin.top;
    return page;
  }

  /** The current page, with at least `height` points left on it (a new page when not). */
  private room(height: number): PDFPage {
    if (!this.page || this.y - height < this.options.margin.bottom) return this.newPage();
    return this.page;
  }

  /** Starts a new page unless `height` points are left on this one (keeps a block together). */
  keepTogether(height: number): void {
    this.room(height);
  }

  space(height: number): void {
    if (this.page) this.y -= height;
  }

  /** One paragraph of prepared text (its line breaks kept), wrapped to the text width. */
  paragraph(text: string, style: TextStyle, spaceAfter = 0): void {
    const { font, size, lineHeight } = style;
    for (const line of wrapText(text, font, size, this.width)) {
      const page = this.room(lineHeight);
      // The baseline sits so that a line's ascenders and descenders stay inside its line height.
      const baseline = this.y - (lineHeight + size * 0.718 - size * 0.207) / 2;
      if (line.text !== '') {
        page.drawText(line.text, { x: this.left, y: baseline, font, size });
      }
      this.y -= lineHeight;
    }
    this.space(spaceAfter);
  }

  /** Any text (a statement body): made drawable, then each paragraph in turn. */
  text(text: string, style: TextStyle, paragraphSpacing: number): void {
    for (const paragraph of splitParagraphs(prepareText(text))) {
      this.paragraph(paragraph, style, paragraphSpacing);
    }
  }

  /** A horizontal rule across the text width. */
  rule(spaceAround: number): void {
    const page = this.room(spaceAround * 2);
    this.y -= spaceAround;
    page.drawLine({
      start: { x: this.left, y: this.y },
      end: { x: this.left + this.width, y: this.y },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= spaceAround;
  }

  /**
   * Two blanks to fill by hand, "Signature" and "Date", kept together on one page. `signer` (the
   * veteran's name) is printed under the signature label when known.
   */
  signatureLines(style: TextStyle, signer: string | null): void {
    const height = 40 + style.lineHeight * 2;
    const page = this.room(height);
    const lineY = this.y - 36;
    const split = this.left + this.width * 0.62;
    const gap = 24;
    for (const [start, end] of [
      [this.left, split - gap],
      [split, this.left + this.width],
    ] as const) {
      page.drawLine({ start: { x: start, y: lineY }, end: { x: end, y: lineY }, thickness: 0.75 });
    }
    const labelY = lineY - style.size - 3;
    page.drawText('Signature', { x: this.left, y: labelY, font: style.font, size: style.size });
    page.drawText('Date', { x: split, y: labelY, font: style.font, size: style.size });
    if (signer) {
      const name = prepareText(signer).replace(/\s+/g, ' ');
      page.drawText(name, {
        x: this.left,
        y: labelY - style.lineHeight,
        font: style.font,
        size: sizeToFit(style.font, name, style.size, split - gap - this.left),
        color: GREY,
      });
    }
    this.y -= height;
  }
}

/**
 * Writes "Page N of M" (after `prefix`, when given) at the foot of each page, centred; M counts
 * the pages given.
 */
export function drawPageNumbers(
  pages: PDFPage[],
  font: PDFFont,
  options: { size: number; y: number; prefix?: string },
): void {
  pages.forEach((page, index) => {
    const label = `${options.prefix ?? ''}Page ${index + 1} of ${pages.length}`;
    const width = textWidth(font, label, options.size);
    page.drawText(label, {
      x: (LETTER.width - width) / 2,
      y: options.y,
      font,
      size: options.size,
      color: GREY,
    });
  });
}
