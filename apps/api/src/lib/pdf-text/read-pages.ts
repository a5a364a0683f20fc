import { open } from 'node:fs/promises';
import { getResolvedPDFJS } from 'unpdf';
import type { StorageDriver } from '#src/modules/storage/storage-driver.ts';
import { createOcr } from './extract-pages.ts';
import { findPageImages } from './page-images.ts';
import { pdftotextPages } from './pdftotext.ts';
import { encodePng } from './png.ts';

/**
 * A PDF read by byte ranges, so a file of hundreds of megabytes is never held whole: pdf.js asks
 * for the ranges it needs (the cross-reference table, then each page's objects). `end` is
 * exclusive.
 */
export type PdfSource = {
  size: number;
  read(start: number, end: number): Promise<Uint8Array>;
  close?(): Promise<void>;
};

export type Ocr = Awaited<ReturnType<typeof createOcr>>;

/** How a page's text was read: pdf.js's text layer, Poppler's pdftotext, OCR, or not at all. */
export type ReadPage = {
  page: number;
  text: string;
  source: 'text' | 'pdftotext' | 'ocr' | 'none';
};

/** A page with fewer characters than this in its text layer is treated as a scan. */
const MIN_TEXT_LAYER_CHARS = 20;
/** The bytes pdf.js asks for at a time. */
const RANGE_CHUNK_BYTES = 64 * 1024;

/** Why a PDF cannot be read at all; `kind` says which words to give the veteran. */
export class PdfReadError extends Error {
  constructor(readonly kind: 'encrypted' | 'invalid') {
    super(
      kind === 'encrypted' ? 'the PDF is password-protected' : 'the file is not a readable PDF',
    );
  }
}

const hasText = (text: string) => text.replace(/\s+/g, '').length >= MIN_TEXT_LAYER_CHARS;

/** A PDF file on disk, read at offsets. */
export async function fileSource(path: string): Promise<PdfSource & { close(): Promise<void> }> {
  const handle = await open(path, 'r');
  const { size } = await handle.stat();
  return {
    size,
    async read(start, end) {
      const bytes = new Uint8Array(Math.max(0, end - start));
      let done = 0;
      while (done < bytes.length) {
        const { bytesRead } = await handle.read(bytes, done, bytes.length - done, start + done);
        if (bytesRead === 0) break;
        done += bytesRead;
      }
      return bytes.subarray(0, done);
    },
    close: () => handle.close(),
  };
}

/**
 * A stored object read by ranges through the storage driver (the local driver decrypts only the
 * chunks a range touches; S3 answers ranged GETs).
 */
export function storageSource(driver: StorageDriver, key: string, size: number): PdfSource {
  return {
    size,
    async read(start, end) {
      if (end <= start) return new Uint8Array(0);
      const chunks: Buffer[] = [];
      for await (const chunk of await driver.openRead(key, { start, end: end - 1 })) {
        chunks.push(chunk as Buffer);
      }
      return Buffer.concat(chunks);
    },
  };
}

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/**
 * Opens a PDF through a range transport: only what is needed is read, 64 KB at a time. A read that
 * fails ends the loading and is thrown as it was.
 */
async function openPdf(source: PdfSource): Promise<{
  pdf: PdfDocument;
  failure: () => unknown;
  destroy: () => Promise<void>;
}> {
  const pdfjs = await getResolvedPDFJS();
  let failure: unknown;
  class Transport extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      source.read(begin, Math.min(end, source.size)).then(
        (bytes) => this.onDataRange(begin, bytes),
        (error: unknown) => {
          failure ??= error;
          void task.destroy();
        },
      );
    }
  }
  const transport = new Transport(source.size, new Uint8Array(0));
  const task = pdfjs.getDocument({
    range: transport,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    verbosity: 0,
  });
  try {
    const pdf = await task.promise;
    return { pdf, failure: () => failure, destroy: () => task.destroy() };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (failure) throw failure;
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw new PdfReadError('encrypted');
    throw new PdfReadError('invalid');
  }
}

/** The number of pages of a PDF (its page tree only is read). */
export async function countPdfPages(source: PdfSource): Promise<number> {
  if (source.size === 0) throw new PdfReadError('invalid');
  const { pdf, destroy } = await openPdf(source);
  try {
    return pdf.numPages;
  } finally {
    await destroy();
  }
}

/** A page's text layer as unpdf's extractText gives it (a line break where pdf.js ends a line). */
async function textLayer(pdf: PdfDocument, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    return content.items
      .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
      .join('');
  } finally {
    page.cleanup();
  }
}

/** The page's largest image read by OCR, or null when it paints none. */
async function ocrPage(pdf: PdfDocument, pageNumber: number, ocr: () => Promise<Ocr>) {
  const images = await findPageImages(pdf, pageNumber);
  const largest = images.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  const page = await pdf.getPage(pageNumber);
  page.cleanup();
  if (!largest) return null;
  return (await ocr()).read(encodePng(largest));
}

/**
 * The text of pages `first` to `last` of a PDF (those past its end are left out, and `skip`'s
 * are not read), one page at a time: with `pdftotext` (a plain file on disk and the program's
 * path) each page's text comes from one run of Poppler for the whole range; a page without
 * enough text there is read by pdf.js, its text layer first, then its largest image by OCR. The
 * OCR engine given is the caller's; without one, one is started on the first scanned page and
 * stopped at the end. `signal` stops the reading between pages.
 */
export async function* readPdfPages(
  source: PdfSource,
  options: {
    first: number;
    last: number;
    skip?: ReadonlySet<number>;
    pdftotext?: { path: string; file: string } | null;
    ocr?: Ocr;
    signal?: AbortSignal;
  },
): AsyncGenerator<ReadPage> {
  const { first, signal } = options;
  let opened: Awaited<ReturnType<typeof openPdf>> | undefined;
  let ownOcr: Ocr | undefined;
  const ocr = async () => options.ocr ?? (ownOcr ??= await createOcr());
  try {
    opened = await openPdf(source);
    const last = Math.min(options.last, opened.pdf.numPages);
    const fast = options.pdftotext
      ? await pdftotextPages({
          path: options.pdftotext.path,
          file: options.pdftotext.file,
          first,
          last,
          ...(signal ? { signal } : {}),
        }).catch(() => null)
      : null;
    for (let page = first; page <= last; page++) {
      signal?.throwIfAborted();
      if (options.skip?.has(page)) continue;
      const quick = fast?.[page - first];
      if (quick !== undefined && hasText(quick)) {
        yield { page, text: quick, source: 'pdftotext' };
        continue;
      }
      yield await readOne(opened, page, ocr);
    }
    if (opened.failure()) throw opened.failure();
  } finally {
    await ownOcr?.close();
    await opened?.destroy();
  }
}

async function readOne(
  opened: Awaited<ReturnType<typeof openPdf>>,
  page: number,
  ocr: () => Promise<Ocr>,
): Promise<ReadPage> {
  const { pdf } = opened;
  let layer = '';
  try {
    layer = await textLayer(pdf, page);
    if (hasText(layer)) return { page, text: layer, source: 'text' };
    const read = await ocrPage(pdf, page, ocr);
    return read === null
      ? { page, text: layer, source: 'none' }
      : { page, text: read, source: 'ocr' };
  } catch (error) {
    // A page pdf.js cannot take apart (a broken object in one page of a long file) reads as
    // having no text, so the rest of the file is still read; a failed read of the source is not
    // the page's fault and stops the reading.
    if (opened.failure()) throw opened.failure();
    if ((error as { name?: string } | null)?.name === 'AbortError') throw error;
    return { page, text: layer, source: 'none' };
  }
}
