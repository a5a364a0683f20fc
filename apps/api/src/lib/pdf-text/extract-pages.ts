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
      const { data } = await worker.recognize(png);
      return data.text;
    },
    close: async () => {
      await worker.terminate();
    },
  };
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
