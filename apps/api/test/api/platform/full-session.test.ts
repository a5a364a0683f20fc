import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messageSchema } from '@muster/contract/chat';
import { decisionLetterSchema, type DecisionLetter } from '@muster/contract/decision-letters';
import { documentSchema } from '@muster/contract/documents';
import { intentToFileStateSchema } from '@muster/contract/intent-to-file';
import {
  laymanLinkSchema,
  laymanSignerViewSchema,
  laymanStatementSchema,
} from '@muster/contract/layman-statements';
import { nexusLetterSchema } from '@muster/contract/nexus-letters';
import { personalStatementSchema } from '@muster/contract/personal-statements';
import { uploadGrantSchema } from '@muster/contract/storage';
import { veteranSchema } from '@muster/contract/veterans';
import { bearer, latestCode } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { startFakeLighthouse, type FakeLighthouse } from '../../helpers/fake-lighthouse.ts';
import { textPdf } from '../../helpers/text-pdf.ts';
import { APP_URL, connect } from '../va-integrations/va-helpers.ts';

/**
 * One veteran's whole session through HTTP, with distinctive values at every step: sign-in with
 * the mailed code, a veteran record, a disability walked through the wizard with a personal
 * statement, a decision letter uploaded and read by the job queue, a chat with the offline
 * assistant, a vault document, a buddy statement signed through its link, a nexus letter, and
 * VA.gov connected (against the fake Lighthouse) with an Intent to File. Then two checks over
 * everything the session left behind: no secret or personal value in any log line, and none of
 * the text the privacy policy says is encrypted readable in any database column or stored file.
 * A leak is reported by where it was found and which value, with every secret masked.
 */

const TAG = randomBytes(4).toString('hex');

const EMAIL = `full.session.${TAG}@example.com`;
const VETERAN = {
  first_name: 'Zebulon',
  last_name: 'Quartermaine',
  ssn: '219-84-7735',
  date_of_birth: '1971-09-23',
};
const DIAGNOSIS = 'Vellacourt patellar chondrolysis';
const ANSWERS = {
  'military-symptoms': {
    symptoms: ['Knee swelling'],
    started_on: '1994-03-01',
    in_service_event: 'Slipped off the Thistlewaite gantry during a Caldermoor night drill.',
    description: 'The knee locked on every Pendragast ruck march afterwards.',
    reported_during_service: true,
    report_details: 'Told Corpsman Ulverstone at sick call the next morning.',
  },
  'post-military-symptoms': {
    symptoms: ['Pain on stairs'],
    description: 'Climbing into the Harkenwold delivery van takes both hands.',
    frequency: 'daily',
    trend: 'worse',
  },
  'flare-ups': {
    has_flare_ups: true,
    frequency: 'weekly',
    duration: 'several_days',
    severity: 7,
    triggers: 'Damp mornings at the Morrowfield docks.',
    limitations: 'Cannot kneel to fix the Brisbourne fence with my son.',
  },
  'professional-impacts': {
    employment_status: 'part_time',
    missed_days_per_month: 3,
    lost_employment: true,
    description: 'Let go from the Ravenscroft-Tilly lumber yard.',
    accommodations: 'A tall stool at the Quimbleton counter.',
  },
  'social-impacts': {
    description: 'Gave up bowling with the Featherstonhaugh league.',
    relationships: 'My wife Oriel drives me everywhere now.',
    daily_activities: 'Groceries are carried in by the Penhallow neighbours.',
    activities_given_up: 'Coaching the Wrexbury junior rugby side.',
  },
} as const;
const STATEMENT_TEXT =
  'My knees buckle on the stairwell at Fort Quillfeather every single morning.';
const LETTER_PHRASE = 'xerophthalmic tendovaginitis of the Vellmoor type';
/** What the letter fixture itself names: its veteran and file number, read out of the letter. */
const LETTER_IDENTIFIERS = ['Delgado', '918462037'];
const VAULT_PHRASE = 'Orthopaedic note: Brisingamen meniscal fraying at the Oskerdale clinic';
const CHAT_TEXT =
  'Does my Zanzibarite cartilage erosion from the Ossington range blast count as secondary?';
