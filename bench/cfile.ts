/**
 * `npm run bench:cfile`: how fast Muster reads a C-file (a veteran's whole claims file) and how
 * much memory it takes, beside the tools it is built on; prints numbers, never a pass/fail.
 *
 * A 2,000-page C-file PDF (BENCH_CFILE_PAGES overrides the count) is generated to a temporary
 * folder: dense text-layer pages from the domain's medication and condition generators, then
 * SCANNED_PAGES image-only pages (the committed scans, repeated) at the end. Each measure runs in
 * a process of its own, so each peak resident memory (VmHWM, read at the end) is its own:
 *
 * (a) Muster's reader (readPdfPages) through the pdftotext fast path, over the text pages, then
 *     findMedications and findConditions over what it read;
 * (b) the same through pdf.js alone (no pdftotext);
 * (c) `pdftotext -layout file -` on the whole file (its memory from /usr/bin/time when present);
 * (d) plain pdf.js text extraction of the whole file (unpdf getDocumentProxy + extractText);
 * (e) Muster's reader over the scanned pages only: OCR pages per second.
 *
 * (c) and (d) read the scanned pages too; they hold no text, and take them almost no time. (a) to
 * (d) are measured BENCH_ROUNDS times (default 3), each baseline just before its path; the table
 * gives each run's median round, and the ratios (a)/(c) (goal at least 0.33) and (b)/(d) (goal at
 * least 0.8) are the medians of the rounds' ratios, each round's shown too. Each peak is compared
 * with the 400 MB goal. When pdftotext is missing the bench installs poppler-utils with
 * apt-get, and says so; if that fails, (a) and (c) are left out.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportSummary } from './summary.ts';

/** BENCH_ROUNDS (default 3): how many times each path and its baseline are measured. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/** Pages of the generated file, scans included. */
const PAGES = Math.max(40, Number(process.env.BENCH_CFILE_PAGES ?? 2000));
/** Image-only pages at the end of the file, read by OCR in (e). */
const SCANNED_PAGES = 20;
/** Characters of text on a text page, about what a dense typed record holds. */
const CHARS_PER_PAGE = 1800;
/** Goals the table compares against. */
const GOAL_FAST_PATH_RATIO = 0.33;
const GOAL_PDFJS_RATIO = 0.8;
const GOAL_PEAK_MB = 400;
const TIME = '/usr/bin/time';
const PDFTOTEXT = 'pdftotext';
const APT_GET = 'apt-get';

/** What each measuring process prints, as one line of JSON at the end. */
type Measure = {
  pages: number;
  seconds: number;
  /** Peak resident memory in MB, or null when it could not be measured. */
  peakMb: number | null;
  /** Seconds the finders took, within `seconds` (the reader's runs only). */
  finderSeconds?: number;
  note?: string;
};

type Mode = 'reader-pdftotext' | 'reader-pdfjs' | 'pdfjs-plain' | 'ocr';

/** Peak resident memory of this process so far, in MB (Linux). */
function peakMb(): number | null {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kilobytes = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return kilobytes ? Number(kilobytes) / 1024 : null;
  } catch {
    // Not Linux: no /proc, so no peak to give.
    return null;
  }
}

// ------------------------------------------------------------------------------------------------
// The measuring processes. Each imports only what it runs, so its peak is its own work's.

async function measureReader(
  file: string,
  first: number,
  last: number,
  options: { pdftotext: boolean; finders: boolean },
): Promise<Measure> {
  const { fileSource, readPdfPages } = await import('../apps/api/src/lib/pdf-text/read-pages.ts');
  const { findPdftotext } = await import('../apps/api/src/lib/pdf-text/pdftotext.ts');
  const { findMedications } = await import('../packages/domain/src/cfile/medications.ts');
  const { findConditions } = await import('../packages/domain/src/cfile/conditions.ts');
  const program = options.pdftotext ? await findPdftotext() : null;
  if (options.pdftotext && !program) throw new Error('pdftotext is not installed');
  const started = performance.now();
  const source = await fileSource(file);
  const pages: { page: number; text: string }[] = [];
  const sources: Record<string, number> = {};
  try {
    for await (const page of readPdfPages(source, {
      first,
      last,
      pdftotext: program ? { path: program, file } : null,
    })) {
      pages.push({ page: page.page, text: page.text });
      sources[page.source] = (sources[page.source] ?? 0) + 1;
    }
  } finally {
    await source.close();
  }
  const read = performance.now();
  let found = '';
  if (options.finders) {
    const medications = findMedications(pages);
    const conditions = findConditions(pages, { claimed: [] });
    found = `, found ${medications.length} medications and ${conditions.length} conditions`;
  }
  const done = performance.now();
  return {
    pages: pages.length,
    seconds: (done - started) / 1000,
    peakMb: peakMb(),
    ...(options.finders ? { finderSeconds: (done - read) / 1000 } : {}),
    note: `pages by source ${JSON.stringify(sources)}${found}`,
  };
}

