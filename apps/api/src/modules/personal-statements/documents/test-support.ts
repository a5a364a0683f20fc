import yauzl from 'yauzl';
import type { FormVeteran, StatementDocumentInput } from './types.ts';

/** Test helpers for the document builders (imported by the tests of this folder only). */

export {
  expectWordsInOrder,
  loadPdf,
  longStatement,
  pdfPageTexts,
  wordsOf,
} from '#src/lib/pdf-forms/test-support.ts';

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

export const statementInput = (overrides: Partial<StatementDocumentInput> = {}) => ({
  veteran: VETERAN,
  disabilityTitle: 'Post-traumatic stress disorder (PTSD)',
  body: 'First paragraph of my statement.\n\nSecond paragraph, with a line\nbreak inside it.',
  version: 3,
  dateLabel: 'November 25, 2026',
  ...overrides,
});

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
