import { createRequire } from 'node:module';
import { createWorker, type Worker } from 'tesseract.js';
import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { encodePng } from './png.ts';

/** One page's text, and whether it came from the PDF's text layer or from reading its image. */
export type PageText = { page: number; text: string; source: 'text' | 'ocr' | 'none' };

/** A page with fewer characters than this in its text layer is treated as a scan. */
const MIN_TEXT_LAYER_CHARS = 20;

const require = createRequire(import.meta.url);

/**
 * An OCR engine for English, fully offline: the language data ships in an npm package, nothing is
 * fetched. Starting one takes about half a second; one reads pages one at a time.
 */
export async function createOcr(): Promise<{
  read(png: Buffer): Promise<string>;
  close(): Promise<void>;
}> {
  const langPath = (require('@tesseract.js-data/eng') as { langPath: string }).langPath;
  const worker: Worker = await createWorker('eng', 1, {
    langPath,
    gzip: true,
    cacheMethod: 'none',
  });
  return {
    async read(png) {
      const { data } = await worker.recognize(png, {}, { text: true, blocks: true });
      return columnText(linesOf((data.blocks ?? []) as OcrBlock[])) ?? data.text;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}

type OcrWord = { text: string; bbox: { x0: number; x1: number } };
type OcrBlock = { paragraphs: { lines: { words: OcrWord[] }[] }[] };
type Line = { text: string; x0: number; x1: number }[];

function linesOf(blocks: OcrBlock[]): Line[] {
  return blocks.flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) =>
        line.words.map((word) => ({ text: word.text, x0: word.bbox.x0, x1: word.bbox.x1 })),
      ),
    ),
  );
}

/** The narrowest empty band between two columns, in pixels. */
const MIN_GUTTER = 8;

/**
 * A page laid out in two columns (a VA letter's body beside its sidebar of contacts and
 * enclosures) comes out of OCR as lines running across both, which splits every sentence of the
 * body. When a vertical band in the middle of the page is crossed by almost no word, and many
 * lines have words on both sides of it, the page is read as two columns: all of the left, then
 * all of the right. Otherwise null (read the lines as they are).
 */
export function columnText(lines: Line[]): string | null {
  const words = lines.flat();
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
    (line) => line.some((w) => w.x1 <= gutter) && line.some((w) => w.x0 >= gutter),
  ).length;
  if (both < Math.max(3, lines.length * 0.15)) return null;
  const side = (line: Line, isLeft: boolean) =>
    line
      .filter((w) => (w.x0 + w.x1) / 2 < gutter === isLeft)
      .map((w) => w.text)
      .join(' ');
  const column = (isLeft: boolean) =>
    lines
      .map((line) => side(line, isLeft))
      .filter((text) => text.trim() !== '')
      .join('\n');
  return `${column(true)}\n\n${column(false)}\n`;
}

/**
 * The text of every page of a PDF, in order: the text layer where there is one; otherwise the
 * page's largest image read by OCR (a scanned page is one picture). A page with neither is
 * reported with `source: 'none'` and no text. `onPage` hears of each page as it is done.
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
        const images = await extractImages(pdf, index + 1);
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
