import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPdftotext, pdftotextPages } from './pdftotext.ts';
import {
  countPdfPages,
  fileSource,
  openPdf,
  PdfReadError,
  readPdfPages,
  storageSource,
  type PdfSource,
  type ReadPage,
} from './read-pages.ts';

const SCANNED = new URL(
  '../../../../../packages/domain/src/decision-letters/fixtures/pdf/03-ocr-gulf-war-presumptive.scanned.pdf',
  import.meta.url,
);
const hasPdftotext = (await findPdftotext()) !== null;
const dir = mkdtempSync(path.join(tmpdir(), 'muster-read-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Text pages ("Page N of the test file ...") with, at `scanned`, the fixture's first scan. */
async function pdfOf(count: number, scanned: number[] = []): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const scan = await PDFDocument.load(readFileSync(SCANNED));
  for (let page = 1; page <= count; page++) {
    if (scanned.includes(page)) {
      const [copied] = await doc.copyPages(scan, [0]);
      doc.addPage(copied);
      continue;
    }
    const added = doc.addPage([612, 792]);
    added.drawText(`Page ${page} of the test file, progress note.`, { x: 72, y: 720, font });
    added.drawText(`Padding so this page has a real text layer: ${'x'.repeat(40)}`, {
      x: 72,
      y: 700,
      size: 8,
      font,
    });
  }
  return doc.save();
}

/** An in-memory source that counts the bytes asked for. */
function memorySource(bytes: Uint8Array): PdfSource & { bytesRead: number } {
  const source = {
    size: bytes.length,
    bytesRead: 0,
    read(start: number, end: number) {
      source.bytesRead += end - start;
      return Promise.resolve(bytes.slice(start, end));
    },
  };
  return source;
}

async function all(pages: AsyncIterable<ReadPage>): Promise<ReadPage[]> {
  const out: ReadPage[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

describe('readPdfPages', () => {
  it('counts pages and reads a range of text pages by their text layer', async () => {
    const bytes = await pdfOf(30);
    expect(await countPdfPages(memorySource(bytes))).toBe(30);
    const pages = await all(readPdfPages(memorySource(bytes), { first: 11, last: 13 }));
    expect(pages.map((p) => [p.page, p.source])).toEqual([
      [11, 'text'],
      [12, 'text'],
      [13, 'text'],
    ]);
    expect(pages[0]!.text).toContain('Page 11 of the test file');
  });

  it('stops at the last page of the file and skips the pages asked', async () => {
    const bytes = await pdfOf(5);
    const pages = await all(
      readPdfPages(memorySource(bytes), { first: 3, last: 20, skip: new Set([4]) }),
    );
    expect(pages.map((p) => p.page)).toEqual([3, 5]);
  });

  it('reads only the byte ranges it needs from a large file', async () => {
    // Each page carries an incompressible image stream, so the file is large.
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let page = 1; page <= 40; page++) {
      const added = doc.addPage([612, 792]);
      added.drawText(`Page ${page} says enough words for a text layer.`, { x: 72, y: 720, font });
      const noise = new Uint8Array(100_000).map(() => Math.floor(Math.random() * 256));
      const stream = doc.context.stream(noise);
      added.node.set(doc.context.obj('Filler') as never, doc.context.register(stream));
    }
    const bytes = await doc.save();
    const source = memorySource(bytes);
    const pages = await all(readPdfPages(source, { first: 20, last: 20 }));
    expect(pages[0]?.text).toContain('Page 20 says');
    expect(source.bytesRead).toBeLessThan(bytes.length / 4);
  });

  it('reads a page without a text layer by OCR', async () => {
    const bytes = await pdfOf(2, [2]);
    const pages = await all(readPdfPages(memorySource(bytes), { first: 2, last: 2 }));
    expect(pages[0]?.source).toBe('ocr');
    expect(pages[0]?.text.replace(/\s+/g, ' ')).toMatch(/Department of Veterans Affairs/i);
  });

  it('refuses a file that is not a PDF, and an empty one', async () => {
    const junk = new TextEncoder().encode('this is not a pdf at all '.repeat(100));
    await expect(countPdfPages(memorySource(junk))).rejects.toBeInstanceOf(PdfReadError);
    await expect(countPdfPages(memorySource(new Uint8Array(0)))).rejects.toBeInstanceOf(
      PdfReadError,
    );
  });

  it('stops when the signal is aborted', async () => {
    const bytes = await pdfOf(6);
    const controller = new AbortController();
    const read: number[] = [];
    await expect(async () => {
      for await (const page of readPdfPages(memorySource(bytes), {
        first: 1,
        last: 6,
        signal: controller.signal,
      })) {
        read.push(page.page);
        if (page.page === 2) controller.abort();
      }
    }).rejects.toThrow();
    expect(read).toEqual([1, 2]);
  });

  it('reads a file on disk through fileSource', async () => {
    const file = path.join(dir, 'disk.pdf');
    writeFileSync(file, await pdfOf(3));
    const source = await fileSource(file);
    try {
      const pages = await all(readPdfPages(source, { first: 1, last: 3 }));
      expect(pages.map((p) => p.source)).toEqual(['text', 'text', 'text']);
    } finally {
      await source.close();
    }
  });

  it.runIf(hasPdftotext)('takes text pages from pdftotext and scans from OCR', async () => {
    const file = path.join(dir, 'fast.pdf');
    writeFileSync(file, await pdfOf(4, [3]));
    const program = (await findPdftotext())!;
    const chunk = await pdftotextPages({ path: program, file, first: 2, last: 4 });
    expect(chunk).toHaveLength(3);
    expect(chunk[0]).toContain('Page 2 of the test file');
    const source = await fileSource(file);
    try {
      const pages = await all(
        readPdfPages(source, { first: 1, last: 4, pdftotext: { path: program, file } }),
      );
      expect(pages.map((p) => p.source)).toEqual(['pdftotext', 'pdftotext', 'ocr', 'pdftotext']);
    } finally {
      await source.close();
    }
  });

  describe('a long file opened once', () => {
    /** Pages with a large image stream each, written flat (no object streams), as pdf-lib does. */
    async function widePdf(count: number): Promise<Uint8Array> {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      for (let page = 1; page <= count; page++) {
        const added = doc.addPage([612, 792]);
        added.drawText(`Page ${page} says enough words for a text layer.`, { x: 72, y: 720, font });
        const noise = new Uint8Array(100_000).map(() => Math.floor(Math.random() * 256));
        added.node.set(
          doc.context.obj('Filler') as never,
          doc.context.register(doc.context.stream(noise)),
        );
      }
      return doc.save({ useObjectStreams: false });
    }
    let wide: Uint8Array;
    beforeAll(async () => {
      wide = await widePdf(40);
    });

    it('reads the page tree in small ranges, not a large block per page', async () => {
      const source = memorySource(wide);
      expect(await countPdfPages(source)).toBe(40);
      // Each page's entry costs one range: a few kilobytes each, not tens.
      expect(source.bytesRead).toBeLessThan(40 * 16 * 1024);
    });

    it('reads several ranges of pages without reading the page tree again', async () => {
      const source = memorySource(wide);
      const pdf = await openPdf(source);
      try {
        const opening = source.bytesRead;
        const first = await all(pdf.pages({ first: 1, last: 3 }));
        const second = await all(pdf.pages({ first: 30, last: 32 }));
        expect([...first, ...second].map((p) => p.page)).toEqual([1, 2, 3, 30, 31, 32]);
        expect(second.every((p) => p.source === 'text')).toBe(true);
        expect(source.bytesRead).toBeLessThan(opening * 1.5);
        // What the open document holds is what was read, so a reader can tell when to let go.
        expect(pdf.loadedBytes()).toBe(source.bytesRead);
        expect(pdf.loadedBytes()).toBeLessThan(wide.length / 2);
      } finally {
        await pdf.close();
      }
    });

    it('refuses a damaged file that pdf.js would load whole, without loading it', async () => {
      const text = Buffer.from(wide).toString('latin1');
      const damaged = Buffer.from(text.replace(/startxref\s+\d+/, 'startxref\n123'), 'latin1');
      const source = memorySource(new Uint8Array(damaged));
      await expect(countPdfPages(source, { fullLoadBytes: 0 })).rejects.toMatchObject({
        kind: 'invalid',
      });
      expect(source.bytesRead).toBeLessThan(damaged.length / 4);
    });
  });

  it('lets an OCR failure through rather than keeping the page as one without text', async () => {
    const bytes = await pdfOf(2, [2]);
    const ocr = {
      read: () => Promise.reject(new Error('the OCR engine stopped')),
      close: () => Promise.resolve(),
    };
    await expect(
      all(readPdfPages(memorySource(bytes), { first: 1, last: 2, ocr })),
    ).rejects.toThrow('the OCR engine stopped');
  });

  it('fails a stored range that does not come within the time allowed', async () => {
    let destroyed = false;
    const stalled = new Readable({ read: () => undefined });
    stalled.on('close', () => {
      destroyed = true;
    });
    const driver = { openRead: () => Promise.resolve(stalled) } as unknown as Parameters<
      typeof storageSource
    >[0];
    const source = storageSource(driver, 'key', 1000, { timeoutMs: 50 });
    await expect(source.read(0, 100)).rejects.toThrow('took too long');
    await new Promise((resolve) => setImmediate(resolve));
    expect(destroyed).toBe(true);
  });
});
