/**
 * `npm run lighthouse`: Lighthouse scores and timings of the first load of four pages; prints
 * numbers, never a pass/fail test.
 * - Starts the production app the way `npm start` does (scripts/start.ts builds what is stale; the
 *   embedded defaults; a throwaway data folder) on ports of its own: the app on LIGHTHOUSE_PORT
 *   (default 4250), the API on the next port and the site on the one after.
 * - Signs a user in through the email-code flow (the local outbox) and picks the free plan, so
 *   `/dashboard` loads signed in instead of sending the visitor to sign in or choose a plan.
 * - Audits the app's `/sign-in` (signed out), `/dashboard` (signed in), `/calculator` (signed in)
 *   and the site's landing page with Lighthouse's mobile preset and its default simulated
 *   throttling, in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) with a fresh profile.
 *   Before every run the browser's HTTP cache and the page origin's storage are cleared, so each
 *   run is a first visit; only the signed-in session is put back.
 * - Runs each page LIGHTHOUSE_RUNS times (default 3) and prints the median of each column.
 *   LIGHTHOUSE_ONLY=pattern (a regular expression) audits only the pages whose label matches it;
 *   LIGHTHOUSE_REPORT_DIR=folder also writes each run's full report (JSON) there.
 * A page that ends on another URL than the one asked for (a redirect) is printed as such, without
 * numbers, and the command exits with status 1: its numbers would describe the wrong page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumArgs } from '../e2e/config.ts';
import { reportSummary } from './summary.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY = process.env.LIGHTHOUSE_ONLY ? new RegExp(process.env.LIGHTHOUSE_ONLY, 'i') : null;
const REPORT_DIR = process.env.LIGHTHOUSE_REPORT_DIR;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BASE_PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4250);
const ports = { app: BASE_PORT, api: BASE_PORT + 1, site: BASE_PORT + 2 };
const urls = {
  app: `http://localhost:${ports.app}`,
  api: `http://localhost:${ports.api}`,
  site: `http://localhost:${ports.site}`,
};
/** Where the app keeps its bearer token (apps/web/src/config/constants.ts). */
const AUTH_TOKEN_KEY = 'muster:auth-token';
const CHROME_FLAGS = ['--headless', ...chromiumArgs];

type Target = { label: string; url: string; signedIn: boolean };
const TARGETS: Target[] = [
  { label: 'app /sign-in', url: `${urls.app}/sign-in`, signedIn: false },
  { label: 'app /dashboard', url: `${urls.app}/dashboard`, signedIn: true },
  { label: 'app /calculator', url: `${urls.app}/calculator`, signedIn: true },
  { label: 'site /', url: `${urls.site}/`, signedIn: false },
];

type Row = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  transferKb: number;
};

if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('LIGHTHOUSE_RUNS must be a whole number of at least 1');
  process.exit(1);
}

/** `npm start`'s script on our own ports, with only the variables it needs (embedded defaults). */
function startServer(dataDir: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      APP_PORT: String(ports.app),
      API_PORT: String(ports.api),
      SITE_PORT: String(ports.site),
      LOG_LEVEL: 'warn',
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    // The embedded outbox prints sign-in codes; keep them out of the output.
    stderr += chunk.toString().replace(/^\[outbox\].*$/gm, '');
  });
  child.once('exit', (code) => {
    if (code !== null && code !== 0) {
      console.error(`The app stopped (exit ${code}):\n${stderr.trim()}`);
      process.exit(1);
    }
  });
  return child;
}

async function waitForReady(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: urls.app,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${new URL(url).pathname} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/** A new user signed in with the email code from the local outbox, on the free plan. */
async function signedInToken(): Promise<string> {
  const email = `lighthouse-${Date.now()}@example.com`;
  await post(`${urls.api}/auth/email-otp/send-verification-otp`, { email, type: 'sign-in' });
  const mails = (await (await fetch(`${urls.api}/dev/outbox`)).json()) as {
    to: string;
    text: string;
  }[];
  const otp = mails.find((mail) => mail.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!otp) throw new Error('No sign-in code in the outbox');
  const { token } = (await post(`${urls.api}/auth/sign-in/email-otp`, { email, otp })) as {
    token: string;
  };
  await post(`${urls.api}/subscriptions/free`, { plan: 'FREE' }, token);
  return token;
}

/**
 * A fresh tab for one run: no HTTP cache, no storage for the page's origin, and, for a signed-in
 * page, the session token where the app looks for it.
 */
async function preparePage(browser: Browser, target: Target, token: string) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  const origin = new URL(target.url).origin;
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  if (target.signedIn) {
    // Any same-origin file that runs no app code gives a document to write storage from.
    await page.goto(`${origin}/favicon.svg`);
    // Runs in the page; a string keeps browser globals out of this Node program's types.
    await page.evaluate(
      `localStorage.setItem(${JSON.stringify(AUTH_TOKEN_KEY)}, ${JSON.stringify(token)})`,
    );
    await page.goto('about:blank');
  }
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  return page;
}

