import type { PDFFont } from 'pdf-lib';
import { joinLines, wrapText } from './text-layout.ts';

/**
 * What fits in a multi-line form box. pdf-lib draws a box's text from the top, one line every
 * 1.2 × the font's height, wrapping at spaces where a line would reach the box's width; these
 * functions wrap the same way, one safety margin narrower, so what they decide fits is drawn
 * whole (and still fits when a viewer redraws the box with its own, slightly different, margins).
 */

/** The text area of a box (its rectangle less border and padding) and the font size set on it. */
export type Box = { width: number; height: number; fontSize: number };

/** Points kept free at the right of every line. */
const WIDTH_MARGIN = 4;

/** How many lines of text the box shows. */
export function linesThatFit(box: Box, font: PDFFont): number {
  const height = font.heightAtSize(box.fontSize);
  const descent = height - font.heightAtSize(box.fontSize, { descender: false });
  // n lines need n line heights down to the last baseline, then room for its descenders.
  return Math.max(0, Math.floor((box.height - descent) / (height * 1.2) + 1e-9));
}

function wrapFor(text: string, box: Box, font: PDFFont) {
  return wrapText(text, font, box.fontSize, box.width - WIDTH_MARGIN);
}

/** The text as the box shows it (its line breaks placed) when all of it fits; null when not. */
export function fitWhole(text: string, box: Box, font: PDFFont): string | null {
  const lines = wrapFor(text, box, font);
  return lines.length <= linesThatFit(box, font) ? joinLines(lines, '\n') : null;
}

/**
 * Pours prepared text into boxes in turn (each its own width and height) and returns what each box
 * holds and what is left for continuation pages. When text is left, the last box ends with
 * `note` after a blank line. Breaks fall between words; a blank line at a box boundary is dropped.
 * A word too wide for a whole line is split with a line break in the box's value.
 */
export function pourIntoBoxes(
  text: string,
  boxes: Box[],
  font: PDFFont,
  note: string,
): { values: string[]; rest: string } {
  const values: string[] = [];
  let rest = text;
  boxes.forEach((box, index) => {
    if (rest === '') {
      values.push('');
      return;
    }
    const lines = wrapFor(rest, box, font);
    const capacity = linesThatFit(box, font);
    if (lines.length <= capacity) {
      values.push(joinLines(lines, '\n'));
      rest = '';
      return;
    }
    const isLast = index === boxes.length - 1;
    const noteLines = isLast ? wrapFor(note, box, font).length + 1 : 0;
    const kept = Math.max(0, capacity - noteLines);
    const value = joinLines(lines.slice(0, kept), '\n').replace(/\n+$/, '');
    values.push(isLast ? (value ? `${value}\n\n${note}` : note) : value);
    rest = joinLines(lines.slice(kept), '').replace(/^\n+/, '');
  });
  return { values, rest };
}

/**
 * The text for a small box: all of it when it fits, else its start with '…' and `suffix`
 * (e.g. "(continued on attached page)"), and `complete: false` so the caller puts the whole text
 * on a continuation page.
 */
export function fitWithSuffix(
  text: string,
  box: Box,
  font: PDFFont,
  suffix: string,
): { value: string; complete: boolean } {
  const capacity = linesThatFit(box, font);
  const lines = wrapFor(text, box, font);
  if (lines.length <= capacity) return { value: joinLines(lines, '\n'), complete: true };
  const words = text.split(/\s+/).filter(Boolean);
  const shown = lines
    .slice(0, capacity)
    .reduce((count, line) => count + line.text.split(' ').length, 0);
  for (let count = Math.min(shown, words.length); count > 0; count--) {
    const candidate = `${words.slice(0, count).join(' ')}… ${suffix}`;
    const candidateLines = wrapFor(candidate, box, font);
    if (candidateLines.length <= capacity) {
      return { value: joinLines(candidateLines, '\n'), complete: false };
    }
  }
  return { value: suffix, complete: false };
}