const BUDDY = {
  name: 'Cornelius Aldebaran-Fitch',
  email: `cornelius.fitch.${TAG}@example.net`,
  relationship: 'Bunkmate at Camp Wexborough',
  witnessed: 'His knee folding under him on the Wexborough ladder well',
};
const BUDDY_ANSWERS = { observed: 'I saw the Grimthorpe medic splint his knee in 1994.' };
const BUDDY_STATEMENT =
  'I watched him collapse on the Wexborough ladder well in 1994 and fetch ice from the Tollemache galley for weeks.';
const BUDDY_SIGNER = {
  address: '17 Larkspur Hollow\nBerea, KY 40403',
  phone: '(606) 555-0187',
  email: BUDDY.email,
  known_since: '1993',
};
const NEXUS_TEXT =
  'In my opinion the chondrolysis is at least as likely as not caused by the Thistlewaite fall, as Dr. Philippa Grimsdottir of the Ashcombe-Varley practice.';
const ICN = `10129${String(Date.now()).slice(-5)}V418273`;

/** The letter fixture the decision-letter tests read, with the unique phrase in its evidence. */
const LETTER_TEXT = readFileSync(
  new URL(
    '../../../../../packages/domain/src/decision-letters/fixtures/01-ama-ptsd-increase-hearing.txt',
    import.meta.url,
  ),
  'utf8',
).replace(
  '• VA audiology examination, dated March 8, 2023\n',
  `• VA audiology examination, dated March 8, 2023\n• Private opinion on ${LETTER_PHRASE}, dated May 1, 2023\n`,
);

/** Secrets by label; the session adds tokens and codes as it receives them. */
const secrets = new Map<string, string>();
const secret = (label: string, value: string) => {
  expect(value.length, label).toBeGreaterThan(5);
  secrets.set(label, value);
};

/** `text` with every known secret replaced by its label, so failures never print one. */
function mask(text: string): string {
  let masked = text;
  for (const [label, value] of [...secrets].sort((a, b) => b[1].length - a[1].length)) {
    masked = masked.replace(new RegExp(escapeRegExp(value), 'gi'), `[${label}]`);
  }
  return masked;
}
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `haystack` holds `value`, ignoring case; digits-only values (codes, SSNs) must stand
 * alone, so a sign-in code is not "found" inside a timestamp.
 */
function holds(haystack: string, value: string): boolean {
  const pattern = /^\d+$/.test(value)
    ? new RegExp(`(?<!\\d)${value}(?!\\d)`)
    : new RegExp(escapeRegExp(value), 'i');
  return pattern.test(haystack);
}

/** Up to 80 characters either side of the first match, masked. */
function excerpt(haystack: string, value: string): string {
  const at = haystack.toLowerCase().indexOf(value.toLowerCase());
  const start = Math.max(0, at - 80);
  return mask(haystack.slice(start, at + value.length + 80));
}

type Answer = { status: number; json: unknown; text: string; headers: Record<string, unknown> };

/** Every step asserts its status; a failing body is printed with the secrets masked. */
function expectStatus(answer: Answer, status: number, what: string) {
  expect(answer.status, `${what}: ${mask(answer.text).slice(0, 600)}`).toBe(status);
}

let app: TestApp;
let fake: FakeLighthouse;
let sessionToken = '';
let userId = '';
let sessionDone = false;

beforeAll(async () => {
  fake = await startFakeLighthouse();
  ({ app } = await startTestServer({
    captureLogs: true,
    runJobs: true,
    env: { ...fake.env(), APP_URL },
  }));
});
afterAll(async () => {
  await app.close();
  await fake.close();
});

async function api(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = bearer(sessionToken),
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const type = String(response.headers['content-type'] ?? '');
  return {
    status: response.statusCode,
    json: type.includes('json') && response.body ? (response.json() as unknown) : null,
    text: response.body,
    headers: response.headers,
  };
}

