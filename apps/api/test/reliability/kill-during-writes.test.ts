import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { createDatabase } from '@muster/db/client';
import { registerFieldCipher } from '@muster/db/encryption';
import { createScratchPostgresDatabase } from '@muster/db/testing';
import { contactMessages, outboxEmails } from '@muster/db/schema/index';
import { outboxSchema } from '@muster/contract/outbox';
import { createFieldCipher, loadKeyRing } from '#src/lib/crypto.ts';
import { freePort } from '../helpers/build-test-app.ts';
import {
  parentEnv,
  reliabilityRounds,
  reliabilityWrites,
  testDatabaseKind,
  testPostgresUrl,
} from '../helpers/config.ts';
import { startFakeLighthouse, type FakeLighthouse } from '../helpers/fake-lighthouse.ts';
import { APP_URL, browserConnect } from '../api/va-integrations/va-helpers.ts';

/**
 * The API is killed with SIGKILL in the middle of hundreds of concurrent writes across features,
 * then started again on the same data. Every write the API acknowledged must be there, whole and
 * exactly once; writes it never answered may be there or not, but whole. Mail is sent once per
 * acknowledged request, jobs queued before the kill run to the end after the restart, and VA gets
 * at most one Intent to File per veteran. Runs on the database kind of its project (PGlite in a
 * data folder, or a scratch PostgreSQL database).
 *
 * `RELIABILITY_WRITES` and `RELIABILITY_ROUNDS` make it longer (`npm run test:soak:kill`).
 */

const WRITES = reliabilityWrites;
const ROUNDS = reliabilityRounds;
const USERS = 10;
const CONCURRENCY = 50;
/**
 * Share of a round's writes acknowledged before the kill (about CONCURRENCY more are on the wire
 * when it lands); the rest go to the restarted API.
 */
const KILL_AFTER = 0.4;
/**
 * How long jobs get to finish after a restart. A job that was running at the kill is retried once
 * its heartbeat has lapsed (20 s, checked every 10 s), after its own retry delay (30 s for a
 * letter, doubled for a job killed twice): one to two minutes.
 */
const JOB_RESUME_MS = 180_000;

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const serverEntry = path.join(repoRoot, 'apps/api/src/server.ts');
const LETTER = readFileSync(
  path.join(
    repoRoot,
    'packages/domain/src/decision-letters/fixtures/01-ama-ptsd-increase-hearing.txt',
  ),
  'utf8',
);
const LETTER_DECISIONS = (
  JSON.parse(
    readFileSync(
      path.join(
        repoRoot,
        'packages/domain/src/decision-letters/fixtures/01-ama-ptsd-increase-hearing.expected.json',
      ),
      'utf8',
    ),
  ) as { decisions: unknown[] }
).decisions.length;

type Kind = 'disability' | 'veteran' | 'thread' | 'contact' | 'sign-in-code' | 'letter' | 'itf';
type Write = {
  key: string;
  kind: Kind;
  user: number;
  method: 'POST';
  path: string;
  body: Record<string, unknown>;
  /** acknowledged: a 2xx answer; refused: another HTTP status; lost: no answer (connection died). */
  outcome?: 'acknowledged' | 'refused' | 'no-answer';
  status?: number;
  id?: string;
  answer?: string;
};

let fake: FakeLighthouse;
let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let port: number;
let base: string;
const children = new Set<ChildProcess>();
let api: { child: ChildProcess; stderr: string[] } | undefined;
/** What the API processes logged (warnings and errors), shown when the test fails. */
const apiLog: string[] = [];
let apiStarts = 0;
const users: { email: string; token: string; userId: string }[] = [];
let vaIcn: string | undefined;

