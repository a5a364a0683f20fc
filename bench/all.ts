/**
 * `npm run bench`: every benchmark, one after another, each printing its full output, then one
 * table of their headline figures; never a pass/fail test.
 *
 * 1. the production build (`npm run build`), then the first-load JS of `/dashboard` and `/sign-in`
 *    (scripts/js-budget.ts);
 * 2. the API's list routes of each feature, each beside a bare Fastify route reading the same
 *    page of the same table, on PGlite, then on PostgreSQL when BENCH_DATABASE_URL is set (a
 *    scratch database on that server, dropped after) — bench/run.ts;
 * 3. the document benches: a decision letter (bench/letters.ts), a 2,000-page C-file
 *    (bench/cfile.ts), the assistant's first streamed byte (bench/chat.ts);
 * 4. Lighthouse on four pages (bench/lighthouse.ts).
 *
 * Each part runs in a process of its own and appends its headline figures to a file this script
 * reads at the end (bench/summary.ts). BENCH_PARTS=js,http,http-postgres,letters,cfile,chat,lighthouse
 * runs only those named. The settings of each part (BENCH_ROUNDS, BENCH_DURATION_S, LIGHTHOUSE_RUNS,
 * BENCH_CFILE_PAGES…) pass through to it. Nothing else should run on the machine meanwhile: the
 * load average is printed at the start and the end.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSummary, type SummaryRow } from './summary.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsx = (script: string) => [process.execPath, ['--import', 'tsx', script]] as const;

type Part = {
  name: string;
  label: string;
  command: readonly [string, readonly string[]];
  env?: NodeJS.ProcessEnv;
  /** Why the part is left out on this run, if it is. */
  skip?: string;
};

const postgresUrl = process.env.BENCH_DATABASE_URL;
const parts: Part[] = [
  { name: 'js', label: 'production build', command: [npm, ['run', 'build']] },
  { name: 'js', label: 'first-load JS', command: tsx('scripts/js-budget.ts') },
  {
    name: 'http',
    label: 'HTTP lists on PGlite',
    command: tsx('bench/run.ts'),
    env: { BENCH_DATABASE_URL: '' },
  },
  {
    name: 'http-postgres',
    label: 'HTTP lists on PostgreSQL',
    command: tsx('bench/run.ts'),
    ...(postgresUrl ? {} : { skip: 'set BENCH_DATABASE_URL=postgres://… to measure it' }),
  },
  { name: 'letters', label: 'decision letter', command: tsx('bench/letters.ts') },
  { name: 'cfile', label: 'C-file', command: tsx('bench/cfile.ts') },
  { name: 'chat', label: 'chat', command: tsx('bench/chat.ts') },
  { name: 'lighthouse', label: 'Lighthouse', command: tsx('bench/lighthouse.ts') },
];

const chosen = process.env.BENCH_PARTS
  ? new Set(process.env.BENCH_PARTS.split(',').map((name) => name.trim()))
  : undefined;
const folder = mkdtempSync(path.join(tmpdir(), 'muster-bench-'));
const summaryFile = path.join(folder, 'summary.jsonl');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadBefore = load();
const started = Date.now();
const outcomes: SummaryRow[] = [];

try {
  for (const part of parts) {
    if (chosen && !chosen.has(part.name)) continue;
    if (part.skip) {
      outcomes.push({ section: 'Runs', measure: part.label, value: `skipped: ${part.skip}` });
      continue;
    }
    console.log(`\n━━━ ${part.label} ━━━`);
    const partStarted = Date.now();
    const [command, args] = part.command;
    const result = spawnSync(command, [...args], {
      cwd: repo,
      stdio: 'inherit',
      env: { ...process.env, ...part.env, BENCH_SUMMARY_FILE: summaryFile },
    });
    const seconds = ((Date.now() - partStarted) / 1000).toFixed(0);
    outcomes.push({
      section: 'Runs',
      measure: part.label,
      value:
        result.status === 0
          ? `${seconds} s`
          : `failed (${result.status ?? result.signal}) after ${seconds} s`,
    });
  }

  const rows = [
    ...(existsSync(summaryFile) ? readSummary(readFileSync(summaryFile, 'utf8')) : []),
    ...outcomes,
  ];
  const widths = {
    measure: Math.max(...rows.map((row) => row.measure.length)),
    value: Math.max(...rows.map((row) => row.value.length)),
  };
  console.log(
    `\n━━━ Summary (${((Date.now() - started) / 60_000).toFixed(0)} min; load average before ${loadBefore}, after ${load()}) ━━━`,
  );
  for (const section of new Set(rows.map((row) => row.section))) {
    console.log(`\n${section}`);
    for (const row of rows.filter((r) => r.section === section)) {
      console.log(
        `  ${row.measure.padEnd(widths.measure)}  ${row.value.padEnd(widths.value)}  ${row.against ?? ''}`.trimEnd(),
      );
    }
  }
  if (outcomes.some((row) => row.value.startsWith('failed'))) process.exitCode = 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
