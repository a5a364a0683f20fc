import { readFileSync } from 'node:fs';
import { extractText, getDocumentProxy } from 'unpdf';

/**
 * Every page's text of the PDF at `file` as plain pdf.js gives it (unpdf's getDocumentProxy and
 * extractText on the whole file at once): the baseline the bench holds the reader's pdf.js path to.
 */
export async function extractAllText(file: string): Promise<{ pages: number; chars: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(readFileSync(file)));
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    return { pages: totalPages, chars: text.reduce((sum, page) => sum + page.length, 0) };
  } finally {
    await pdf.loadingTask.destroy();
  }
}