function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...parentEnv(),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    API_PORT: String(port),
    API_URL: base,
    APP_URL,
    ROLE: 'all',
    RATE_LIMIT_MAX: '1000000',
    CONTACT_RATE_LIMIT_MAX: '1000000',
    ANONYMOUS_SIGN_IN_RATE_LIMIT_MAX: '1000000',
    SIGN_IN_CODE_RATE_LIMIT_MAX: '1000000',
    ...fake.env(),
    // The Intent to File lease a killed filing leaves lapses after four VA timeouts and 5 s: with
    // the default 15 s that is 65 s, longer than a request here waits. The fake answers at once.
    LIGHTHOUSE_TIMEOUT_MS: '2000',
  };
  delete env.SMTP_URL;
  delete env.REDIS_URL;
  delete env.ENCRYPTION_KEY;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return env;
}

/** Starts the API process and waits for /ready; returns the milliseconds it took. */
async function startApi(): Promise<number> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repoRoot,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const name = `api ${++apiStarts}`;
  child.stdout!.on('data', (chunk: Buffer) =>
    apiLog.push(`${name}: ${chunk.toString().trimEnd()}`),
  );
  children.add(child);
  child.once('exit', () => children.delete(child));
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    apiLog.push(`${name} stderr: ${chunk.toString().trimEnd()}`);
  });
  api = { child, stderr };
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  while (Date.now() - started < 60_000) {
    if (exited !== undefined) {
      throw new Error(`the API exited (${exited}) before it was ready:\n${stderr.join('')}`);
    }
    const ready = await fetch(`${base}/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return Date.now() - started;
    await sleep(100);
  }
  throw new Error(`the API was not ready in 60 s:\n${stderr.join('')}`);
}

async function stopApi(signal: 'SIGKILL' | 'SIGTERM') {
  const current = api;
  api = undefined;
  if (!current || current.child.exitCode !== null || current.child.signalCode !== null) return;
  const exited = new Promise((resolve) => current.child.once('exit', resolve));
  current.child.kill(signal);
  await exited;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function http(
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; text: string; json: () => unknown }> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(30_000),
  }).catch((error: unknown) => {
    throw new Error(`${method} ${url}: ${(error as Error).message}`, { cause: error });
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as unknown };
}

async function signIn(email: string) {
  const sent = await http('POST', '/auth/email-otp/send-verification-otp', {
    body: { email, type: 'sign-in' },
  });
  expect(sent.status, sent.text).toBe(200);
  const outbox = outboxSchema.parse((await http('GET', '/dev/outbox')).json());
  const otp = outbox.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!otp) throw new Error(`no code mailed to ${email}`);
  const signedIn = await http('POST', '/auth/sign-in/email-otp', { body: { email, otp } });
  expect(signedIn.status, signedIn.text).toBe(200);
  const body = signedIn.json() as { token: string; user: { id: string } };
  return { email, token: body.token, userId: body.user.id };
}

/** The writes of one round, in a fixed mix across features; each carries a unique marker. */
function planWrites(round: number): Write[] {
  const writes: Write[] = [];
  for (let i = 0; i < WRITES; i += 1) {
    const key = `r${round}w${i}`;
    const user = i % USERS;
    const slot = i % 10;
    if (i === Math.floor(WRITES * 0.2) && vaIcn) {
      writes.push({
        key,
        kind: 'itf',
        user: 0,
        method: 'POST',
        path: '/va-forms/intent-to-file',
        body: {},
      });
    } else if (i % 50 === 9) {
      writes.push({
        key,
        kind: 'letter',
        user,
        method: 'POST',
        path: '/decision-letters',
        body: { text: LETTER },
      });
    } else if (slot <= 2 || slot === 9) {
      writes.push({
        key,
        kind: 'disability',
        user,
        method: 'POST',
        path: '/disabilities',
        body: {
          title: `Knee ${key}`,
          diagnostic_code: '5260',
          classification_code: '8997',
          side_of_body: 'left',
          diagnosis: `Patellofemoral syndrome ${key}`,
          claim_type: 'direct',
          percent: 10,
          wizard_step: 'flare-ups',
          veteran_id: null,
        },
      });
    } else if (slot <= 4) {
      writes.push({
        key,
        kind: 'veteran',
        user,
        method: 'POST',
        path: '/veterans',
        body: {
          first_name: `Rosalind${key}`,
          middle_name: 'Marisol',
          last_name: 'Diazmontoya',
          date_of_birth: '1980-04-12',
          notes: `Knee gave out at Quantico, ${key}.`,
        },
      });
    } else if (slot <= 6) {
      writes.push({
        key,
        kind: 'thread',
        user,
        method: 'POST',
        path: '/threads',
        body: { title: `Thread ${key}` },
      });
    } else if (slot === 7) {
      writes.push({
        key,
        kind: 'contact',
        user,
        method: 'POST',
        path: '/contact',
        body: {
          name: `Sam ${key}`,
          email: `sam.${key}@example.com`,
          topic: 'question',
          message: `How do I add a secondary condition? Marker ${key}.`,
        },
      });
    } else {
      writes.push({
        key,
        kind: 'sign-in-code',
        user,
        method: 'POST',
        path: '/auth/email-otp/send-verification-otp',
        body: { email: `kill.${key}@example.com`, type: 'sign-in' },
      });
    }
  }
  return writes;
}

async function send(write: Write) {
  const token =
    write.kind === 'contact' || write.kind === 'sign-in-code'
      ? undefined
      : users[write.user]!.token;
  try {
    const answer = await http(write.method, write.path, { token, body: write.body });
    write.status = answer.status;
    write.answer = answer.text.slice(0, 300);
    if (answer.status >= 200 && answer.status < 300) {
      write.outcome = 'acknowledged';
      const body = answer.json() as { id?: string; intent_to_file?: { intent_file_id?: string } };
      write.id = body.id ?? body.intent_to_file?.intent_file_id;
    } else {
      write.outcome = 'refused';
    }
  } catch {
    write.outcome = 'no-answer';
  }
}

/**
 * Sends `writes` with CONCURRENCY at once; calls `onAnswered` with the number of acknowledged
 * writes after each answer, and sends no more once `stop` says so.
 */
async function fire(
  writes: Write[],
  onAnswered?: (acknowledged: number) => void,
  stop?: () => boolean,
) {
  let next = 0;
  let acknowledged = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < writes.length && !stop?.()) {
        const write = writes[next++]!;
        await send(write);
        if (write.outcome === 'acknowledged') acknowledged += 1;
        onAnswered?.(acknowledged);
      }
    }),
  );
}

/** Every page of a list endpoint, as the user. */
async function listAll(token: string, url: string): Promise<Record<string, unknown>[]> {
  const all: Record<string, unknown>[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await http('GET', `${url}?page=${page}&page_size=100`, { token });
    expect(answer.status, answer.text).toBe(200);
    const body = answer.json() as { results: Record<string, unknown>[]; meta: { total: number } };
    all.push(...body.results);
    if (body.results.length === 0 || all.length >= body.meta.total) return all;
  }
}

/** The fields of `sent` as the API answers them (the disability's title is trimmed; all are plain). */
function differences(sent: Record<string, unknown>, stored: Record<string, unknown>): string[] {
  return Object.entries(sent)
    .filter(([field, value]) => JSON.stringify(stored[field]) !== JSON.stringify(value))
    .map(
      ([field, value]) =>
        `${field}: sent ${JSON.stringify(value)}, stored ${JSON.stringify(stored[field])}`,
    );
}

const LIST_URL: Partial<Record<Kind, string>> = {
  disability: '/disabilities',
  veteran: '/veterans',
  thread: '/threads',
  letter: '/decision-letters',
};
/** The field of a listed record that carries the write's marker. */
const MARKER_FIELD: Partial<Record<Kind, string>> = {
  disability: 'title',
  veteran: 'first_name',
  thread: 'title',
};

beforeAll(async () => {
  fake = await startFakeLighthouse();
  dataDir = mkdtempSync(path.join(tmpdir(), 'muster-kill-'));
  if (testDatabaseKind === 'postgres') {
    if (!testPostgresUrl) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    const scratch = await createScratchPostgresDatabase(testPostgresUrl);
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  }
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
}, 120_000);

/** Kills every API process this file started and waits for each to be gone. */
async function killAll() {
  await Promise.all(
    [...children].map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }),
  );
  api = undefined;
}

// No API process outlives a test, passed or failed.
afterEach(killAll);

afterAll(async () => {
  await killAll();
  await fake.close();
  await dropDatabase?.().catch(() => undefined);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`[RELIABILITY][KILL] (${testDatabaseKind})`, () => {
  it(
    `[RELIABILITY][KILL]: SIGKILL during ${WRITES} concurrent writes × ${ROUNDS}: nothing acknowledged is lost, nothing is half-written or sent twice`,
    async () => {
      onTestFailed(() => {
        console.info(`API log (last 80 lines):\n${apiLog.slice(-80).join('\n')}`);
      });
      await startApi();
      for (let u = 0; u < USERS; u += 1) users.push(await signIn(`kill.user${u}@example.com`));
      // The first user connects Benefits Claims, as a browser would, through the fake VA.
      vaIcn = '1012679999V762142';
      fake.patientIcn = vaIcn;
      const parameters = await http(
        'GET',
        '/va-integrations/get-auth-endpoint-parameters/benefit-claims',
        {
          token: users[0]!.token,
        },
      );
      expect(parameters.status, parameters.text).toBe(200);
      const connected = await browserConnect((parameters.json() as { url: string }).url);
      expect(connected.final.toString()).toBe(`${APP_URL}/va-forms?message=success`);
      // The filing takes a moment at VA, so the kill can land while it is on the wire.
      fake.itfPostDelayMs = 150;

      const allWrites: Write[] = [];
      const problems: string[] = [];
      for (let round = 1; round <= ROUNDS; round += 1) {
        const writes = planWrites(round);
        allWrites.push(...writes);
        const killAt = Math.floor(WRITES * KILL_AFTER);
        let killed: Promise<void> | undefined;
        await fire(
          writes,
          (acknowledged) => {
            if (acknowledged >= killAt && !killed) killed = stopApi('SIGKILL');
          },
          () => killed !== undefined,
        );
        await killed;
        const before = writes.filter((w) => w.outcome !== undefined);
        const inFlightAtKill = before.filter((w) => w.outcome !== 'acknowledged').length;
        const acknowledgedBeforeKill = before.length - inFlightAtKill;

        const readyMs = await startApi();
        // The rest of the round goes to the restarted API, which must answer them all.
        const after = writes.filter((w) => w.outcome === undefined);
        await fire(after);
        for (const write of after) {
          if (write.outcome !== 'acknowledged') {
            problems.push(
              `after restart ${write.kind} ${write.path} answered ${write.status ?? 'nothing'}: ${write.answer ?? ''}`,
            );
          }
        }
        for (const write of before) {
          if (write.outcome === 'refused') {
            problems.push(
              `before the kill ${write.kind} ${write.path} answered ${write.status}: ${write.answer}`,
            );
          }
        }

        // Jobs queued before the kill (decision letters) run to the end after the restart.
        const resumeStarted = Date.now();
        const letterIds = new Map<string, number>();
        for (let u = 0; u < USERS; u += 1) {
          for (const letter of await listAll(users[u]!.token, '/decision-letters'))
            letterIds.set(letter.id as string, u);
        }
        const unsettled = new Set(letterIds.keys());
        while (unsettled.size > 0 && Date.now() - resumeStarted < JOB_RESUME_MS) {
          for (const id of [...unsettled]) {
            const letter = await http('GET', `/decision-letters/${id}`, {
              token: users[letterIds.get(id)!]!.token,
            });
            const body = letter.json() as { status: string; decisions: unknown[] };
            if (body.status === 'complete') {
              unsettled.delete(id);
              if (body.decisions.length !== LETTER_DECISIONS) {
                problems.push(
                  `letter ${id} has ${body.decisions.length} decisions, expected ${LETTER_DECISIONS}`,
                );
              }
            } else if (body.status === 'failed') {
              unsettled.delete(id);
              problems.push(`letter ${id} failed after the restart`);
            }
          }
          if (unsettled.size > 0) await sleep(500);
        }
        for (const id of unsettled) {
          const letter = await http('GET', `/decision-letters/${id}`, {
            token: users[letterIds.get(id)!]!.token,
          });
          const body = letter.json() as { status: string; progress: number };
          const write = allWrites.find((w) => w.id === id);
          problems.push(
            `letter ${id} (${write ? write.outcome : 'unacknowledged'}) still ${body.status} (${body.progress} %) ${Math.round(JOB_RESUME_MS / 1000)} s after the restart: its job did not resume`,
          );
        }

        // Every acknowledged record is there, as its owner reads it, with exactly the fields sent.
        let lost = 0;
        let present = 0;
        let duplicates = 0;
        for (const write of allWrites) {
          if (write.outcome !== 'acknowledged' || !LIST_URL[write.kind] || !write.id) continue;
          const stored = await http('GET', `${LIST_URL[write.kind]}/${write.id}`, {
            token: users[write.user]!.token,
          });
          if (stored.status !== 200) {
            lost += 1;
            problems.push(
              `lost: ${write.kind} ${write.id} (${write.key}) answers ${stored.status}`,
            );
            continue;
          }
          present += 1;
          const sentFields = write.kind === 'letter' ? {} : write.body;
          const diff = differences(sentFields, stored.json() as Record<string, unknown>);
          if (diff.length > 0)
            problems.push(`half-written: ${write.kind} ${write.id}: ${diff.join('; ')}`);
        }
        // Every listed record is whole and once, acknowledged or not.
        for (const kind of ['disability', 'veteran', 'thread'] as const) {
          const sentByMarker = new Map(
            allWrites
              .filter((w) => w.kind === kind)
              .map((w) => [w.body[MARKER_FIELD[kind]!] as string, w]),
          );
          for (let u = 0; u < USERS; u += 1) {
            const seen = new Map<string, number>();
            for (const record of await listAll(users[u]!.token, LIST_URL[kind]!)) {
              const marker = record[MARKER_FIELD[kind]!] as string;
              seen.set(marker, (seen.get(marker) ?? 0) + 1);
              const write = sentByMarker.get(marker);
              if (!write) {
                problems.push(`unknown ${kind} ${String(record.id)} "${marker}"`);
                continue;
              }
              if (write.outcome === 'acknowledged' && write.id !== record.id) {
                problems.push(
                  `${kind} "${marker}" listed as ${String(record.id)}, acknowledged as ${write.id}`,
                );
              }
              // A list item may carry fewer fields than the record: the full record is read.
              const full = await http('GET', `${LIST_URL[kind]}/${String(record.id)}`, {
                token: users[u]!.token,
              });
              const diff = differences(write.body, full.json() as Record<string, unknown>);
              if (diff.length > 0)
                problems.push(`half-written: ${kind} ${String(record.id)}: ${diff.join('; ')}`);
            }
            for (const [marker, count] of seen) {
              if (count > 1) {
                duplicates += count - 1;
                problems.push(`duplicate: ${kind} "${marker}" listed ${count} times`);
              }
            }
          }
        }

        // Intent to File: asking again after the restart answers the one VA holds, never files twice.
        const itfWrites = allWrites.filter((w) => w.kind === 'itf');
        const again = await http('POST', '/va-forms/intent-to-file', {
          token: users[0]!.token,
          body: {},
        });
        if (again.status !== 200 && again.status !== 201) {
          problems.push(
            `Intent to File after the restart answered ${again.status}: ${again.text.slice(0, 200)}`,
          );
        }
        const filings = fake
          .callsTo('POST', `/veterans/${vaIcn}/intent-to-file`)
          .filter((c) => c.status === 200);
        if (filings.length !== 1) {
          duplicates += Math.max(0, filings.length - 1);
          problems.push(
            `VA received ${filings.length} Intent to File submissions for one veteran (requests: ${itfWrites.map((w) => w.outcome).join(', ')})`,
          );
        }
        const filedId = fake.itfs.filter((itf) => itf.icn === vaIcn).map((itf) => itf.id);
        for (const write of itfWrites) {
          if (write.outcome === 'acknowledged' && !filedId.includes(write.id ?? '')) {
            problems.push(
              `Intent to File acknowledged as ${write.id}, VA holds ${filedId.join(', ')}`,
            );
          }
        }

        // Mail and contact messages are read from the database itself, with the API stopped.
        await stopApi('SIGTERM');
        const mail = await readMail();
        for (const write of allWrites) {
          if (write.kind === 'sign-in-code') {
            const count = mail.codesTo.get(write.body.email as string) ?? 0;
            checkOnce(
              write,
              count,
              'sign-in code mails',
              problems,
              () => (duplicates += count - 1),
            );
          } else if (write.kind === 'contact') {
            const marker = `Marker ${write.key}.`;
            const rows = mail.contactMessages.filter((m) => m.includes(marker)).length;
            const mails = mail.contactMails.filter((m) => m.includes(marker)).length;
            checkOnce(write, rows, 'contact messages', problems, () => (duplicates += rows - 1));
            checkOnce(write, mails, 'contact mails', problems, () => (duplicates += mails - 1));
          }
        }

        const sent = writes.filter((w) => w.outcome !== undefined).length;
        const acknowledged = writes.filter((w) => w.outcome === 'acknowledged').length;
        const lostHere = lost + problems.filter((p) => p.startsWith('lost mail')).length;
        console.info(
          `[kill ${testDatabaseKind}] round ${round}: sent ${sent}, acknowledged ${acknowledged} ` +
            `(${acknowledgedBeforeKill} before the kill, ${inFlightAtKill} unanswered at the kill), acknowledged records present ${present}, ` +
            `lost ${lostHere}, duplicates ${duplicates}, ready ${readyMs} ms after restart, ` +
            `letters ${letterIds.size} settled in ${Date.now() - resumeStarted} ms, ` +
            `Intent to File ${itfWrites.map((w) => w.outcome).join('/')} with ${filings.length} filing at VA; ` +
            `acknowledged by kind ${breakdown(writes)}`,
        );
        if (round < ROUNDS) await startApi();
      }
      expect(fake.violations).toEqual([]);
      expect([...new Set(problems)]).toEqual([]);
    },
    ROUNDS * 240_000 + 120_000,
  );
});

/** `kind acknowledged/sent` for each kind of write. */
function breakdown(writes: Write[]): string {
  const kinds = [...new Set(writes.map((w) => w.kind))];
  return kinds
    .map((kind) => {
      const of = writes.filter((w) => w.kind === kind);
      return `${kind} ${of.filter((w) => w.outcome === 'acknowledged').length}/${of.length}`;
    })
    .join(', ');
}

function checkOnce(
  write: Write,
  count: number,
  what: string,
  problems: string[],
  onDuplicate: () => void,
) {
  if (count > 1) {
    onDuplicate();
    problems.push(`duplicate: ${count} ${what} for ${write.kind} ${write.key}`);
  } else if (count === 0 && write.outcome === 'acknowledged') {
    problems.push(`lost mail: no ${what} for acknowledged ${write.kind} ${write.key}`);
  }
}

/** The outbox and the contact messages, decrypted with the data folder's key. */
async function readMail() {
  const database = await createDatabase(
    databaseUrl ? { url: databaseUrl } : { pgliteDir: path.join(dataDir, 'pglite') },
  );
  const unregister = registerFieldCipher(
    createFieldCipher(loadKeyRing({ encryptionKey: undefined, dataDir })),
  );
  try {
    const outbox = await database.db.select().from(outboxEmails);
    const codesTo = new Map<string, number>();
    for (const row of outbox) {
      if (row.subject === 'Your Muster sign-in code')
        codesTo.set(row.to, (codesTo.get(row.to) ?? 0) + 1);
    }
    return {
      codesTo,
      contactMails: outbox
        .filter((row) => row.subject.startsWith('[Muster contact]'))
        .map((row) => row.text),
      contactMessages: (await database.db.select().from(contactMessages)).map((row) => row.message),
    };
  } finally {
    unregister();
    await database.close();
  }
}
