/**
 * `npm run bench:letters`: a 12-page decision letter with a text layer, read end to end as the
 * analysis job reads it (pdf.js text by page, then the letter grammar), printed as pages per
 * second and CPU milliseconds per letter; never a pass/fail test. The letter is built from the
 * fixture set's letters, one after another, until it fills 12 pages. BENCH_ROUNDS (default 5).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractPages } from '../apps/api/src/lib/pdf-text/extract-pages.ts';
import { parseDecisionLetter } from '../packages/domain/src/decision-letters/parser.ts';
import { reportSummary } from './summary.ts';

const PAGES = 12;
const LINES_PER_PAGE = 56;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const fixtures = path.resolve(
  import.meta.dirname,
  '../packages/domain/src/decision-letters/fixtures',
);

const lines = readdirSync(fixtures)
  .filter((name) => name.endsWith('.txt'))
  .sort()
  .flatMap((name) => readFileSync(path.join(fixtures, name), 'utf8').split('\n'))
  .slice(0, PAGES * LINES_PER_PAGE);

const doc = await PDFDocument.create();
const font = await doc.embedFont(StandardFonts.Helvetica);
for (let page = 0; page < PAGES; page++) {
  const sheet = doc.addPage([612, 792]);
  lines.slice(page * LINES_PER_PAGE, (page + 1) * LINES_PER_PAGE).forEach((line, index) => {
    sheet.drawText(line.replace(/[^\x20-\x7e]/g, ' '), {
      x: 36,
      y: 770 - index * 13,
      size: 9,
      font,
    });
  });
}
const bytes = await doc.save();

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `load average before: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
// One warm-up read: pdf.js and the grammar compile on first use.
await extractPages(bytes);
const wall: number[] = [];
const cpu: number[] = [];
let decisions = 0;
for (let round = 0; round < ROUNDS; round++) {
  const started = performance.now();
  const usage = process.cpuUsage();
  const pages = await extractPages(bytes);
  const letter = parseDecisionLetter(pages.map((page) => page.text).join('\n\f\n'));
  const spent = process.cpuUsage(usage);
  wall.push(performance.now() - started);
  cpu.push((spent.user + spent.system) / 1000);
  decisions = letter.decisions.length;
}
console.log(
  `\nA ${PAGES}-page text-layer letter (${bytes.length.toLocaleString('en-US')} bytes, ${decisions} decisions found), medians of ${ROUNDS} reads`,
);
console.log(
  `wall time ${median(wall).toFixed(0)} ms, ${(PAGES / (median(wall) / 1000)).toFixed(0)} pages per second`,
);
console.log(
  `CPU ${median(cpu).toFixed(0)} ms per letter (${(median(cpu) / PAGES).toFixed(1)} ms per page)`,
);
reportSummary([
  {
    section: 'Documents',
    measure: `decision letter, ${PAGES} text pages, read and parsed`,
    value: `${median(wall).toFixed(0)} ms, ${(PAGES / (median(wall) / 1000)).toFixed(0)} pages/s`,
    against: `CPU ${median(cpu).toFixed(0)} ms per letter`,
  },
]);
console.log(
  `load average after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
