/**
 * Writes the PDF versions of the decision-letter fixtures (packages/domain/src/decision-letters/
 * fixtures/README.md, "The letters as PDF"), so the score covers the way the API reads an upload:
 *
 * - `pdf/NN-name.pdf` for every letter: a text-layer PDF (Helvetica 10 pt on US Letter) holding
 *   the .txt's lines as lines.
 * - `pdf/NN-name.scanned.pdf` for the letters of SCANNED_LETTERS: the same pages as pictures only
 *   (an 8-bit grayscale image per page, no text layer), as a scanner makes them. Chromium renders
 *   each page; the OCR of the PDF reader has to read them back.
 *
 *   npm run fixtures:letter-pdfs      (node --import tsx scripts/make-letter-pdfs.ts)
 *
 * Run it after changing a letter: a test holds each PDF to its .txt. The text-layer PDFs come out
 * the same to the byte on every run (fixed dates, no random ids). The scans depend on Chromium and
 * its fonts, so they are held to their letter by the fingerprint of the .txt they record.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import type { Browser } from 'puppeteer-core';
import { addScannedPages, launchChromium } from './lib/scan-pages.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES_DIR = path.join(repo, 'packages/domain/src/decision-letters/fixtures');
export const PDF_DIR = path.join(FIXTURES_DIR, 'pdf');
export const REGENERATE_COMMAND = 'npm run fixtures:letter-pdfs';

/**
 * The letters that also exist as scans: AMA letters (03, 07, 26), legacy letters with a code sheet
 * (12, 16), and the OCR-damaged ones (03, 16, 26), whose text already carries OCR noise and now
 * goes through OCR once more.
 */
export const SCANNED_LETTERS = [
  '03-ocr-gulf-war-presumptive',
  '07-hlr-difference-of-opinion',
  '12-legacy-code-sheet-prostate-reduction',
  '16-ocr-legacy-code-sheet-ptsd',
  '26-ocr-tdiu-dea-denied',
] as const;

// ------------------------------------------------------------------------------------------------
// Page layout, shared by both versions so a scan is a picture of its text-layer PDF.

/** US Letter, in points. */
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
const FONT_SIZE = 10;
const LEADING = 12;
const LINES_PER_PAGE = 55;
/** The widest line of the letters written at a column, in characters. */
const WRAP_COLUMN = 95;
/** A tab moves the next cell to the next multiple of this, at least a small gap further on. */
const TAB_STOP = 72;
const TAB_GAP = 6;
/** The PDFs' creation and modification date: fixed, so a run gives the same bytes as the last. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');
/** Scans are rendered at this resolution (dots per inch). */
const SCAN_DPI = 200;

/** One piece of a line, drawn at `x` points from the page's left edge. */
type Cell = { x: number; text: string };
type Page = Cell[][];

/** A line that starts an item of a list: a bullet, or a number. */
const LIST_ITEM = /^\s*([•·*-]\s|\d{1,2}[.)]\s)/;

/**
 * Lines broken into pages of at most LINES_PER_PAGE. Extracted text puts the header of page 2 and
 * on (the veteran's name and file number, "Page N") where that page begins, so a new page starts
 * at each such header, as in the letter. A page too long for that breaks where a page-setting
 * program would: after the last blank line, or the last sentence that is not followed by a list
 * item, among its last 15 lines (so no sentence and no list is cut in two), or else right there.
 */
function paginate<Line>(lines: Line[], textOf: (line: Line) => string): Line[][] {
  const texts = lines.map(textOf);
  const pages: Line[][] = [];
  let page: number[] = [];
  texts.forEach((text, i) => {
    // A header within a page's first lines is the letter's own address block, not a new page.
    if (page.length >= 10 && headerLength(texts, i) > 0) {
      pages.push(page.map((at) => lines[at] as Line));
      page = [];
    }
    if (page.length >= LINES_PER_PAGE) {
      const isBreak = (at: number) =>
        texts[at]?.trim() === '' ||
        (/\.\s*$/.test(texts[at] ?? '') && !LIST_ITEM.test(texts[at + 1] ?? ''));
      const last = page.findLastIndex((at, k) => k >= LINES_PER_PAGE - 15 && isBreak(at));
      const carried = last > 0 ? page.splice(last + 1) : [];
      pages.push(page.map((at) => lines[at] as Line));
      page = carried;
    }
    // A blank line is not carried to the top of a page: the page edge stands for it.
    if (page.length > 0 || text.trim() !== '') page.push(i);
  });
  if (page.length > 0) pages.push(page.map((at) => lines[at] as Line));
  return pages;
}

