import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import {
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFRawStream,
  StandardFonts,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { parseDecisionLetter } from '@muster/domain/decision-letters/parser';
import { columnText, extractPages, linesText, pageText } from './extract-pages.ts';
import { findPageImages, unpackBits } from './page-images.ts';
import { encodePng, toGray } from './png.ts';

const SAMPLE = path.resolve(
  import.meta.dirname,
  '../../../../../../shared/data/vets-api/decision-letter-sample/decision-letter-sample-1.pdf',
);

async function textPdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    text.split('\n').forEach((line, index) => {
      page.drawText(line, { x: 72, y: 720 - index * 16, size: 11, font });
    });
  }
  return doc.save();
}

/** A scanned fixture letter: 8-bit gray page images, one a page, drawn as the XObject "Scan". */
const SCAN = path.resolve(
  import.meta.dirname,
  '../../../../../packages/domain/src/decision-letters/fixtures/pdf/12-legacy-code-sheet-prostate-reduction.scanned.pdf',
);

/**
 * The letterhead of the scanned fixture letter in black and white: as gray pixels (0 or 255), and
 * as a scanner set to 1 bit a pixel stores it (rows padded to whole bytes, the first pixel in the
 * high bit, 1 for white).
 */
async function letterhead(): Promise<{
  gray: Buffer;
  bits: Buffer;
  width: number;
  height: number;
}> {
  const doc = await PDFDocument.load(readFileSync(SCAN));
  const scan = doc
    .getPage(0)
    .node.Resources()
    ?.lookup(PDFName.of('XObject'), PDFDict)
    .lookup(PDFName.of('Scan'));
  if (!(scan instanceof PDFRawStream)) throw new Error(`${SCAN} holds no scan`);
  const pageWidth = scan.dict.lookup(PDFName.of('Width'), PDFNumber).asNumber();
  const page = inflateSync(scan.contents);
  // The four lines of the return address, 200 dpi from the top left of the page.
  const [left, top, width, height] = [100, 140, 800, 150];
  const rowBytes = (width + 7) >> 3;
  const gray = Buffer.alloc(width * height);
  const bits = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((page[(top + y) * pageWidth + left + x] ?? 255) >= 128) {
        gray[y * width + x] = 255;
        bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
  }
  return { gray, bits, width, height };
}

/**
 * The same 1-bit image stored three ways: plain with 1 for white; deflated with 0 for white and a
 * Decode array that turns it round; and as a deflated stencil mask, whose 0 samples are painted
 * (in black).
 */
function oneBitVariants(bits: Buffer, width: number, height: number): Promise<Uint8Array>[] {
  const inverted = Buffer.from(bits.map((byte) => byte ^ 0xff));
  const gray = { Type: 'XObject', Subtype: 'Image', ColorSpace: 'DeviceGray' };
  return [
    oneBitPdf(bits, width, height, gray),
    oneBitPdf(deflateSync(inverted), width, height, {
      ...gray,
      Filter: 'FlateDecode',
      Decode: [1, 0],
    }),
    oneBitPdf(deflateSync(bits), width, height, {
      Type: 'XObject',
      Subtype: 'Image',
      ImageMask: true,
      Filter: 'FlateDecode',
    }),
  ];
}

/** A one-page PDF that is nothing but a 1-bit image with the given stream entries. */
async function oneBitPdf(
  data: Buffer,
  width: number,
  height: number,
  entries: Record<string, string | number | boolean | number[]>,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const image = doc.context.stream(data, {
    ...entries,
    Width: width,
    Height: height,
    BitsPerComponent: 1,
  });
  const page = doc.addPage([(width * 72) / 200, (height * 72) / 200]);
  page.node.setXObject(PDFName.of('Scan'), doc.context.register(image));
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(page.getWidth(), 0, 0, page.getHeight(), 0, 0),
    drawObject(PDFName.of('Scan')),
    popGraphicsState(),
  );
  return doc.save();
}