async function measurePlainPdfjs(file: string): Promise<Measure> {
  const { extractAllText } = await import('../apps/api/test/cfile-extraction/plain-pdfjs.ts');
  const started = performance.now();
  const { pages, chars } = await extractAllText(file);
  const seconds = (performance.now() - started) / 1000;
  return { pages, seconds, peakMb: peakMb(), note: `${chars} characters` };
}

async function runMeasure(mode: Mode, file: string, textPages: number, total: number) {
  const measure =
    mode === 'reader-pdftotext'
      ? await measureReader(file, 1, textPages, { pdftotext: true, finders: true })
      : mode === 'reader-pdfjs'
        ? await measureReader(file, 1, textPages, { pdftotext: false, finders: true })
        : mode === 'ocr'
          ? await measureReader(file, textPages + 1, total, { pdftotext: false, finders: false })
          : await measurePlainPdfjs(file);
  console.log(JSON.stringify(measure));
}

// ------------------------------------------------------------------------------------------------
// The bench itself.

/** Runs this file again as a measuring process and reads the JSON line it ends with. */
function spawnMeasure(mode: Mode, file: string, textPages: number): Promise<Measure> {
  const script = fileURLToPath(import.meta.url);
  const args = ['--import', 'tsx', script, mode, file, String(textPages), String(PAGES)];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`${mode} exited ${code}`));
      resolve(JSON.parse(line) as Measure);
    });
  });
}

/** Runs of pdftotext alone; the fastest counts (it takes seconds, and load only slows it). */
const PDFTOTEXT_ROUNDS = 3;

/**
 * `pdftotext -layout file -` on the whole file, under /usr/bin/time -v when present, the fastest
 * of PDFTOTEXT_ROUNDS runs.
 */
