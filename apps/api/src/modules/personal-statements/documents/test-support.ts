import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import yauzl from 'yauzl';
import { expect } from 'vitest';
import type { FormVeteran, StatementDocumentInput } from './types.ts';

/** Test helpers for the document builders (imported by the tests of this folder only). */

export const VETERAN: FormVeteran = {
  first_name: 'Christopher-Alexander',
  middle_name: 'quinn',
  last_name: 'Montgomery-Wellington III',
  ssn: '123-45-6789',
  va_file_number: '87654321',
  service_number: 'RA1234567',
  date_of_birth: '1970-03-04',
  address: {
    line1: '1234 Veterans Memorial Highway North',
    line2: 'Apt 4B',
    line3: null,
    city: 'Fayetteville',
    state: 'nc',
    zip_code: '28301-1234',
  },
  phone: '9105551234',
  email: 'christopher.montgomery@example.com',
};

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

export const statementInput = (overrides: Partial<StatementDocumentInput> = {}) => ({
  veteran: VETERAN,
  disabilityTitle: 'Post-traumatic stress disorder (PTSD)',
  body: 'First paragraph of my statement.\n\nSecond paragraph, with a line\nbreak inside it.',
  version: 3,
  dateLabel: 'November 25, 2026',
  ...overrides,
});

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

/** One file of a zip archive, as text. */
export function readZipEntry(bytes: Uint8Array, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
        });
      });
      zip.on('end', () => reject(new Error(`${name} is not in the archive`)));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const XML_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
};

/** The text of each paragraph of a WordprocessingML document (line breaks as '\n'). */
export function docxParagraphs(documentXml: string): string[] {
  return [...documentXml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([paragraph]) =>
    [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:br\/>/g)]
      .map(([element, text]) =>
        element.startsWith('<w:br')
          ? '\n'
          : (text ?? '').replace(
              /&(amp|lt|gt|quot|apos);/g,
              (entity) => XML_ENTITIES[entity] ?? entity,
            ),
      )
      .join(''),
  );
}
