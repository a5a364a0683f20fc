import { PDFDocument, StandardFonts, degrees } from 'pdf-lib';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import {
  INDEX_CAPACITY,
  ROW_HEIGHT,
  fitWidth,
  pageLabel,
  paginateIndex,
  planPages,
  quarterTurn,
  stampPageNumbers,
  stampPlacement,
  type IndexRow,
} from './packet-layout.ts';

const item = (index: number): IndexRow => ({ kind: 'item', text: `Item ${index}`, item: index });

describe('[CLAIMS][PACKET] layout', () => {
  it('items start after the cover and the index, one after another; empty ones are skipped', () => {
    expect(planPages(1, [])).toEqual({ starts: [], total: 2 });
    expect(planPages(1, [3, 1, 0, 2])).toEqual({ starts: [3, 6, null, 7], total: 8 });
    expect(planPages(2, [1])).toEqual({ starts: [4], total: 4 });
  });

  it('the index breaks over pages by height, never leaving a section heading last', () => {
    expect(paginateIndex([])).toEqual([[]]);
    const perPage = Math.floor(INDEX_CAPACITY / ROW_HEIGHT.item);
    const rows = Array.from({ length: perPage * 2 + 1 }, (_, index) => item(index));
    const pages = paginateIndex(rows);
    expect(pages.map((page) => page.length)).toEqual([perPage, perPage, 1]);
    expect(pages.flat()).toEqual(rows);

    // A heading that would end a page goes over with its first item.
    const filler = Array.from({ length: perPage - 1 }, (_, index) => item(index));
    const section: IndexRow = { kind: 'section', text: 'Tinnitus' };
    const withHeading = paginateIndex([...filler, section, item(99)]);
    expect(withHeading).toHaveLength(2);
    expect(withHeading[1]![0]).toEqual(section);
    for (const page of withHeading) {
      expect(page.reduce((sum, row) => sum + ROW_HEIGHT[row.kind], 0)).toBeLessThanOrEqual(
        INDEX_CAPACITY,
      );
    }
  });

  it('the stamp sits centred at the visible bottom edge, whatever the rotation', () => {
    const box = { x: 10, y: 20, width: 600, height: 800 };
    expect(stampPlacement(box, 0, 100, 18)).toEqual({ x: 260, y: 38, rotate: 0 });
    expect(stampPlacement(box, 90, 100, 18)).toEqual({ x: 592, y: 370, rotate: 90 });
    expect(stampPlacement(box, 180, 100, 18)).toEqual({ x: 360, y: 802, rotate: 180 });
    expect(stampPlacement(box, 270, 100, 18)).toEqual({ x: 28, y: 470, rotate: 270 });
    expect([0, 90, -90, 450, 180, -180].map(quarterTurn)).toEqual([0, 90, 270, 90, 180, 180]);
  });

  it('every page is stamped "Page N of M" in order', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([612, 792]);
    doc.addPage([842, 595]).setRotation(degrees(90));
    doc.addPage([300, 300]);
    stampPageNumbers(doc.getPages(), font);
    const { text } = await extractText(new Uint8Array(await doc.save()), { mergePages: false });
    expect(text.map((page) => page.trim())).toEqual([1, 2, 3].map((n) => pageLabel(n, 3)));
  });

  it('long titles are cut with an ellipsis to fit', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    expect(fitWidth(font, 'Short', 11, 200)).toBe('Short');
    const cut = fitWidth(font, 'A very long title '.repeat(20), 11, 200);
    expect(cut.endsWith('…')).toBe(true);
    expect(font.widthOfTextAtSize(cut, 11)).toBeLessThanOrEqual(200);
  });
});
