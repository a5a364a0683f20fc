import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';

/** Test helpers for the PDF form builders (imported by tests only). */

const VOCABULARY = (
  'I served with the unit at the forward base and the rockets came most nights ' +
  'after that I could not sleep and my wife says I am not the same man “the noise” ' +
  'still wakes me — sometimes twice a night… my sergeant’s name was on the list'
).split(' ');

/**
 * A statement of about `length` characters in paragraphs, with a numbered marker word (m00001,
 * m00002, …) every few words, so a test can tell a lost or repeated passage from a
 * common word found elsewhere.
 */
export function longStatement(length: number): string {
  const paragraphs: string[] = [];
  let words: string[] = [];
  let size = 0;
  let marker = 0;
  for (let index = 0; size < length; index++) {
    const word =
      index % 7 === 0
        ? `m${String(++marker).padStart(5, '0')}`
        : (VOCABULARY[index % VOCABULARY.length] ?? 'word');
    words.push(word);
    size += word.length + 1;
    if (words.length >= 40 + (index % 60)) {
      paragraphs.push(words.join(' '));
      size += 1;
      words = [];
    }
  }
  if (words.length > 0) paragraphs.push(words.join(' '));
  return paragraphs.join('\n\n');
}

export const wordsOf = (text: string): string[] => text.split(/\s+/).filter(Boolean);

/** The marker words (see longStatement) in the order they appear. */
export const markersOf = (text: string): string[] => text.match(/\bm\d{5}\b/g) ?? [];

/** Every word of `expected` appears in `actual`, in the same order (other words may come between). */
export function expectWordsInOrder(actual: string, expected: string): void {
  const haystack = wordsOf(actual);
  let position = 0;
  for (const [index, word] of wordsOf(expected).entries()) {
    const found = haystack.indexOf(word, position);
    if (found === -1) {
      throw new Error(
        `Word ${index} ("${word}") is missing after …${haystack.slice(Math.max(0, position - 8), position).join(' ')}`,
      );
    }
    position = found + 1;
  }
  // Every marker once, in order: nothing lost, nothing repeated.
  expect(markersOf(actual)).toEqual(markersOf(expected));
}

/** The text of each page, as a PDF reader extracts it. */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  // pdf.js takes over the buffer it is given: it gets a copy.
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: false });
  return text;
}

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}
