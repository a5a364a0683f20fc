import type { PDFFont } from 'pdf-lib';
import { toWinAnsi } from './win-ansi.ts';

/**
 * Line breaking for Helvetica, shared by the pages this folder draws and by the form boxes it
 * fills. Widths are measured without kerning, as pdf-lib draws, so a measured line is exactly as
 * wide as the drawn one.
 */

/** How a wrapped line ends: at a space, at a line break of the text, inside a word too long for one line, or at the end. */
export type LineEnd = 'soft' | 'hard' | 'forced' | 'end';
export type VisualLine = { text: string; end: LineEnd };

/** Glyph widths (per 1000 pt of size) by font name, then character: standard fonts never change. */
const glyphWidths = new Map<string, Map<string, number>>();

/** The width in points of `text` (WinAnsi only) drawn in `font` at `size`. */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let widths = glyphWidths.get(font.name);
  if (!widths) {
    widths = new Map();
    glyphWidths.set(font.name, widths);
  }
  let units = 0;
  for (const char of text) {
    let width = widths.get(char);
    if (width === undefined) {
      width = font.widthOfTextAtSize(char, 1000);
      widths.set(char, width);
    }
    units += width;
  }
  return (units * size) / 1000;
}

/**
 * The text as it is laid out: drawable characters only (see `toWinAnsi`), runs of spaces made
 * one, no spaces at line ends, at most one blank line between paragraphs, no blank lines at the
 * ends.
 */
export function prepareText(text: string): string {
  return toWinAnsi(text)
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The paragraphs of prepared text (separated by a blank line); each may hold line breaks. */
export function splitParagraphs(text: string): string[] {
  return text.split(/\n{2,}/).filter((paragraph) => paragraph !== '');
}

/** Splits a word wider than `maxWidth` into pieces that each fit (at least one character each). */
function splitWord(word: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && textWidth(font, piece + char, size) >= maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  pieces.push(piece);
  return pieces;
}

/**
 * Greedy line breaking of prepared text: each line is narrower than `maxWidth` (the test pdf-lib
 * applies), breaks fall between words, and a word wider than a whole line is split where it must.
 * Every line of the text gives at least one line, so a blank line stays a blank line.
 */
export function wrapText(
  text: string,
  font: PDFFont,
  size: number,
  maxWidth: number,
): VisualLine[] {
  const lines: VisualLine[] = [];
  const spaceWidth = textWidth(font, ' ', size);
  const hardLines = text.split('\n');
  hardLines.forEach((hardLine, index) => {
    const lastEnd: LineEnd = index === hardLines.length - 1 ? 'end' : 'hard';
    let line = '';
    let lineWidth = 0;
    const startLine = (word: string, wordWidth: number) => {
      if (wordWidth < maxWidth) {
        line = word;
        lineWidth = wordWidth;
        return;
      }
      const pieces = splitWord(word, font, size, maxWidth);
      const last = pieces.pop() ?? '';
      for (const piece of pieces) lines.push({ text: piece, end: 'forced' });
      line = last;
      lineWidth = textWidth(font, last, size);
    };
    for (const word of hardLine.split(' ')) {
      if (word === '') continue;
      const wordWidth = textWidth(font, word, size);
      if (line === '') {
        startLine(word, wordWidth);
      } else if (lineWidth + spaceWidth + wordWidth < maxWidth) {
        line += ` ${word}`;
        lineWidth += spaceWidth + wordWidth;
      } else {
        lines.push({ text: line, end: 'soft' });
        startLine(word, wordWidth);
      }
    }
    lines.push({ text: line, end: lastEnd });
  });
  return lines;
}

/**
 * Wrapped lines back into text: a space where a line broke at a space, a line break where the text
 * had one, and `forcedBreak` inside a split word ('\n' keeps the split for a form box, '' joins
 * the word again).
 */
export function joinLines(lines: VisualLine[], forcedBreak: '\n' | ''): string {
  let text = '';
  for (const line of lines) {
    text += line.text;
    if (line.end === 'soft') text += ' ';
    else if (line.end === 'hard') text += '\n';
    else if (line.end === 'forced') text += forcedBreak;
  }
  return text;
}
