/**
 * Writes the image-only pages that generated C-file PDFs mix in (apps/api/test/cfile-extraction/
 * generate-cfile-pdf.ts), with their answers:
 *
 * - packages/domain/src/cfile/fixtures/pdf/scanned-pages.pdf: eight pages, each an 8-bit grayscale
 *   picture at SCAN_DPI and no text layer, as a scanner makes them. Chromium renders each page's
 *   text as HTML and the screenshot becomes the page.
 * - scanned-pages.expected.json beside it: each page's text, and the medications or conditions
 *   its generator says it names.
 *
 *   npm run fixtures:cfile-scans      (node --import tsx scripts/make-cfile-scans.ts)
 *
 * The pages are chosen from the domain generators with a fixed seed, by what they hold (a
 * substance-use treatment drug, an all-capitals pharmacy printout, denials, an alcohol use
 * disorder, HIV or sickle cell diagnosis, denied and ruled-out conditions), never by how well OCR
 * reads them. Run it again after changing a generator; the scans depend on Chromium and its
 * fonts, so the bytes may differ from one machine to the next.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { format, resolveConfig } from 'prettier';
import type { Browser } from 'puppeteer-core';
import {
  SCANS_ANSWERS,
  SCANS_DIR,
  SCANS_PDF,
  type KnownPage,
  type ScansAnswers,
} from '../apps/api/test/cfile-extraction/generate-cfile-pdf.ts';
import { generateCfile } from '../packages/domain/src/cfile/conditions-fixtures.ts';
import {
  generateMedicationPages,
  type GeneratedPage as MedicationPage,
} from '../packages/domain/src/cfile/fixtures/medication-pages.ts';
import { addScannedPages, launchChromium } from './lib/scan-pages.ts';

/** The generators' seed for the scanned pages (the scored text pages use others). */
const SEED = 1917;
/** US Letter, in points. */
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 54;
/** Scans are rendered at this resolution (dots per inch). */
const SCAN_DPI = 200;
/**
 * The scans' type: a serif face at 12 pt. Serifs keep "l", "I" and "1" apart for OCR (the
 * decision-letter scans chose DejaVu Serif for that). At 11 pt OCR read "DJD" as "D]D"; at 12 pt
 * (capitals about 24 pixels high at 200 dpi) it reads every drug and diagnosis of these pages.
 */
const SCAN_FONT = "'DejaVu Serif', 'Liberation Serif', serif";
const SCAN_FONT_SIZE = 12;
/** The PDF's dates: fixed, so only the pictures can change from one run to the next. */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

const SUBSTANCE_USE_DRUGS = new Set([
  'naltrexone',
  'buprenorphine/naloxone',
  'methadone',
  'disulfiram',
  'acamprosate',
]);

/** What a chosen page must hold, and a name for it in the output. */
type Pick<Page> = { label: string; holds: (page: Page) => boolean };

const MEDICATION_PICKS: Pick<MedicationPage>[] = [
  {
    label: 'medication list with a substance-use treatment drug',
    holds: (page) =>
      page.template === 'medication-list' &&
      page.expected.some((want) => SUBSTANCE_USE_DRUGS.has(want.name)),
  },
  {
    label: 'pharmacy printout in capitals with a substance-use treatment drug',
    holds: (page) =>
      page.template === 'pharmacy-printout' &&
      page.expected.some((want) => SUBSTANCE_USE_DRUGS.has(want.name)),
  },
  {
    label: 'exam history with a denied drug',
    holds: (page) => page.template === 'exam-history' && /\bdenies\b/i.test(page.text),
  },
  {
    label: 'sick-call note with allergies and a denial',
    holds: (page) =>
      page.template === 'service-note' &&
      /Denies use of|denies taking/.test(page.text) &&
      page.expected.length >= 2,
  },
];

type ConditionPage = ReturnType<typeof generateCfile>[number];

