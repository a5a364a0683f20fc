/**
 * Builds a C-file PDF whose answer is known, for scoring the PDF reader together with the
 * medication and condition finders. Text-layer pages come from the domain's page generators
 * (medication pages: notes, lists, pharmacy printouts, exam histories; condition pages: affirmed,
 * denied, ruled-out, relatives' and 7332-protected diagnoses), drawn in Helvetica on US Letter,
 * one generated page to one PDF page. Image-only pages are copied from the committed scans
 * (packages/domain/src/cfile/fixtures/pdf/scanned-pages.pdf, made by scripts/make-cfile-scans.ts)
 * and spread through the file, so a file holds both kinds.
 *
 * Each page's answer covers what its generator knows: a medication page knows its medications
 * but not its conditions (its notes mention some in passing), a condition page the reverse. The
 * unknown half is null and is not scored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { generateCfile } from '@muster/domain/cfile/conditions-fixtures';
import {
  generateMedicationFile,
  generateMedicationPages,
} from '@muster/domain/cfile/fixtures/medication-pages';
import { toWinAnsi } from '#src/lib/pdf-forms/win-ansi.ts';

/** Where the committed scans and their answers live. */
export const SCANS_DIR = path.resolve(
  import.meta.dirname,
  '../../../../packages/domain/src/cfile/fixtures/pdf',
);
export const SCANS_PDF = path.join(SCANS_DIR, 'scanned-pages.pdf');
export const SCANS_ANSWERS = path.join(SCANS_DIR, 'scanned-pages.expected.json');

export type PageKind = 'medications' | 'conditions';

/** What a page names, as the finders should report it; null where the page's generator does not know. */
export type PageAnswer = {
  kind: PageKind;
  /** Generic names, as findMedications reports them. */
  medications: string[] | null;
  /** Condition names, as findConditions reports them. */
  conditions: string[] | null;
};

/** A page of source text with its answer (one page of a generator). */
export type KnownPage = PageAnswer & { text: string };

/** The answers file written beside the scans: one entry per page of the scans, in order. */
export type ScansAnswers = { generatedBy: string; pages: KnownPage[] };

export type GeneratedPdfPage = PageAnswer & {
  page: number;
  /** True for an image-only page (a copy of a committed scan). */
  isScanned: boolean;
  /** The text the page was made from. */
  text: string;
};

export type GeneratedCfilePdf = { bytes: Uint8Array; pages: GeneratedPdfPage[] };

/** US Letter in points, and the margin around the text. */
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
/** The usual type size; a page too long for it is set smaller so it still fits on one page. */
const FONT_SIZES = [10, 9, 8, 7, 6, 5] as const;
const LEADING = 1.2;
/** Creation and modification date of every generated file, so the same input gives the same bytes. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/**
 * A line wrapped at spaces so each piece fits `width` points at `size`; a word wider than the line
 * stays whole (it runs into the margin rather than being cut).
 */
function wrapLine(line: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (text: string) => font.widthOfTextAtSize(text, size) <= width;
  const rows: string[] = [];
  let rest = line;
  while (!fits(rest)) {
    let cut = rest.lastIndexOf(' ');
    while (cut > 0 && !fits(rest.slice(0, cut))) cut = rest.lastIndexOf(' ', cut - 1);
    if (cut <= 0) break;
    rows.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut + 1).trimStart();
  }
  rows.push(rest);
  return rows;
}

/** A page's text as drawable lines, and the type size at which they fit on one page. */
export function layoutPage(text: string, font: PDFFont): { size: number; lines: string[] } {
  const source = toWinAnsi(text).split('\n');
  for (const size of FONT_SIZES) {
    const lines = source.flatMap((line) => wrapLine(line, font, size, PAGE_WIDTH - 2 * MARGIN));
    const room = Math.floor((PAGE_HEIGHT - 2 * MARGIN) / (size * LEADING));
    if (lines.length <= room || size === FONT_SIZES.at(-1)) return { size, lines };
  }
  throw new Error('unreachable: the smallest size always returns');
}