/** Grants an upload, sends the bytes to the signed URL as a browser does, and finishes it. */
async function upload(kind: string, filename: string, bytes: Buffer): Promise<string> {
  const granted = await api('POST', '/uploads', {
    kind,
    filename,
    content_type: 'application/pdf',
    size: bytes.length,
  });
  expectStatus(granted, 201, `grant ${kind}`);
  const grant = uploadGrantSchema.parse(granted.json);
  const put = await fetch(grant.url!, {
    method: 'PUT',
    body: bytes,
    headers: { ...grant.headers, 'content-length': String(bytes.length) },
  });
  expect(put.status, `upload ${kind}`).toBe(200);
  expectStatus(await api('POST', `/uploads/${grant.file_id}/complete`, {}), 200, `finish ${kind}`);
  return grant.file_id;
}

async function settledLetter(id: string): Promise<DecisionLetter> {
  for (let i = 0; i < 240; i++) {
    const read = await api('GET', `/decision-letters/${id}`);
    expectStatus(read, 200, 'read letter');
    const letter = decisionLetterSchema.parse(read.json);
    if (letter.status === 'complete' || letter.status === 'failed') return letter;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the letter was not read in time');
}

/** Labels of the values the privacy policy says are encrypted in the database. */
const AT_REST = [
  'veteran first name',
  'veteran last name',
  'veteran SSN',
  'veteran SSN digits',
  'veteran date of birth',
  'diagnosis',
  'statement text',
  'letter phrase',
  'letter veteran name',
  'letter file number',
  'chat text',
  'buddy name',
  'buddy email',
  'buddy relationship',
  'buddy witnessed',
  'buddy answer',
  'buddy statement',
  'buddy address',
  'nexus text',
  'VA patient ICN',
];

describe('[PLATFORM][FULL SESSION]', () => {
  it('[SESSION]: a veteran signs in and uses every feature once, each step answering as it should', async () => {
    secret('email', EMAIL);
    secret('email name', EMAIL.split('@')[0]!);
    secret('veteran first name', VETERAN.first_name);
    secret('veteran last name', VETERAN.last_name);
    secret('veteran SSN', VETERAN.ssn);
    secret('veteran SSN digits', VETERAN.ssn.replaceAll('-', ''));
    secret('veteran date of birth', VETERAN.date_of_birth);
    secret('diagnosis', DIAGNOSIS);
    for (const [step, answers] of Object.entries(ANSWERS)) {
      for (const [field, value] of Object.entries(answers)) {
        if (typeof value === 'string' && value.length > 20)
          secret(`answer ${step}.${field}`, value);
      }
    }
    secret('statement text', STATEMENT_TEXT);
    secret('letter phrase', LETTER_PHRASE);
    secret('letter veteran name', LETTER_IDENTIFIERS[0]!);
    secret('letter file number', LETTER_IDENTIFIERS[1]!);
    secret('vault phrase', VAULT_PHRASE);
    secret('chat text', CHAT_TEXT);
    secret('buddy name', BUDDY.name);
    secret('buddy email', BUDDY.email);
    secret('buddy relationship', BUDDY.relationship);
    secret('buddy witnessed', BUDDY.witnessed);
    secret('buddy answer', BUDDY_ANSWERS.observed);
    secret('buddy statement', BUDDY_STATEMENT);
    secret('buddy address', BUDDY_SIGNER.address.split('\n')[0]!);
    secret('nexus text', NEXUS_TEXT);
    secret('VA patient ICN', ICN);
    for (const label of AT_REST) expect(secrets.has(label), label).toBe(true);

    // 1. Sign in with the mailed six-digit code. Without a mail server the app also prints the
    // code on the terminal for a developer (outside the log); kept out of this test's output.
    const write = process.stderr.write.bind(process.stderr);
    const quiet = vi
      .spyOn(process.stderr, 'write')
      .mockImplementation((chunk: string | Uint8Array) =>
        String(chunk).startsWith('[outbox] sign-in code') ? true : write(chunk),
      );
    const sent = await api(
      'POST',
      '/auth/email-otp/send-verification-otp',
      { email: EMAIL, type: 'sign-in' },
      {},
    ).finally(() => quiet.mockRestore());
    expectStatus(sent, 200, 'send code');
    const code = await latestCode(app, EMAIL);
    secret('sign-in code', code);
    const signedIn = await api('POST', '/auth/sign-in/email-otp', { email: EMAIL, otp: code }, {});
    expectStatus(signedIn, 200, 'sign in');
    const body = signedIn.json as { token: string; user: { id: string } };
    sessionToken = body.token;
    userId = body.user.id;
    secret('session token', sessionToken);
    const headerToken = signedIn.headers['set-auth-token'];
    if (typeof headerToken === 'string' && headerToken !== sessionToken) {
      secret('session header token', headerToken);
    }
    expectStatus(await api('GET', `/users/${userId}`), 200, 'read own profile');

    // 2. A veteran record with a name, SSN and date of birth.
    const veteranMade = await api('POST', '/veterans', VETERAN);
    expectStatus(veteranMade, 201, 'create veteran');
    expect(veteranSchema.parse(veteranMade.json)).toMatchObject({
      first_name: VETERAN.first_name,
      ssn: '***-**-7735',
    });

    // 3. A disability, every wizard step answered, and the personal statement composed and edited.
    const disabilityMade = await api('POST', '/disabilities', {
      title: 'Left knee',
      diagnosis: DIAGNOSIS,
      claim_type: 'direct',
    });
    expectStatus(disabilityMade, 201, 'create disability');
    const disabilityId = (disabilityMade.json as { id: string }).id;
    for (const [step, answers] of Object.entries(ANSWERS)) {
      const saved = await api('PUT', `/disabilities/${disabilityId}/answers/${step}`, answers);
      expectStatus(saved, 200, `save ${step}`);
    }
    const statementsUrl = `/disabilities/${disabilityId}/personal-statements`;
    const composed = await api('POST', statementsUrl, {});
    expectStatus(composed, 201, 'compose statement');
    const statement = personalStatementSchema.parse(composed.json);
    expect(statement.body).toContain(ANSWERS['military-symptoms'].in_service_event);
    const edited = await api('PATCH', `${statementsUrl}/${statement.id}`, {
      body: `${statement.body}\n\n${STATEMENT_TEXT}`,
    });
    expectStatus(edited, 200, 'edit statement');
    expect(personalStatementSchema.parse(edited.json)).toMatchObject({ version: 2 });

    // 4. A decision letter uploaded as a PDF and read to the end by the job queue.
    expect(LETTER_TEXT).toContain(LETTER_PHRASE);
    const letterFile = await upload(
      'decision-letter',
      'decision.pdf',
      await pdfWith(LETTER_TEXT, LETTER_PHRASE),
    );
    const letterMade = await api('POST', '/decision-letters', { file_id: letterFile });
    expectStatus(letterMade, 202, 'submit letter');
    const letter = await settledLetter((letterMade.json as { id: string }).id);
    expect(letter, mask(JSON.stringify(letter).slice(0, 400))).toMatchObject({
      status: 'complete',
      source: 'upload',
      file_id: letterFile,
    });
    expect(letter.decisions.length).toBeGreaterThan(0);

    // 5. One message to the assistant (the offline engine) and its answer.
    const threadMade = await api('POST', '/threads', {});
    expectStatus(threadMade, 201, 'create thread');
    const threadId = (threadMade.json as { id: string }).id;
    const message = await api('POST', `/threads/${threadId}/messages`, {
      content: CHAT_TEXT,
      role: 'user',
    });
    expectStatus(message, 201, 'send message');
    expect(messageSchema.parse(message.json).content).toBe(CHAT_TEXT);
    const run = await api('POST', `/threads/${threadId}/runs`, {});
    expectStatus(run, 200, 'assistant run');
    expect(run.text).toContain('event: done');

    // 6. A document in the vault.
    const vaultFile = await upload(
      'document',
      'service-record.pdf',
      await pdfWith('Service record', VAULT_PHRASE),
    );
    const filed = await api('POST', '/documents', { file_id: vaultFile });
    expectStatus(filed, 201, 'file document');
    expect(documentSchema.parse(filed.json).name).toBeTruthy();

    // 7. A buddy statement: the link made, opened with its token, drafted and signed by the buddy.
    const linkMade = await api('POST', '/layman-statements', {
      disability_id: disabilityId,
      ...BUDDY,
    });
    expectStatus(linkMade, 201, 'create buddy link');
    const link = laymanLinkSchema.parse(linkMade.json);
    const linkToken = link.token_link.slice(link.token_link.lastIndexOf('/') + 1);
    secret('buddy link token', linkToken);
    const anonymous = await api('POST', '/auth/sign-in/anonymous', {}, {});
    expectStatus(anonymous, 200, 'buddy anonymous session');
    const buddySession = String(anonymous.headers['set-auth-token']);
    secret('buddy session token', buddySession);
    const asBuddy = { ...bearer(buddySession), 'x-layman-token': linkToken };
    const opened = await api('GET', '/layman-statements/by-token', undefined, asBuddy);
    expectStatus(opened, 200, 'buddy opens link');
    expect(laymanSignerViewSchema.parse(opened.json)).toMatchObject({
      veteran_first_name: VETERAN.first_name,
      witnessed: BUDDY.witnessed,
    });
    const drafted = await api(
      'POST',
      '/layman-statements/by-token/draft',
      { answers: BUDDY_ANSWERS },
      asBuddy,
    );
    expectStatus(drafted, 200, 'buddy drafts');
    const submitted = await api(
      'POST',
      '/layman-statements/by-token/submit',
      {
        statement: BUDDY_STATEMENT,
        signature: BUDDY.name,
        certify: true,
        signer: BUDDY_SIGNER,
        answers: BUDDY_ANSWERS,
      },
      asBuddy,
    );
    expectStatus(submitted, 204, 'buddy signs');
    const signed = await api('GET', `/layman-statements/${link.id}`);
    expectStatus(signed, 200, 'read buddy statement');
    expect(laymanStatementSchema.parse(signed.json)).toMatchObject({
      status: 'submitted',
      statement: BUDDY_STATEMENT,
    });

    // 8. A nexus letter drafted from the disability, then its text written.
    const nexusUrl = `/disabilities/${disabilityId}/nexus-letters`;
    const nexusMade = await api('POST', nexusUrl, {});
    expectStatus(nexusMade, 201, 'create nexus letter');
    const nexus = nexusLetterSchema.parse(nexusMade.json);
    expect(nexus.details.diagnosis).toBe(DIAGNOSIS);
    const generated = await api('POST', `${nexusUrl}/${nexus.id}/generate-content`);
    expectStatus(generated, 200, 'draft nexus text');
    const written = await api('PATCH', `${nexusUrl}/${nexus.id}`, { content: NEXUS_TEXT });
    expectStatus(written, 200, 'write nexus text');
    expect(nexusLetterSchema.parse(written.json).content).toBe(NEXUS_TEXT);

    // 9. VA.gov connected through the fake Lighthouse's OAuth, then an Intent to File.
    fake.patientIcn = ICN;
    const connected = await connect(app, sessionToken);
    secret('VA OAuth code', connected.callback.searchParams.get('code')!);
    secret('VA OAuth state', connected.callback.searchParams.get('state')!);
    for (const token of fake.accessTokens.keys())
      secret(`VA access token ${token.slice(-4)}`, token);
    for (const token of fake.refreshTokens.keys()) {
      secret(`VA refresh token ${token.slice(-4)}`, token);
    }
    expect(fake.accessTokens.size).toBeGreaterThan(0);
    const itf = await api('POST', '/va-forms/intent-to-file', {});
    expectStatus(itf, 201, 'file intent to file');
    expect(intentToFileStateSchema.parse(itf.json).intent_to_file).toMatchObject({
      status: 'active',
    });
    expect(fake.violations).toEqual([]);

    sessionDone = true;
  });

  it('[SESSION][LOGS]: no token, code, email, name, SSN or medical text of the session is in any log line', () => {
    expect(sessionDone, 'the session ran').toBe(true);
    const lines = app.logLines;
    // The capture works: request lines with method, path and status are there.
    expect(lines.length).toBeGreaterThan(20);
    const log = lines.join('\n');
    for (const url of ['/veterans', '/decision-letters', '/layman-statements/by-token/submit']) {
      expect(log).toContain(url);
    }
    expect(log).toContain('"statusCode":201');

    const leaks: string[] = [];
    for (const [label, value] of secrets) {
      const line = lines.find((l) => holds(l, value));
      if (line) leaks.push(`${label}: ${mask(line).slice(0, 800)}`);
    }
    expect(leaks).toEqual([]);
  });

  it('[SESSION][AT REST]: no value the privacy policy says is encrypted is readable in any database column', async () => {
    expect(sessionDone, 'the session ran').toBe(true);
    const columns = (
      await app.database.pool.query<{
        table_schema: string;
        table_name: string;
        column_name: string;
        data_type: string;
      }>(
        `SELECT c.table_schema, c.table_name, c.column_name, c.data_type
           FROM information_schema.columns c
           JOIN information_schema.tables t
             ON t.table_schema = c.table_schema AND t.table_name = c.table_name
          WHERE t.table_type = 'BASE TABLE'
            AND c.table_schema NOT IN ('pg_catalog', 'information_schema')
            AND c.table_schema NOT LIKE 'pg\\_%'
            AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'bytea', 'ARRAY')
          ORDER BY 1, 2, 3`,
      )
    ).rows;
    // Every schema the app writes: its own tables, the job queue's and the migrations'.
    const schemas = new Set(columns.map((c) => c.table_schema));
    expect(schemas).toContain('public');
    expect(schemas).toContain('pgboss');
    expect(columns.length).toBeGreaterThan(100);

    const leaks: string[] = [];
    const plainSeen = new Set<string>();
    let encryptedValues = 0;
    const tables = new Map<string, typeof columns>();
    for (const column of columns) {
      const table = `"${column.table_schema}"."${column.table_name}"`;
      tables.set(table, [...(tables.get(table) ?? []), column]);
    }
    // The policy's list, with every wizard answer and every VA token the fake issued.
    const labels = [
      ...AT_REST,
      ...[...secrets.keys()].filter((label) => /^(answer |VA access|VA refresh)/.test(label)),
    ];
    for (const [table, tableColumns] of tables) {
      const select = tableColumns
        .map((c, index) =>
          c.data_type === 'bytea'
            ? `encode("${c.column_name}", 'escape') AS c${index}`
            : `"${c.column_name}"::text AS c${index}`,
        )
        .join(', ');
      const rows = (
        await app.database.pool.query<Record<string, string | null>>(
          `SELECT ${select} FROM ${table}`,
        )
      ).rows;
      for (const row of rows) {
        tableColumns.forEach((column, index) => {
          const value = row[`c${index}`];
          if (!value) return;
          if (value.startsWith('enc:v1:')) encryptedValues++;
          const at = `${table}.${column.column_name}`;
          for (const label of labels) {
            const wanted = secrets.get(label)!;
            if (holds(value, wanted)) leaks.push(`${label} at ${at}: ${excerpt(value, wanted)}`);
          }
          // The scan reads plain values: the email (it is how one signs in) is kept plain.
          if (holds(value, EMAIL)) plainSeen.add(at);
        });
      }
    }
    expect(plainSeen.size, 'the scan found the plain sign-in email').toBeGreaterThan(0);
    expect(encryptedValues).toBeGreaterThan(20);
    expect(leaks).toEqual([]);
  });

  it('[SESSION][AT REST]: no stored file holds the letter, the vault document or any other secret in plain bytes', () => {
    expect(sessionDone, 'the session ran').toBe(true);
    const files = readdirSync(app.dataDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
    const stored = files.filter((file) => file.includes(`${path.sep}files${path.sep}`));
    // Both uploads (the letter and the vault document) are on disk.
    expect(stored.length).toBeGreaterThanOrEqual(2);
    const leaks: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(file);
      const where = path.relative(app.dataDir, file);
      if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
        leaks.push(`a plain PDF at ${where}`);
      }
      const text = bytes.toString('latin1');
      for (const [label, value] of secrets) {
        if (holds(text, value)) leaks.push(`${label} in ${where}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

/** A PDF of `text` whose bytes carry `plain` readably, outside any compressed stream. */
async function pdfWith(text: string, plain: string): Promise<Buffer> {
  const bytes = await textPdf(text, { plain });
  expect(bytes.includes(Buffer.from(plain, 'latin1'))).toBe(true);
  return bytes;
}
