/**
 * Scores the C-file reader end to end: a generated PDF with a known answer (generate-cfile-pdf.ts:
 * text-layer pages and the committed scans) is read by readPdfPages, the medication and condition
 * finders run over the pages read, and what they find is held to the answer:
 *
 * - medications over (page, generic name) pairs;
 * - conditions over (page, name) pairs and over names (each name the file affirms somewhere);
 * - each again for the scanned pages alone, which only OCR can read.
 *
 * Beside each figure stands the same figure on the generators' own text, so a loss can be told
 * apart: in the PDF reading, or in the finders. The file is read through pdf.js (with OCR for the
 * scans), and once more through Poppler's pdftotext when it is installed.
 *
 *   node --import tsx apps/api/test/cfile-extraction/score-cfile-pdf.ts
 *
 * prints the table and exits non-zero when a figure read from the PDF is below MIN_SCORE; the
 * test beside this file holds the same line.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findConditions } from '@muster/domain/cfile/conditions';
import { findMedications } from '@muster/domain/cfile/medications';
import { findPdftotext } from '#src/lib/pdf-text/pdftotext.ts';
import { fileSource, readPdfPages, type ReadPage } from '#src/lib/pdf-text/read-pages.ts';
import { generateCfilePdf, type GeneratedPdfPage } from './generate-cfile-pdf.ts';

/** The lowest precision or recall accepted for any figure read from the PDF. */
export const MIN_SCORE = 0.95;

export type Score = {
  precision: number;
  recall: number;
  expected: number;
  found: number;
  /** Found but not expected, and expected but not found, as "page|name" or "name". */
  extra: string[];
  missed: string[];
};

/** The figures of one reading: for every scored page, and for the scanned pages alone. */
export type Figures = {
  medicationPairs: Score;
  conditionPairs: Score;
  conditionNames: Score;
};

export type Row = { label: string; read: Score; source: Score };

export type CfilePdfScore = {
  pages: number;
  scannedPages: number;
  /** Seconds spent reading the PDF through pdf.js and OCR (the finders not included). */
  seconds: number;
  /** How the pages were read, counted by source ('text', 'ocr', 'pdftotext', 'none'). */
  sources: Record<string, number>;
  rows: Row[];
  /** False when pdftotext is not installed, so its reading was left out. */
  hasPdftotext: boolean;
};

function scoreSets(expected: ReadonlySet<string>, found: ReadonlySet<string>): Score {
  const hits = [...found].filter((item) => expected.has(item)).length;
  return {
    precision: found.size === 0 ? 1 : hits / found.size,
    recall: expected.size === 0 ? 1 : hits / expected.size,
    expected: expected.size,
    found: found.size,
    extra: [...found].filter((item) => !expected.has(item)).sort(),
    missed: [...expected].filter((item) => !found.has(item)).sort(),
  };
}

/**
 * The finders run once over the whole file, as the page-processing job runs them, and are scored
 * on the pages `scored` picks whose answer knows that kind.
 */
export function scoreReading(
  answers: readonly GeneratedPdfPage[],
  texts: readonly { page: number; text: string }[],
  scored: (page: GeneratedPdfPage) => boolean = () => true,
): Figures {
  const medicationPages = new Set(
    answers.filter((a) => scored(a) && a.medications !== null).map((a) => a.page),
  );
  const conditionPages = new Set(
    answers.filter((a) => scored(a) && a.conditions !== null).map((a) => a.page),
  );
  const medications = findMedications(texts);
  const conditions = findConditions(texts, { claimed: [] });

  const expectedMedications = new Set(
    answers.flatMap((a) =>
      medicationPages.has(a.page) ? (a.medications ?? []).map((name) => `${a.page}|${name}`) : [],
    ),
  );
  const foundMedications = new Set(
    medications.flatMap((m) =>
      m.pages.filter((page) => medicationPages.has(page)).map((page) => `${page}|${m.name}`),
    ),
  );
  const expectedConditions = new Set(
    answers.flatMap((a) =>
      conditionPages.has(a.page) ? (a.conditions ?? []).map((name) => `${a.page}|${name}`) : [],
    ),
  );
  const foundConditions = new Set(
    conditions.flatMap((c) =>
      c.pages.filter((page) => conditionPages.has(page)).map((page) => `${page}|${c.name}`),
    ),
  );
  const nameOf = (pair: string) => pair.slice(pair.indexOf('|') + 1);
  return {
    medicationPairs: scoreSets(expectedMedications, foundMedications),
    conditionPairs: scoreSets(expectedConditions, foundConditions),
    conditionNames: scoreSets(
      new Set([...expectedConditions].map(nameOf)),
      new Set([...foundConditions].map(nameOf)),
    ),
  };
}

/** Every page of the file at `file`, read by readPdfPages. */
async function readAll(
  file: string,
  options: { pdftotext: { path: string; file: string } | null; skip?: ReadonlySet<number> },
): Promise<ReadPage[]> {
  const source = await fileSource(file);
  try {
    const pages: ReadPage[] = [];
    for await (const page of readPdfPages(source, {
      first: 1,
      last: Number.MAX_SAFE_INTEGER,
      pdftotext: options.pdftotext,
      ...(options.skip ? { skip: options.skip } : {}),
    })) {
      pages.push(page);
    }
    return pages;
  } finally {
    await source.close();
  }
}

