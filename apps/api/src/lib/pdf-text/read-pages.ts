import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
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
/** Pages whose text layers are asked of pdf.js at once, ahead of the page being kept. */
const TEXT_LAYERS_AHEAD = 4;
/** The bytes pdf.js asks for at a time. */
const RANGE_CHUNK_BYTES = 8 * 1024;

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

/** How long one range of a stored object may take before the read counts as failed. */
const STORAGE_READ_TIMEOUT_MS = 60_000;

/**
 * A stored object read by ranges through the storage driver (the local driver decrypts only the
 * chunks a range touches; S3 answers ranged GETs). A range not read within `timeoutMs` (a stalled
 * connection) fails, so a stuck read ends instead of holding its chunk forever.
 */
export function storageSource(
  driver: StorageDriver,
  key: string,
  size: number,
  options: { timeoutMs?: number } = {},
): PdfSource {
  const timeoutMs = options.timeoutMs ?? STORAGE_READ_TIMEOUT_MS;
  return {
    size,
    async read(start, end) {
      if (end <= start) return new Uint8Array(0);
      let stream: Readable | undefined;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('a range of the stored file took too long to read')),
          timeoutMs,
        );
      });
      const reading = (async () => {
        stream = await driver.openRead(key, { start, end: end - 1 });
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      })();
      try {
        return await Promise.race([reading, timedOut]);
      } catch (error) {
        reading.catch(() => undefined);
        stream?.destroy();
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

type PdfJs = Awaited<ReturnType<typeof getResolvedPDFJS>>;
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

/**
 * The most pixels of one image pdf.js decodes: a larger one (a huge scan) is left out rather than
 * held in memory, so one page cannot take the process down.
 */
const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * A file at least this large is never read whole. pdf.js asks for the whole file at once when it
 * cannot trust the file's cross-reference table (a damaged file) and rebuilds it by scanning;
 * such a file is refused instead.
 */
const FULL_LOAD_LIMIT_BYTES = 32 * 1024 * 1024;

/** What pages are read from an open PDF: a range, with pages to skip and the fast path's file. */
export type PageRange = {
  first: number;
  last: number;
  skip?: ReadonlySet<number>;
  pdftotext?: { path: string; file: string } | null;
  signal?: AbortSignal;
};

/**
 * A PDF opened once (its page tree read once) and read range by range: a job reading several
 * chunks of one file keeps it open between them. One OCR engine serves every range, started on
 * the first scanned page; `close` stops it, and always frees the document too.
 */
export type OpenPdf = {
  numPages: number;
  /**
   * Bytes of the file read so far. pdf.js keeps every range it has read until the document is
   * closed, so this is about what the document holds in memory.
   */
  loadedBytes(): number;
  pages(range: PageRange): AsyncGenerator<ReadPage>;
  close(): Promise<void>;
};

type Opened = {
  pdf: PdfDocument;
  loadedBytes: () => number;
  failure: () => unknown;
  /** `work`, or its end as soon as the transport fails (pdf.js would wait for the bytes). */
  guard: <T>(work: Promise<T>) => Promise<T>;
  destroy: () => Promise<void>;
};

/**
 * Opens a PDF through a range transport: only what is needed is read, a few kilobytes at a time
 * (a long file's page tree is many small objects, and each read brings a whole chunk). A read that
 * fails ends the loading and is thrown as it was; a request for the whole of a large file (a
 * damaged file being rebuilt) is refused as an unreadable file.
 */
async function openDocument(
  source: PdfSource,
  limits: { fullLoadBytes?: number } = {},
): Promise<Opened> {
  const pdfjs = await getResolvedPDFJS();
  const fullLoadBytes = limits.fullLoadBytes ?? FULL_LOAD_LIMIT_BYTES;
  let failure: unknown;
  let loaded = 0;
  let rejectFailed: (error: unknown) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    rejectFailed = reject;
  });
  failed.catch(() => undefined);
  const guard = <T>(work: Promise<T>) => Promise.race([work, failed]);
  const fail = (error: unknown) => {
    failure ??= error;
    rejectFailed(failure);
    void task.destroy();
  };
  class Transport extends pdfjs.PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number) {
      if (failure) return;
      const upTo = Math.min(end, source.size);
      if (source.size >= fullLoadBytes && upTo - begin > source.size / 2) {
        fail(new PdfReadError('invalid'));
        return;
      }
      source.read(begin, upTo).then((bytes) => {
        loaded += bytes.length;
        this.onDataRange(begin, bytes);
      }, fail);
    }
  }
  const transport = new Transport(source.size, new Uint8Array(0));
  const task = pdfjs.getDocument({
    range: transport,
    rangeChunkSize: RANGE_CHUNK_BYTES,
    disableAutoFetch: true,
    disableStream: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    verbosity: 0,
  });
  try {
    const pdf = await guard(task.promise);
    return {
      pdf,
      loadedBytes: () => loaded,
      failure: () => failure,
      guard,
      destroy: () => task.destroy(),
    };
  } catch (error) {
    await task.destroy().catch(() => undefined);
    if (failure) throw failure;
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw new PdfReadError('encrypted');
    throw new PdfReadError('invalid');
  }
}

/**
 * Opens a PDF to read ranges of its pages (see `OpenPdf`). The OCR engine given is the caller's
 * and is left running; without one, one is started on the first scanned page and stopped by
 * `close`. `fullLoadBytes` lowers the size from which reading the whole file is refused (tests).
 */