const HEADER_LINE = [
  /^Page \d+( of \d+)?$/,
  /^File Number: ?[\d ]+$/,
  /^\d[\d ]{6,}\d$/,
  /^[A-Z][A-Z .'-]*(, [A-Z][A-Z .'-]*)?$/,
];

/**
 * How many lines of a page header start at line `at`: two or three short header lines (a
 * "Page N" or "File Number" line among them), then a blank line. 0 when there is none.
 */
function headerLength(lines: string[], at: number): number {
  for (const length of [3, 2]) {
    const block = lines.slice(at, at + length).map((line) => line.trim());
    const isHeader =
      block.length === length &&
      block.every((line) => line.length <= 48 && HEADER_LINE.some((re) => re.test(line))) &&
      block.some((line) => /^(Page \d|File Number)/.test(line)) &&
      (lines[at + length] ?? '').trim() === '';
    if (isHeader) return length;
  }
  return 0;
}

/** A character the standard fonts cannot draw, replaced by the nearest one they can. */
const NEAREST: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2192': '->',
  '\u2264': '<=',
  '\u2265': '>=',
};

/** The line in the font's own characters (WinAnsi for the standard fonts). */
function drawable(text: string, characters: Set<number>): string {
  return [...text]
    .map((char) => {
      if (characters.has(char.codePointAt(0) ?? 0)) return char;
      if (NEAREST[char] !== undefined) return NEAREST[char];
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...plain].every((c) => characters.has(c.codePointAt(0) ?? 0)) ? plain : '?';
    })
    .join('');
}

/**
 * A line as cells: tab-separated cells at tab stops. A line too long for the page (a letter pasted
 * one paragraph to a line) is wrapped at a space onto more lines, at WRAP_COLUMN characters as the
 * other letters are, or sooner if the page is narrower than that.
 */
function layoutLine(line: string, font: PDFFont): Cell[][] {
  const width = (text: string) => font.widthOfTextAtSize(text, FONT_SIZE);
  const room = PAGE_WIDTH - 2 * MARGIN;
  const cells = line.split('\t');
  if (cells.length > 1) {
    const row: Cell[] = [];
    let x = MARGIN;
    for (const text of cells) {
      row.push({ x, text });
      x = MARGIN + Math.ceil((x + width(text) + TAB_GAP - MARGIN) / TAB_STOP) * TAB_STOP;
    }
    const last = row.at(-1);
    if (last && last.x + width(last.text) <= MARGIN + room) return [row];
    return layoutLine(cells.join(' '), font);
  }
  const fits = (text: string) => text.length <= WRAP_COLUMN && width(text) <= room;
  const rows: Cell[][] = [];
  let rest = line;
  while (!fits(rest)) {
    let cut = rest.lastIndexOf(' ', WRAP_COLUMN);
    while (cut > 0 && !fits(rest.slice(0, cut))) cut = rest.lastIndexOf(' ', cut - 1);
    if (cut <= 0) break;
    rows.push([{ x: MARGIN, text: rest.slice(0, cut) }]);
    rest = rest.slice(cut + 1);
  }
  rows.push([{ x: MARGIN, text: rest }]);
  return rows;
}

/**
 * A letter's text laid out in pages of positioned cells: a form feed in the text ends a page, and
 * paginate() breaks the rest.
 */
function layoutLetter(text: string, font: PDFFont): Page[] {
  const characters = new Set(font.getCharacterSet());
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\s+$/, '')
    .split(/\n?\f\n?/)
    .flatMap((part) =>
      paginate(
        part
          .split('\n')
          .flatMap((line) => layoutLine(line, font))
          .map((row) => row.map((cell) => ({ x: cell.x, text: drawable(cell.text, characters) }))),
        (row) => row.map((cell) => cell.text).join(' '),
      ),
    );
}