/** The committed scans' answers (one per page of scanned-pages.pdf). */
export function readScansAnswers(): ScansAnswers {
  return JSON.parse(readFileSync(SCANS_ANSWERS, 'utf8')) as ScansAnswers;
}

const unique = (names: readonly string[]) => [...new Set(names)].sort();

/**
 * `count` text pages, medication and condition pages in turn, from `seed`. With `charsPerPage`,
 * each page is as dense as a real record's (several notes joined); otherwise each holds one note.
 */
export function generateTextPages(options: {
  count: number;
  seed: number;
  charsPerPage?: number;
}): KnownPage[] {
  const { count, seed, charsPerPage } = options;
  const medicationCount = Math.ceil(count / 2);
  const conditionCount = count - medicationCount;
  const medicationPages =
    charsPerPage === undefined
      ? generateMedicationPages(medicationCount, seed)
      : generateMedicationFile(medicationCount, seed, charsPerPage);
  const conditionPages = generateCfile({
    pages: conditionCount,
    seed,
    ...(charsPerPage === undefined ? {} : { chars: charsPerPage }),
  });
  const pages: KnownPage[] = [];
  for (let index = 0; index < medicationCount; index++) {
    const medication = medicationPages[index];
    if (medication) {
      pages.push({
        kind: 'medications',
        text: medication.text,
        medications: unique(medication.expected.map((expected) => expected.name)),
        conditions: null,
      });
    }
    const condition = conditionPages[index];
    if (condition) {
      pages.push({
        kind: 'conditions',
        text: condition.text,
        medications: null,
        conditions: unique(condition.expected),
      });
    }
  }
  return pages;
}

/**
 * A C-file PDF: `textPages` generated text-layer pages with `scannedPages` image-only pages
 * spread evenly among them (the committed scans in order, repeated when more are asked for than
 * there are). With `scansAtEnd`, the scans come after all the text pages instead (the bench reads
 * the two kinds apart).
 */
export async function generateCfilePdf(options: {
  textPages: number;
  scannedPages: number;
  seed?: number;
  charsPerPage?: number;
  scansAtEnd?: boolean;
}): Promise<GeneratedCfilePdf> {
  const texts = generateTextPages({
    count: options.textPages,
    seed: options.seed ?? 7332,
    ...(options.charsPerPage === undefined ? {} : { charsPerPage: options.charsPerPage }),
  });
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle('Generated C-file (synthetic, no real patient data)');
  doc.setCreator('apps/api/test/cfile-extraction/generate-cfile-pdf.ts');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const font = await doc.embedFont(StandardFonts.Helvetica);

  const scans = options.scannedPages > 0 ? readScansAnswers().pages : [];
  const scanDoc =
    scans.length > 0
      ? await PDFDocument.load(readFileSync(SCANS_PDF), { updateMetadata: false })
      : null;
  const scanPages = scanDoc
    ? await doc.copyPages(
        scanDoc,
        Array.from({ length: options.scannedPages }, (_, i) => i % scans.length),
      )
    : [];

  // Where the scans go: after these many text pages each.
  const positions = scanPages.map((_, i) =>
    options.scansAtEnd
      ? texts.length
      : Math.round(((i + 1) * texts.length) / (scanPages.length + 1)),
  );
  const pages: GeneratedPdfPage[] = [];
  const addScans = (after: number) => {
    positions.forEach((position, i) => {
      const copied = scanPages[i];
      const known = scans[i % scans.length];
      if (position !== after || !copied || !known) return;
      doc.addPage(copied);
      pages.push({ ...known, page: pages.length + 1, isScanned: true });
    });
  };
  addScans(0);
  texts.forEach((known, index) => {
    const { size, lines } = layoutPage(known.text, font);
    const sheet = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    lines.forEach((line, row) => {
      if (line.trim() === '') return;
      const y = PAGE_HEIGHT - MARGIN - size - row * size * LEADING;
      sheet.drawText(line, { x: MARGIN, y, size, font });
    });
    pages.push({ ...known, page: pages.length + 1, isScanned: false });
    addScans(index + 1);
  });
  return { bytes: await doc.save(), pages };
}