describe('[PDF TEXT]', () => {
  it('[PDF TEXT]: a page with a text layer is read from it, in page order', async () => {
    const pages = await extractPages(
      await textPdf([
        'Service connection for tinnitus is granted with an evaluation of 10 percent.',
        'Evaluation of PTSD, which is currently 50 percent disabling, is increased to 70 percent.',
      ]),
    );
    expect(pages.map((p) => [p.page, p.source])).toEqual([
      [1, 'text'],
      [2, 'text'],
    ]);
    expect(pages[0]!.text).toContain('tinnitus is granted with an evaluation of 10 percent');
    expect(pages[1]!.text).toContain('is increased to 70 percent');
  });

  it('[PDF TEXT]: a page with neither text nor an image says so', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const pages = await extractPages(await doc.save());
    expect(pages).toEqual([{ page: 1, text: '', source: 'none' }]);
  });

  it('[PDF TEXT]: two columns read as two columns; one column, or words across the middle, as lines', () => {
    const word = (text: string, x0: number) => ({ text, x0, x1: x0 + text.length * 8 });
    const line = (index: number, words: ReturnType<typeof word>[]) => ({
      words,
      top: 100 + index * 33,
      bottom: 124 + index * 33,
      baseline: 119 + index * 33,
    });
    const twoColumns = [
      line(0, [word('Evaluation', 100), word('of', 190), word('PTSD', 215), word('Contact', 700)]),
      line(1, [
        word('is', 100),
        word('increased', 120),
        word('to', 200),
        word('70', 225),
        word('Phone', 700),
      ]),
      line(2, [word('percent.', 100), word('TDD:', 700), word('711', 740)]),
      line(3, [word('Dear', 100), word('veteran', 140), word('Twitter', 700)]),
    ];
    expect(columnText(twoColumns)).toBe(
      'Evaluation of PTSD\nis increased to 70\npercent.\nDear veteran\n\nContact\nPhone\nTDD: 711\nTwitter\n',
    );
    const oneColumn = twoColumns.map((l) => ({ ...l, words: l.words.filter((w) => w.x0 < 600) }));
    expect(columnText(oneColumn)).toBeNull();
    const across = [
      ...twoColumns,
      ...twoColumns.map((_, i) => line(4 + i, [word('x'.repeat(80), 100)])),
    ];
    expect(columnText(across)).toBeNull();
  });

  it('[PDF TEXT]: OCR lines read one text line each, with a blank line only at a real gap', () => {
    const line = (baseline: number, text: string) => {
      let x = 100;
      const words = text.split(' ').map((w) => {
        const word = { text: w, x0: x, x1: x + w.length * 12 };
        x = word.x1 + 6;
        return word;
      });
      return { words, top: baseline - 19, bottom: baseline + 5, baseline };
    };
    const lines = [
      line(119, 'Monthly Entitlement Amount'),
      line(152, '$2,973.86 Dec 1, 2017'),
      line(185, '$600.90 Jul 1, 2018'),
      // An empty line's worth of space: a new paragraph.
      line(251, 'We are paying you'),
      line(284, 'as a single Veteran.'),
      // Back up the page: OCR went on with another part of it.
      line(60, 'Page 2'),
    ];
    expect(linesText(lines)).toBe(
      'Monthly Entitlement Amount\n$2,973.86 Dec 1, 2017\n$600.90 Jul 1, 2018\n\n' +
        'We are paying you\nas a single Veteran.\n\nPage 2',
    );
    expect(pageText(lines.slice(0, 3))).toBe(
      'Monthly Entitlement Amount\n$2,973.86 Dec 1, 2017\n$600.90 Jul 1, 2018\n',
    );
  });

  it('[PDF TEXT]: PNG encoding keeps every pixel, colour as its gray, and refuses wrong sizes', () => {
    const png = encodePng({
      data: new Uint8Array([0, 255, 128, 64]),
      width: 2,
      height: 2,
      channels: 1,
    });
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(() => encodePng({ data: new Uint8Array(5), width: 2, height: 2, channels: 1 })).toThrow(
      RangeError,
    );
    // Colour goes to the engine as gray: a third of the bytes, the lightness kept.
    const gray = toGray({
      data: new Uint8Array([255, 255, 255, 0, 0, 0, 255, 0, 0, 10, 20, 30]),
      width: 4,
      height: 1,
      channels: 3,
    });
    expect(gray.channels).toBe(1);
    expect(Array.from(gray.data)).toEqual([255, 0, 76, 18]);
    // Transparent pixels are white; opaque black stays black.
    const clear = toGray({
      data: new Uint8Array([0, 0, 0, 0, 0, 0, 0, 255]),
      width: 2,
      height: 1,
      channels: 4,
    });
    expect(Array.from(clear.data)).toEqual([255, 0]);
    const rgb = encodePng({ data: new Uint8Array(12).fill(200), width: 2, height: 2, channels: 3 });
    // IHDR's colour type (byte 25 of the file) is 0: gray.
    expect(rgb[25]).toBe(0);
  });

  it('[PDF TEXT]: 1-bit rows unpack to gray, first pixel in the high bit, set bits white', () => {
    // 10 pixels a row: two bytes, the last six bits padding.
    const rows = new Uint8Array([0b1010_0000, 0b1100_0000, 0b0000_0000, 0b0100_0000]);
    expect(Array.from(unpackBits(rows, 10, 2) ?? [])).toEqual([
      255, 0, 255, 0, 0, 0, 0, 0, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255,
    ]);
    expect(unpackBits(rows, 10, 3)).toBeNull();
  });

  it('[PDF TEXT]: a 1-bit image comes out as gray pixels, stored plain, deflated or as a stencil mask', async () => {
    const { gray, bits, width, height } = await letterhead();
    for (const bytes of await Promise.all(oneBitVariants(bits, width, height))) {
      const pdf = await getDocumentProxy(bytes);
      try {
        const images = await findPageImages(pdf, 1);
        expect(images.map((i) => [i.width, i.height, i.channels])).toEqual([[width, height, 1]]);
        expect(Buffer.from(images[0]!.data).equals(gray)).toBe(true);
      } finally {
        await pdf.loadingTask.destroy();
      }
    }
  });

  it(
    '[PDF TEXT][OCR]: a black-and-white (1-bit) scan is read by OCR',
    { timeout: 60_000 },
    async () => {
      const { bits, width, height } = await letterhead();
      // The deflated one, with its Decode array.
      const pages = await extractPages(await oneBitVariants(bits, width, height)[1]!);
      expect(pages.map((p) => p.source)).toEqual(['ocr']);
      expect(pages[0]!.text).toContain('DEPARTMENT OF VETERANS AFFAIRS');
      expect(pages[0]!.text).toContain('Roanoke VA 24011');
    },
  );

  it.skipIf(!existsSync(SAMPLE))(
    '[PDF TEXT][OCR]: the scanned 13-page VA sample letter is read by OCR, its decision and dates included',
    { timeout: 180_000 },
    async () => {
      const seen: number[] = [];
      const pages = await extractPages(readFileSync(SAMPLE), {
        onPage: (done) => void seen.push(done),
      });
      expect(pages).toHaveLength(13);
      expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
      expect(pages.every((p) => p.source === 'ocr')).toBe(true);
      const all = pages
        .map((p) => p.text)
        .join('\n')
        .replace(/\s+/g, ' ');
      expect(all).toContain('September 23, 2022');
      expect(all).toMatch(/Post Traumatic Stress Disorder, which is currently 50/);
      expect(all).toMatch(/increased to 70 percent effective August 1/);
      expect(all).toMatch(/Higher-Level Review/);
      expect(all).toMatch(/20-0996/);
      // The body and the sidebar of page 1 are read as two columns, so the decision's sentence
      // holds together and the letter grammar finds it.
      const letter = parseDecisionLetter(pages.map((p) => p.text).join('\n\f\n'));
      expect(letter.letter_date).toBe('2022-09-23');
      expect(letter.decisions).toEqual([
        expect.objectContaining({
          condition: 'post traumatic stress disorder',
          outcome: 'increased',
          previous_percent: 50,
          percent: 70,
          effective_date: '2022-08-01',
        }),
      ]);
    },
  );
});