const FIGURE_LABELS: Record<keyof Figures, string> = {
  medicationPairs: 'medications (page, name)',
  conditionPairs: 'conditions (page, name)',
  conditionNames: 'conditions (name)',
};

function rowsOf(prefix: string, read: Figures, source: Figures): Row[] {
  return (Object.keys(FIGURE_LABELS) as (keyof Figures)[]).map((key) => ({
    label: `${prefix}${FIGURE_LABELS[key]}`,
    read: read[key],
    source: source[key],
  }));
}

/**
 * Builds the file (`textPages` generated pages and `scannedPages` copies of the scans), reads it
 * and scores it.
 */
export async function scoreCfilePdf(
  options: { textPages?: number; scannedPages?: number; seed?: number } = {},
): Promise<CfilePdfScore> {
  const generated = await generateCfilePdf({
    textPages: options.textPages ?? 120,
    scannedPages: options.scannedPages ?? 8,
    seed: options.seed ?? 4242,
  });
  const folder = await mkdtemp(path.join(tmpdir(), 'muster-cfile-score-'));
  try {
    const file = path.join(folder, 'cfile.pdf');
    await writeFile(file, generated.bytes);
    const answers = generated.pages;
    const sourceTexts = answers.map((a) => ({ page: a.page, text: a.text }));
    const isScanned = (a: GeneratedPdfPage) => a.isScanned;

    const started = performance.now();
    const read = await readAll(file, { pdftotext: null });
    const seconds = (performance.now() - started) / 1000;
    const sources: Record<string, number> = {};
    for (const page of read) sources[page.source] = (sources[page.source] ?? 0) + 1;

    const rows = [
      ...rowsOf('', scoreReading(answers, read), scoreReading(answers, sourceTexts)),
      ...rowsOf(
        'scanned pages (OCR): ',
        scoreReading(answers, read, isScanned),
        scoreReading(answers, sourceTexts, isScanned),
      ),
    ];

    // Poppler reads the text pages; the scans were read by OCR above and are not read twice.
    const pdftotext = await findPdftotext();
    if (pdftotext) {
      const scanned = new Set(answers.filter(isScanned).map((a) => a.page));
      const fast = await readAll(file, { pdftotext: { path: pdftotext, file }, skip: scanned });
      const merged = [...fast, ...read.filter((page) => scanned.has(page.page))].sort(
        (a, b) => a.page - b.page,
      );
      for (const page of fast) {
        const key = `pdftotext run: ${page.source}`;
        sources[key] = (sources[key] ?? 0) + 1;
      }
      rows.push(
        ...rowsOf(
          'pdftotext path: ',
          scoreReading(answers, merged),
          scoreReading(answers, sourceTexts),
        ),
      );
    }
    return {
      pages: answers.length,
      scannedPages: answers.filter(isScanned).length,
      seconds,
      sources,
      rows,
      hasPdftotext: pdftotext !== null,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** The rows whose figures read from the PDF are below MIN_SCORE. */
export function failingRows(result: CfilePdfScore): Row[] {
  return result.rows.filter((row) => row.read.precision < MIN_SCORE || row.read.recall < MIN_SCORE);
}

/** The score as a small table, with the first few pairs found wrongly or missed under it. */
export function formatScore(result: CfilePdfScore): string {
  const width = Math.max(...result.rows.map((row) => row.label.length)) + 2;
  const cell = (value: number) => value.toFixed(4).padStart(10);
  const lines = [
    `C-file PDF: ${result.pages} pages (${result.pages - result.scannedPages} text layer, ${result.scannedPages} scanned), ` +
      `read by pdf.js + OCR in ${result.seconds.toFixed(1)} s; pages by source: ${JSON.stringify(result.sources)}`,
    `${''.padEnd(width)}${'read from the PDF'.padStart(20)}    ${'generators’ text'.padStart(20)}`,
    `${'figure'.padEnd(width)}${'precision'.padStart(10)}${'recall'.padStart(10)}    ${'precision'.padStart(10)}${'recall'.padStart(10)}   pairs expected/found`,
    ...result.rows.map(
      (row) =>
        `${row.label.padEnd(width)}${cell(row.read.precision)}${cell(row.read.recall)}    ` +
        `${cell(row.source.precision)}${cell(row.source.recall)}   ${row.read.expected}/${row.read.found}`,
    ),
  ];
  if (!result.hasPdftotext) lines.push('pdftotext is not installed: its path was not scored.');
  for (const row of result.rows) {
    for (const item of row.read.extra.slice(0, 8)) lines.push(`  ${row.label}: extra   ${item}`);
    for (const item of row.read.missed.slice(0, 8)) lines.push(`  ${row.label}: missed  ${item}`);
  }
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await scoreCfilePdf();
  console.log(formatScore(result));
  const failing = failingRows(result);
  if (failing.length > 0) {
    console.log(`\nBelow ${MIN_SCORE}: ${failing.map((row) => row.label).join('; ')}`);
    process.exitCode = 1;
  }
}