function measurePdftotext(file: string): Measure {
  const hasTime = existsSync(TIME);
  const [command, args] = hasTime
    ? [TIME, ['-v', PDFTOTEXT, '-layout', file, '-']]
    : [PDFTOTEXT, ['-layout', file, '-']];
  let best: Measure | null = null;
  for (let round = 0; round < PDFTOTEXT_ROUNDS; round++) {
    const started = performance.now();
    const result = spawnSync(command, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    const seconds = (performance.now() - started) / 1000;
    if (result.status !== 0) throw new Error(`pdftotext exited ${result.status}`);
    const kilobytes = /Maximum resident set size \(kbytes\): (\d+)/.exec(result.stderr)?.[1];
    if (best === null || seconds < best.seconds) {
      best = {
        pages: PAGES,
        seconds,
        peakMb: kilobytes ? Number(kilobytes) / 1024 : null,
        note: `fastest of ${PDFTOTEXT_ROUNDS} runs${hasTime ? '' : `; ${TIME} is missing: no peak memory`}`,
      };
    }
  }
  if (!best) throw new Error('pdftotext never ran');
  return best;
}

const hasPdftotext = () => spawnSync(PDFTOTEXT, ['-v'], { stdio: 'ignore' }).status === 0;

/** pdftotext, installed from Debian's poppler-utils when missing and possible. */
function ensurePdftotext(): boolean {
  if (hasPdftotext()) return true;
  console.log('pdftotext is missing: running `apt-get install -y poppler-utils`');
  const install = spawnSync(APT_GET, ['install', '-y', 'poppler-utils'], { stdio: 'inherit' });
  if (install.status !== 0 || !hasPdftotext()) {
    console.log('poppler-utils could not be installed: (a) and (c) are skipped');
    return false;
  }
  return true;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function main() {
  console.log(`load average before: ${load()}`);
  const withPdftotext = ensurePdftotext();
  const { generateCfilePdf } =
    await import('../apps/api/test/cfile-extraction/generate-cfile-pdf.ts');
  const textPages = PAGES - SCANNED_PAGES;
  const started = performance.now();
  const { bytes } = await generateCfilePdf({
    textPages,
    scannedPages: SCANNED_PAGES,
    seed: 2000,
    charsPerPage: CHARS_PER_PAGE,
    scansAtEnd: true,
  });
  const folder = mkdtempSync(path.join(tmpdir(), 'muster-bench-cfile-'));
  const file = path.join(folder, 'cfile.pdf');
  writeFileSync(file, bytes);
  console.log(
    `C-file: ${PAGES} pages (${textPages} text layer of about ${CHARS_PER_PAGE} characters, ` +
      `${SCANNED_PAGES} scanned), ${(bytes.length / 1024 / 1024).toFixed(1)} MB, ` +
      `generated in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  );

  try {
    const run = async (label: string, measure: () => Promise<Measure> | Measure) => {
      process.stdout.write(`${label} …`);
      const result = await measure();
      process.stdout.write(` ${result.seconds.toFixed(1)} s\n`);
      return result;
    };
    const rate = (m: Measure) => m.pages / m.seconds;
    const LABELS = {
      a: '(a) reader, pdftotext path + finders',
      b: '(b) reader, pdf.js path + finders',
      c: '(c) pdftotext -layout, whole file',
      d: '(d) pdf.js extractText, whole file',
      e: '(e) reader, OCR of the scanned pages',
    } as const;

    // Each round measures a baseline just before the path compared with it, so a change in the
    // machine's load between rounds moves both alike; the table gives each run's median round and
    // each ratio is the median of the rounds' ratios.
    const rounds: { a: Measure | null; b: Measure; c: Measure | null; d: Measure }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round} of ${ROUNDS}`);
      const d = await run(LABELS.d, () => spawnMeasure('pdfjs-plain', file, textPages));
      const b = await run(LABELS.b, () => spawnMeasure('reader-pdfjs', file, textPages));
      const c = withPdftotext ? await run(LABELS.c, () => measurePdftotext(file)) : null;
      const a = withPdftotext
        ? await run(LABELS.a, () => spawnMeasure('reader-pdftotext', file, textPages))
        : null;
      rounds.push({ a, b, c, d });
    }
    const e = await run(LABELS.e, () => spawnMeasure('ocr', file, textPages));
    const median = (values: number[]) => {
      const sorted = [...values].sort((x, y) => x - y);
      return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
    };
    /** The round whose rate is the median of that run's rounds. */
    const medianOf = (measures: Measure[]): Measure | null => {
      const middle = median(measures.map(rate));
      return measures.find((m) => rate(m) === middle) ?? null;
    };
    const present = <T>(values: (T | null)[]) => values.filter((v): v is T => v !== null);
    const a = medianOf(present(rounds.map((r) => r.a)));
    const b = medianOf(rounds.map((r) => r.b)) ?? rounds[0]!.b;
    const c = medianOf(present(rounds.map((r) => r.c)));
    const d = medianOf(rounds.map((r) => r.d)) ?? rounds[0]!.d;
    const rows: { label: string; measure: Measure | null }[] = [
      { label: LABELS.a, measure: a },
      { label: LABELS.b, measure: b },
      { label: LABELS.c, measure: c },
      { label: LABELS.d, measure: d },
      { label: LABELS.e, measure: e },
    ];
    // Pages per second of the reading alone, without the finders' share.
    const readRate = (m: Measure) => m.pages / (m.seconds - (m.finderSeconds ?? 0));
    const width = Math.max(...rows.map((row) => row.label.length)) + 2;
    console.log(
      `\n${'run'.padEnd(width)}${'pages'.padStart(7)}${'seconds'.padStart(10)}${'pages/s'.padStart(10)}` +
        `${'read p/s'.padStart(10)}${'peak MB'.padStart(10)}   ${`vs ${GOAL_PEAK_MB} MB`}`,
    );
    for (const { label, measure } of rows) {
      if (!measure) {
        console.log(`${label.padEnd(width)}${'skipped: no pdftotext'.padStart(47)}`);
        continue;
      }
      const peak = measure.peakMb === null ? 'n/a' : measure.peakMb.toFixed(0);
      const verdict =
        measure.peakMb === null ? '' : measure.peakMb <= GOAL_PEAK_MB ? 'within' : 'over';
      console.log(
        `${label.padEnd(width)}${String(measure.pages).padStart(7)}${measure.seconds.toFixed(1).padStart(10)}` +
          `${rate(measure).toFixed(1).padStart(10)}${readRate(measure).toFixed(1).padStart(10)}` +
          `${peak.padStart(10)}   ${verdict}`,
      );
    }
    console.log('');
    for (const { label, measure } of rows) {
      if (!measure) continue;
      const finders =
        measure.finderSeconds === undefined
          ? ''
          : `finders ${measure.finderSeconds.toFixed(2)} s; `;
      if (finders || measure.note) console.log(`${label}: ${finders}${measure.note ?? ''}`);
    }
    console.log('');
    const ratios = (
      path: (r: (typeof rounds)[number]) => Measure | null,
      base: (r: (typeof rounds)[number]) => Measure | null,
      speed: (m: Measure) => number,
    ) =>
      rounds.flatMap((r) => {
        const [x, y] = [path(r), base(r)];
        return x && y ? [speed(x) / rate(y)] : [];
      });
    const say = (values: number[]) =>
      `${median(values).toFixed(2)} (rounds: ${values.map((v) => v.toFixed(2)).join(', ')})`;
    if (withPdftotext) {
      console.log(
        `(a)/(c) = ${say(
          ratios(
            (r) => r.a,
            (r) => r.c,
            rate,
          ),
        )}   (goal >= ${GOAL_FAST_PATH_RATIO}): the pdftotext path against pdftotext alone`,
      );
    } else console.log('(a)/(c) skipped: no pdftotext');
    console.log(
      `(b)/(d) = ${say(
        ratios(
          (r) => r.b,
          (r) => r.d,
          rate,
        ),
      )}   (goal >= ${GOAL_PDFJS_RATIO}): the pdf.js path against plain pdf.js`,
    );
    console.log(
      `without the finders' time: (a)/(c) = ${
        withPdftotext
          ? say(
              ratios(
                (r) => r.a,
                (r) => r.c,
                readRate,
              ),
            )
          : 'n/a'
      }, ` +
        `(b)/(d) = ${say(
          ratios(
            (r) => r.b,
            (r) => r.d,
            readRate,
          ),
        )}`,
    );
    const peaks = rows.flatMap(({ label, measure }) =>
      measure?.peakMb != null && label.includes('reader') ? [measure.peakMb] : [],
    );
    console.log(
      `highest peak of Muster's reader: ${Math.max(...peaks).toFixed(0)} MB (goal <= ${GOAL_PEAK_MB} MB)`,
    );
    const pathRow = (measure: string, path: Measure | null, ratio: number[], goal: number) =>
      path
        ? [
            {
              section: 'Documents',
              measure,
              value: `${rate(path).toFixed(0)} pages/s, peak ${path.peakMb === null ? 'n/a' : `${path.peakMb.toFixed(0)} MB`}`,
              against: `${median(ratio).toFixed(2)} × its baseline (goal ≥ ${goal})`,
            },
          ]
        : [];
    reportSummary([
      ...pathRow(
        `C-file, ${textPages} text pages, pdftotext path`,
        a,
        ratios(
          (r) => r.a,
          (r) => r.c,
          rate,
        ),
        GOAL_FAST_PATH_RATIO,
      ),
      ...pathRow(
        `C-file, ${textPages} text pages, pdf.js path`,
        b,
        ratios(
          (r) => r.b,
          (r) => r.d,
          rate,
        ),
        GOAL_PDFJS_RATIO,
      ),
      {
        section: 'Documents',
        measure: `C-file, ${e.pages} scanned pages, OCR`,
        value: `${rate(e).toFixed(2)} pages/s`,
        against: `highest reader peak ${Math.max(...peaks).toFixed(0)} MB (goal ≤ ${GOAL_PEAK_MB})`,
      },
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  console.log(`load average after: ${load()}`);
}

const [mode, file, textPages, total] = process.argv.slice(2);
if (mode && file) {
  await runMeasure(mode as Mode, file, Number(textPages), Number(total));
} else {
  await main();
}