/** Helvetica's metrics, for laying out both versions (measuring embeds nothing). */
async function measuringFont(): Promise<PDFFont> {
  return (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
}

/** The baseline of line `index` of a page, in PDF coordinates (from the bottom). */
const baseline = (index: number) => PAGE_HEIGHT - MARGIN - FONT_SIZE - index * LEADING;

/** The SHA-256 of a letter's text: each PDF records the text it was made from. */
export const fingerprint = (text: string) =>
  `sha256:${createHash('sha256').update(text).digest('hex')}`;

async function newDocument(name: string, text: string, kind: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Decision letter fixture ${name} (${kind})`);
  doc.setSubject(`Made from ${name}.txt by scripts/make-letter-pdfs.ts`);
  doc.setKeywords([fingerprint(text)]);
  doc.setCreator('scripts/make-letter-pdfs.ts');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  return doc;
}

/** The text-layer PDF of a letter. The same text gives the same bytes. */
export async function makeTextPdf(name: string, text: string): Promise<Uint8Array> {
  const doc = await newDocument(name, text, 'text layer');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of layoutLetter(text, font)) {
    const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    lines.forEach((row, index) => {
      for (const cell of row) {
        if (cell.text.trim() === '') continue;
        page.drawText(cell.text, { x: cell.x, y: baseline(index), size: FONT_SIZE, font });
      }
    });
  }
  return doc.save();
}

// ------------------------------------------------------------------------------------------------
// Scans: each page drawn by Chromium as HTML, the lines where the text-layer PDF has them,
// screenshot at SCAN_DPI and turned to grayscale.

/**
 * The scans' type: a serif face, 9 pt (DejaVu's letters are wider than Helvetica's, and the longest
 * lines must stay on the page). Of the faces tried on these letters at 200 dpi (Liberation Sans
 * and Serif, DejaVu Sans, Serif and Sans Mono), the parser scored best on this one's OCR: its
 * serifs keep "II" apart from "Il", and its spaces are not lost after commas.
 */
const SCAN_FONT = "'DejaVu Serif', 'Liberation Serif', serif";
const SCAN_FONT_SIZE = 9;
/** Where the top of a line box sits above its baseline, in ems (near enough for any face). */
const ASCENT_IN_LINE_BOX = 0.85;
/**
 * Gray levels kept in a scan (black, two grays, white): the edges of the letters stay soft, as a
 * scanner leaves them, and a page takes half the room of one in 256 levels, read as well by OCR.
 */
const SCAN_GRAY_LEVELS = 4;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pageHtml(lines: Cell[][]): string {
  const cells = lines.flatMap((row, index) =>
    row.map((cell) => {
      const top = PAGE_HEIGHT - baseline(index) - ASCENT_IN_LINE_BOX * SCAN_FONT_SIZE;
      return `<div style="left:${cell.x}pt;top:${top}pt">${escapeHtml(cell.text)}</div>`;
    }),
  );
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;background:#fff}
body{position:relative;width:${PAGE_WIDTH}pt;height:${PAGE_HEIGHT}pt;overflow:hidden}
div{position:absolute;white-space:pre;color:#000;font:${SCAN_FONT_SIZE}pt/1 ${SCAN_FONT}}
</style></head><body>${cells.join('')}</body></html>`;
}

/** The image-only PDF of a letter: each page a grayscale picture at SCAN_DPI, no text layer. */
async function makeScannedPdf(name: string, text: string, browser: Browser): Promise<Uint8Array> {
  const doc = await newDocument(name, text, 'scanned');
  const layout = layoutLetter(text, await measuringFont());
  await addScannedPages(doc, browser, layout.map(pageHtml), {
    pageWidth: PAGE_WIDTH,
    pageHeight: PAGE_HEIGHT,
    dpi: SCAN_DPI,
    grayLevels: SCAN_GRAY_LEVELS,
  });
  return doc.save();
}

// ------------------------------------------------------------------------------------------------

/** Every fixture letter's name (NN-name) and text, in file order. */
export function readLetters(): { name: string; text: string }[] {
  return readdirSync(FIXTURES_DIR)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => ({
      name: file.slice(0, -'.txt'.length),
      text: readFileSync(path.join(FIXTURES_DIR, file), 'utf8'),
    }));
}

async function main() {
  const letters = readLetters();
  mkdirSync(PDF_DIR, { recursive: true });
  const written = new Set<string>();
  const write = (file: string, bytes: Uint8Array) => {
    writeFileSync(path.join(PDF_DIR, file), bytes);
    written.add(file);
    console.log(`${file.padEnd(58)}${(bytes.length / 1024).toFixed(0).padStart(6)} KB`);
  };
  for (const { name, text } of letters) write(`${name}.pdf`, await makeTextPdf(name, text));
  const browser = await launchChromium();
  try {
    for (const name of SCANNED_LETTERS) {
      const letter = letters.find((l) => l.name === name);
      if (!letter) throw new Error(`${name}.txt is not among the fixture letters`);
      write(`${name}.scanned.pdf`, await makeScannedPdf(name, letter.text, browser));
    }
  } finally {
    await browser.close();
  }
  // A PDF whose letter is gone (renamed or removed) goes too.
  for (const file of readdirSync(PDF_DIR)) {
    if (file.endsWith('.pdf') && !written.has(file)) {
      rmSync(path.join(PDF_DIR, file));
      console.log(`${file}: removed, its letter is gone`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
