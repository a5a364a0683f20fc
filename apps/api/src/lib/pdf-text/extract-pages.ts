import path from 'node:path';
import { createRequire } from 'node:module';
import { createWorker, type Worker } from 'tesseract.js';
import { extractText, getDocumentProxy } from 'unpdf';
import { findPageImages } from './page-images.ts';
import { encodePng } from './png.ts';

/** One page's text, and whether it came from the PDF's text layer or from reading its image. */
export type PageText = { page: number; text: string; source: 'text' | 'ocr' | 'none' };

/** A page with fewer characters than this in its text layer is treated as a scan. */
const MIN_TEXT_LAYER_CHARS = 20;

const require = createRequire(import.meta.url);

/**
 * An OCR engine for English, fully offline: the language data ships in an npm package, nothing is
 * fetched. Starting one takes about half a second; one reads pages one at a time. The engine runs
 * the LSTM recogniser only, so it loads the package's LSTM-only integer model (`4.0.0_best_int`)
 * rather than the default data that also holds the legacy engine's: the same readings, and some
 * 90 MB less memory while reading scans.
 */
export async function createOcr(): Promise<{
  read(png: Buffer): Promise<string>;
  close(): Promise<void>;
}> {
  const defaultData = (require('@tesseract.js-data/eng') as { langPath: string }).langPath;
  const langPath = path.join(path.dirname(defaultData), '4.0.0_best_int');
  const worker: Worker = await createWorker('eng', 1, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
  });
  return {
    async read(png) {
      const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
      const lines = linesOf((data.blocks ?? []) as OcrBlock[]);
      return lines.length > 0 ? pageText(lines) : data.text;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}

type OcrBox = { x0: number; y0: number; x1: number; y1: number };
type OcrBlock = {
  paragraphs: {
    lines: { bbox: OcrBox; baseline?: OcrBox; words: { text: string; bbox: OcrBox }[] }[];
  }[];
};

/** A line as OCR found it: its words with their extent across the page, and its own down it. */
export type OcrLine = {
  words: { text: string; x0: number; x1: number }[];
  /** The top and bottom of the line's box and its baseline, in pixels from the top of the page. */
  top: number;
  bottom: number;
  baseline: number;
};

/** Every line of the page that holds a word, in the order OCR read them. */
function linesOf(blocks: OcrBlock[]): OcrLine[] {
  return blocks.flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.flatMap((line) => {
        const words = line.words
          .filter((word) => word.text.trim() !== '')
          .map((word) => ({ text: word.text.trim(), x0: word.bbox.x0, x1: word.bbox.x1 }));
        if (words.length === 0) return [];
        const baseline = line.baseline ? (line.baseline.y0 + line.baseline.y1) / 2 : line.bbox.y1;
        return [{ words, top: line.bbox.y0, bottom: line.bbox.y1, baseline }];
      }),
    ),
  );
}

/**
 * A page's text as a text layer gives it: one text line per OCR line, and a blank line only where
 * the page leaves a real gap. OCR groups lines into paragraphs by its own measure (it makes a
 * paragraph of every table row, list item and short line), so its paragraphs are not used; the
 * gap is measured instead. The page's line pitch is the distance from one baseline to the next
 * that most closely set lines keep (the lower quartile of the distances, and never less than a
 * line's height); a line more than one and a half pitches below the one before, or above it (OCR
 * went on with another part of the page), follows a blank line.
 */
export function linesText(lines: readonly OcrLine[]): string {
  const distances = lines
    .slice(1)
    .map((line, i) => line.baseline - (lines[i]?.baseline ?? 0))
    .filter((distance) => distance > 0)
    .sort((a, b) => a - b);
  const heights = lines.map((line) => line.bottom - line.top).sort((a, b) => a - b);
  const pitch = Math.max(
    distances[Math.floor((distances.length - 1) / 4)] ?? 0,
    heights[Math.floor(heights.length / 2)] ?? 0,
  );
  const out: string[] = [];
  lines.forEach((line, i) => {
    const previous = lines[i - 1];
    if (previous) {
      const distance = line.baseline - previous.baseline;
      const sameRow = line.top < previous.bottom && line.bottom > previous.top;
      if (distance > 1.5 * pitch || (distance < 0 && !sameRow)) out.push('');
    }
    out.push(line.words.map((word) => word.text).join(' '));
  });
  return out.join('\n');
}