function rowOf(lhr: Result): Row {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndex: value('speed-index'),
    transferKb: value('total-byte-weight') / 1024,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Lighthouse's own lists of what cost the most, for the runs that fell short of the goal. */
function opportunities(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.details?.type === 'opportunity' &&
        audit.score !== null &&
        audit.score < 0.9 &&
        ((audit.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0) > 0,
    )
    .map(
      (audit) =>
        `${audit.id} (~${Math.round((audit.details as { overallSavingsMs: number }).overallSavingsMs)} ms)`,
    );
}

function format(row: Row): string[] {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    String(row.performance),
    String(row.accessibility),
    String(row.bestPractices),
    String(row.seo),
    seconds(row.fcp),
    seconds(row.lcp),
    `${Math.round(row.tbt)} ms`,
    row.cls.toFixed(3),
    seconds(row.speedIndex),
    row.transferKb.toFixed(0),
  ];
}

const HEADER = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI', 'KB'];

function printTable(lines: string[][]) {
  const widths = HEADER.map((_, i) =>
    // A two-cell line (a page that was not audited) spans the row: it sets no column's width.
    Math.max(...[HEADER, ...lines.filter((l) => l.length > 2)].map((l) => l[i]?.length ?? 0)),
  );
  const render = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ');
  console.log(render(HEADER));
  for (const line of lines) console.log(line.length === 2 ? line.join('  ') : render(line));
}

const targets = TARGETS.filter((target) => !ONLY || ONLY.test(target.label));
const dataDir = mkdtempSync(path.join(tmpdir(), 'muster-lighthouse-'));
const profileDir = mkdtempSync(path.join(tmpdir(), 'muster-lighthouse-chrome-'));
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });
let server: ChildProcess | undefined;
let chrome: LaunchedChrome | undefined;
let browser: Browser | undefined;
let failed = false;

try {
  server = startServer(dataDir);
  await waitForReady(`${urls.api}/ready`, 300_000);
  await waitForReady(`${urls.app}/favicon.svg`, 30_000);
  const token = await signedInToken();

  chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    userDataDir: profileDir,
  });
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const flags: Flags = {
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // preparePage clears the cache and storage itself, keeping the session of signed-in pages.
    disableStorageReset: true,
  };

  console.log(
    `Lighthouse mobile, ${RUNS} run(s) a page, medians; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  const lines: string[][] = [];
  for (const target of targets) {
    const rows: Row[] = [];
    let redirectedTo: string | undefined;
    let lastLhr: Result | undefined;
    for (let run = 1; run <= RUNS && !redirectedTo; run++) {
      const page = await preparePage(browser, target, token);
      const result = await lighthouse(target.url, flags, undefined, page);
      await page.close();
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${target.url}`);
      if (lhr.runtimeError) throw new Error(`${target.label}: ${lhr.runtimeError.message}`);
      if (REPORT_DIR) {
        const name = `${target.label.replace(/\W+/g, '-')}-${run}.json`;
        writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(lhr));
      }
      if (lhr.finalDisplayedUrl !== target.url) redirectedTo = lhr.finalDisplayedUrl;
      // A page that failed (an error screen instead of the page) would still score well.
      const consoleErrors = (
        lhr.audits['errors-in-console']?.details as { items?: unknown[] } | undefined
      )?.items?.length;
      if (consoleErrors) {
        failed = true;
        console.log(`${target.label} run ${run}: ${consoleErrors} console error(s)`);
      }
      rows.push(rowOf(lhr));
      lastLhr = lhr;
    }
    if (redirectedTo) {
      failed = true;
      lines.push([target.label, `redirected to ${redirectedTo}: not audited`]);
      continue;
    }
    const medianRow = Object.fromEntries(
      Object.keys(rows[0]!).map((key) => [key, median(rows.map((row) => row[key as keyof Row]))]),
    ) as Row;
    lines.push([target.label, ...format(medianRow)]);
    if (lastLhr && (medianRow.performance < 95 || medianRow.accessibility < 100)) {
      const costs = opportunities(lastLhr);
      if (costs.length > 0) console.log(`${target.label}: ${costs.join(', ')}`);
    }
  }
  console.log('');
  printTable(lines);
  reportSummary(
    lines.map(([label, ...cells]) =>
      cells.length === 1
        ? { section: 'Lighthouse (mobile)', measure: label!, value: cells[0]! }
        : {
            section: 'Lighthouse (mobile)',
            measure: label!,
            value: `perf ${cells[0]}, a11y ${cells[1]}, best pr. ${cells[2]}, SEO ${cells[3]}`,
            against: `FCP ${cells[4]}, LCP ${cells[5]}, TBT ${cells[6]}, CLS ${cells[7]}, SI ${cells[8]}, ${cells[9]} KB`,
          },
    ),
  );
  console.log(
    `\nload average at the end ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}; times are simulated (slow 4G, 4× CPU slowdown)`,
  );
} catch (error) {
  failed = true;
  console.error(`Lighthouse benchmark failed: ${(error as Error).message}`);
} finally {
  await browser?.disconnect().catch(() => undefined);
  chrome?.kill();
  if (server && server.exitCode === null) {
    server.removeAllListeners('exit');
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profileDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