export async function openPdf(
  source: PdfSource,
  options: { ocr?: Ocr | (() => Promise<Ocr>); fullLoadBytes?: number } = {},
): Promise<OpenPdf> {
  if (source.size === 0) throw new PdfReadError('invalid');
  const opened = await openDocument(
    source,
    options.fullLoadBytes === undefined ? {} : { fullLoadBytes: options.fullLoadBytes },
  );
  let ownOcr: Promise<Ocr> | undefined;
  const given = options.ocr;
  const ocr = () =>
    typeof given === 'function'
      ? given()
      : given
        ? Promise.resolve(given)
        : (ownOcr ??= createOcr());
  return {
    numPages: opened.pdf.numPages,
    loadedBytes: opened.loadedBytes,
    pages: (range) => readRange(opened, range, ocr),
    async close() {
      try {
        // Stopped first and whatever else fails: an engine left running holds its worker thread.
        const engine = ownOcr;
        ownOcr = undefined;
        if (engine) await (await engine.catch(() => undefined))?.close();
      } finally {
        await opened.destroy();
      }
    },
  };
}

/** The number of pages of a PDF (its page tree only is read). */
export async function countPdfPages(
  source: PdfSource,
  options: { fullLoadBytes?: number } = {},
): Promise<number> {
  const pdf = await openPdf(source, options);
  try {
    return pdf.numPages;
  } finally {
    await pdf.close();
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

/** The page's largest image as a PNG to read by OCR, or null when it paints none. */
async function largestImage(pdf: PdfDocument, pageNumber: number) {
  const images = await findPageImages(pdf, pageNumber);
  const largest = images.sort((a, b) => b.width * b.height - a.width * a.height)[0];
  const page = await pdf.getPage(pageNumber);
  page.cleanup();
  // An image painted on several pages stays decoded in the document's own cache; a scan a page is
  // tens of megabytes decoded, so the cache is emptied after each one.
  await pdf.cleanup();
  return largest ? encodePng(largest) : null;
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
  options: PageRange & { ocr?: Ocr },
): AsyncGenerator<ReadPage> {
  const { ocr, ...range } = options;
  const pdf = await openPdf(source, ocr ? { ocr } : {});
  try {
    yield* pdf.pages(range);
  } finally {
    await pdf.close();
  }
}

async function* readRange(
  opened: Opened,
  options: PageRange,
  ocr: () => Promise<Ocr>,
): AsyncGenerator<ReadPage> {
  const { first, signal } = options;
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
  const quickText = (page: number) => {
    const quick = fast?.[page - first];
    return quick !== undefined && hasText(quick) ? quick : null;
  };
  // Text layers are asked for a few pages ahead of the page being kept: while one page waits for
  // its bytes, pdf.js works on the next ones instead of sitting idle.
  const ahead = new Map<number, Promise<string>>();
  const askAhead = (page: number) => {
    if (ahead.has(page) || options.skip?.has(page) || quickText(page) !== null) return;
    const layer = opened.guard(textLayer(opened.pdf, page));
    layer.catch(() => undefined);
    ahead.set(page, layer);
  };
  try {
    for (let page = first; page <= last; page++) {
      signal?.throwIfAborted();
      if (options.skip?.has(page)) continue;
      const quick = quickText(page);
      if (quick !== null) {
        yield { page, text: quick, source: 'pdftotext' };
        continue;
      }
      for (let next = page; next <= Math.min(last, page + TEXT_LAYERS_AHEAD - 1); next++) {
        askAhead(next);
      }
      const layer = ahead.get(page) ?? opened.guard(textLayer(opened.pdf, page));
      ahead.delete(page);
      yield await readOne(opened, page, layer, ocr, () => Promise.allSettled(ahead.values()));
    }
  } finally {
    // A stopped reading lets the layers already asked for finish before the document can close.
    await Promise.allSettled(ahead.values());
  }
  if (opened.failure()) throw opened.failure();
}

async function readOne(
  opened: Opened,
  page: number,
  textLayerRead: Promise<string>,
  ocr: () => Promise<Ocr>,
  settleAhead: () => Promise<unknown>,
): Promise<ReadPage> {
  const { pdf } = opened;
  let layer = '';
  let image: Buffer | null;
  try {
    layer = await textLayerRead;
    if (hasText(layer)) return { page, text: layer, source: 'text' };
    // The image cache is emptied after a scan; the text layers asked for ahead are left to finish
    // first, so nothing they use is dropped under them.
    await settleAhead();
    image = await opened.guard(largestImage(pdf, page));
  } catch (error) {
    // A page pdf.js cannot take apart (a broken object in one page of a long file) reads as
    // having no text, so the rest of the file is still read; a failed read of the source is not
    // the page's fault and stops the reading.
    if (opened.failure()) throw opened.failure();
    if ((error as { name?: string } | null)?.name === 'AbortError') throw error;
    return { page, text: layer, source: 'none' };
  }
  if (image === null) return { page, text: layer, source: 'none' };
  // OCR that fails (the engine does not start, or breaks on the image) is not the page's fault:
  // it is thrown, so the chunk is read again and, failing every time, fails visibly, rather than
  // keeping the page as one without text that is never read again.
  return { page, text: await (await ocr()).read(image), source: 'ocr' };
}