const CONDITION_PICKS: Pick<ConditionPage>[] = [
  {
    label: 'alcohol use disorder, with a denial',
    holds: (page) =>
      page.expected.includes('alcohol use disorder') &&
      /\b(Denies|No history of)\b/.test(page.text),
  },
  {
    label: 'HIV or sickle cell anemia',
    holds: (page) =>
      page.expected.includes('HIV-related illness') || page.expected.includes('sickle cell anemia'),
  },
  {
    label: 'ruled out and denied conditions beside affirmed ones',
    holds: (page) => /ruled out/i.test(page.text) && page.expected.length >= 2,
  },
  {
    label: 'never diagnosed, family history, no history of',
    holds: (page) =>
      /never been|Family history|FHx|No history of/.test(page.text) && page.expected.length >= 1,
  },
];

/** The first page of `pages` for each pick, each page chosen once. */
function choose<Page>(pages: readonly Page[], picks: readonly Pick<Page>[]): Page[] {
  const chosen: Page[] = [];
  for (const pick of picks) {
    const page = pages.find((candidate) => !chosen.includes(candidate) && pick.holds(candidate));
    if (!page) throw new Error(`no generated page holds: ${pick.label}`);
    chosen.push(page);
  }
  return chosen;
}

/** The eight pages to scan, medication and condition pages in turn. */
export function scanPages(): KnownPage[] {
  const medications = choose(generateMedicationPages(400, SEED), MEDICATION_PICKS).map(
    (page): KnownPage => ({
      kind: 'medications',
      text: page.text,
      medications: [...new Set(page.expected.map((want) => want.name))].sort(),
      conditions: null,
    }),
  );
  const conditions = choose(generateCfile({ pages: 400, seed: SEED }), CONDITION_PICKS).map(
    (page): KnownPage => ({
      kind: 'conditions',
      text: page.text,
      medications: null,
      conditions: [...new Set(page.expected)].sort(),
    }),
  );
  return medications.flatMap((page, i) => [page, conditions[i]].filter((p) => p !== undefined));
}

// ------------------------------------------------------------------------------------------------
// Rendering

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page as HTML: its lines as written, wrapped at spaces where one is wider than the page. */
function pageHtml(text: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;background:#fff}
body{width:${PAGE_WIDTH}pt;height:${PAGE_HEIGHT}pt;overflow:hidden}
main{margin:${MARGIN}pt;white-space:pre-wrap;color:#000;font:${SCAN_FONT_SIZE}pt/1.35 ${SCAN_FONT}}
</style></head><body><main>${escapeHtml(text)}</main></body></html>`;
}

/** The image-only PDF of the pages: each a grayscale picture at SCAN_DPI, no text layer. */
async function makeScannedPdf(pages: readonly KnownPage[], browser: Browser): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle('Scanned C-file pages (synthetic, no real patient data)');
  doc.setCreator('scripts/make-cfile-scans.ts');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  await addScannedPages(
    doc,
    browser,
    pages.map((known) => pageHtml(known.text)),
    { pageWidth: PAGE_WIDTH, pageHeight: PAGE_HEIGHT, dpi: SCAN_DPI },
  );
  return doc.save();
}

async function main() {
  const pages = scanPages();
  mkdirSync(SCANS_DIR, { recursive: true });
  const browser = await launchChromium();
  try {
    const bytes = await makeScannedPdf(pages, browser);
    writeFileSync(SCANS_PDF, bytes);
    console.log(
      `${path.basename(SCANS_PDF)}: ${pages.length} pages, ${Math.round(bytes.length / 1024)} KB`,
    );
  } finally {
    await browser.close();
  }
  const answers: ScansAnswers = { generatedBy: 'scripts/make-cfile-scans.ts', pages };
  // Written as the formatter would write it, so the lint's format check passes on a fresh run.
  const json = await format(JSON.stringify(answers), {
    ...(await resolveConfig(SCANS_ANSWERS)),
    filepath: SCANS_ANSWERS,
  });
  writeFileSync(SCANS_ANSWERS, json);
  console.log(`${path.basename(SCANS_ANSWERS)}: the answer of each page`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
