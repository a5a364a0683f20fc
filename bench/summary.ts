/**
 * The lines each benchmark adds to `npm run bench`'s closing table. A benchmark run on its own
 * (`npm run bench:cfile`, …) prints its full output and nothing more; run by bench/all.ts, which
 * sets BENCH_SUMMARY_FILE, it also appends its headline figures there, one JSON object a line.
 */
import { appendFileSync } from 'node:fs';

export type SummaryRow = {
  /** The table's group, e.g. "HTTP lists, PGlite". */
  section: string;
  /** What was measured, e.g. "GET /disabilities". */
  measure: string;
  /** The figure, with its unit. */
  value: string;
  /** The figure beside its baseline or goal, when it has one. */
  against?: string;
};

export function reportSummary(rows: SummaryRow[]): void {
  const file = process.env.BENCH_SUMMARY_FILE;
  if (!file || rows.length === 0) return;
  appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

export function readSummary(text: string): SummaryRow[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SummaryRow);
}