/** A page's text: two columns one after the other, or else its lines as they come. */
export function pageText(lines: readonly OcrLine[]): string {
  return columnText(lines) ?? `${linesText(lines)}\n`;
}

/** The narrowest empty band between two columns, in pixels. */
const MIN_GUTTER = 8;

/**
 * A page laid out in two columns (a VA letter's body beside its sidebar of contacts and
 * enclosures) comes out of OCR as lines running across both, which splits every sentence of the
 * body. When a vertical band in the middle of the page is crossed by almost no word, and many
 * lines have words on both sides of it, the page is read as two columns: all of the left, then
 * all of the right, each with its blank lines where it leaves a gap. Otherwise null (read the
 * lines as they are).
 */
export function columnText(lines: readonly OcrLine[]): string | null {
  const words = lines.flatMap((line) => line.words);
  if (words.length === 0) return null;
  const left = Math.min(...words.map((w) => w.x0));
  const right = Math.max(...words.map((w) => w.x1));
  const width = right - left;
  if (width <= 0) return null;
  const crossing = new Array<number>(Math.ceil(width) + 1).fill(0);
  for (const word of words) {
    for (let x = Math.floor(word.x0 - left); x <= Math.ceil(word.x1 - left); x++) crossing[x]! += 1;
  }
  // The widest run of (nearly) uncrossed pixels in the middle of the text area.
  const allowed = Math.max(1, Math.floor(lines.length * 0.03));
  let best = { start: -1, length: 0 };
  let start = -1;
  for (let x = Math.floor(width * 0.3); x <= Math.ceil(width * 0.85); x++) {
    if ((crossing[x] ?? 0) <= allowed) {
      if (start < 0) start = x;
      if (x - start + 1 > best.length) best = { start, length: x - start + 1 };
    } else start = -1;
  }
  if (best.length < MIN_GUTTER) return null;
  const gutter = left + best.start + best.length / 2;
  const both = lines.filter(
    (line) => line.words.some((w) => w.x1 <= gutter) && line.words.some((w) => w.x0 >= gutter),
  ).length;
  if (both < Math.max(3, lines.length * 0.15)) return null;
  const column = (isLeft: boolean) => {
    const side = (line: OcrLine) => ({
      ...line,
      words: line.words.filter((w) => (w.x0 + w.x1) / 2 < gutter === isLeft),
    });
    return linesText(lines.map(side).filter((line) => line.words.length > 0));
  };
  return `${column(true)}\n\n${column(false)}\n`;
}

/**
 * The text of every page of a PDF, in order: the text layer where there is one; otherwise the
 * page's largest image read by OCR (a scanned page is one picture, in colour, gray or black and
 * white). A page with neither is reported with `source: 'none'` and no text. `onPage` hears of
 * each page as it is done.
 */
export async function extractPages(
  bytes: Uint8Array,
  options: { onPage?: (done: number, total: number) => void | Promise<void> } = {},
): Promise<PageText[]> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  let ocr: Awaited<ReturnType<typeof createOcr>> | undefined;
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    const pages: PageText[] = [];
    for (let index = 0; index < totalPages; index++) {
      const layer = text[index] ?? '';
      if (layer.replace(/\s+/g, '').length >= MIN_TEXT_LAYER_CHARS) {
        pages.push({ page: index + 1, text: layer, source: 'text' });
      } else {
        const images = await findPageImages(pdf, index + 1);
        const largest = images.sort((a, b) => b.width * b.height - a.width * a.height)[0];
        if (!largest) {
          pages.push({ page: index + 1, text: layer, source: 'none' });
        } else {
          ocr ??= await createOcr();
          pages.push({ page: index + 1, text: await ocr.read(encodePng(largest)), source: 'ocr' });
        }
      }
      await options.onPage?.(index + 1, totalPages);
    }
    return pages;
  } finally {
    await ocr?.close();
    await pdf.loadingTask.destroy();
  }
}
