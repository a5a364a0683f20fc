import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decisionLetterSchema, type DecisionLetter } from '@muster/contract/decision-letters';
import { isProtectedHealth } from '@muster/domain/protected-health';
import { bearer, signIn } from '../../helpers/auth.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';
import { sentText, startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai-server.ts';

/**
 * A decision letter's plain-language explanation through HTTP, with the job queue running and a
 * model behind a fake OpenAI-compatible server: the model is asked only for a veteran who agreed
 * to it, is shown the parsed facts (never the letter's text, name, file number or address, and
 * nothing of a decision that 38 U.S.C. 7332 protects), and a model that fails or is too slow, or
 * none at all, leaves the reading complete with no explanation.
 */

const FIXTURES = new URL(
  '../../../../../packages/domain/src/decision-letters/fixtures/',
  import.meta.url,
);
const BASE = readFileSync(new URL('01-ama-ptsd-increase-hearing.txt', FIXTURES), 'utf8');

/** The fixture letter with three more decisions, each about a record federal law protects. */
const LETTER = BASE.replace(
  '• Service connection for right shoulder strain is denied.\n',
  [
    '• Service connection for right shoulder strain is denied.',
    '• Service connection for alcohol use disorder is denied.',
    '• Service connection for HIV-related illness is granted with an evaluation of 10 percent',
    'effective January 9, 2023.',
    '• Service connection for sickle cell anemia is denied.',
    '',
  ].join('\n'),
).replace(
  '4. Service connection for right shoulder strain is denied.\n',
  [
    '4. Service connection for right shoulder strain is denied.',
    '5. Service connection for alcohol use disorder is denied.',
    '6. Service connection for HIV-related illness is granted with an evaluation of 10 percent effective January 9, 2023.',
    '7. Service connection for sickle cell anemia is denied.',
    '',
  ].join('\n'),
);

/** What the model answers: only numbers the facts hold. */
const EXPLANATION =
  'VA raised your post traumatic stress disorder rating to 70 percent and granted tinnitus at 10 percent. ' +
  'If you disagree with a decision, you have until June 14, 2024 to ask VA to look again.';

/** Words of the letter itself, and of the protected decisions, that must never reach the model. */
const NEVER_SENT = [
  /delgado/i,
  /marcus/i,
  /918462037/,
  /willow bend/i,
  /san antonio/i,
  /lone star/i,
  /south texas/i,
  /cannon crewmember/i,
  /This letter will guide you/i,
  /Evaluation of post traumatic stress disorder, which is currently/i,
  /alcohol/i,
  /hiv/i,
  /sickle/i,
];

const AI_ENV = (baseUrl: string) => ({
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: baseUrl,
  AI_API_KEY: 'sk-fake',
  AI_MODEL: 'fake-model',
  AI_TIMEOUT_MS: '1500',
  AI_CHUNK_TIMEOUT_MS: '1000',
  AI_MAX_RETRIES: '0',
});

function client(url: string) {
  async function api(token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...bearer(token),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null, text };
  }

  /** Sends the letter and polls it until its reading is done (complete or failed). */
  async function read(token: string): Promise<DecisionLetter> {
    const made = await api(token, 'POST', '/decision-letters', { text: LETTER });
    expect(made.status, made.text).toBe(202);
    const id = (made.json as { id: string }).id;
    for (let i = 0; i < 240; i++) {
      const letter = decisionLetterSchema.parse(
        (await api(token, 'GET', `/decision-letters/${id}`)).json,
      );
      if (letter.status === 'complete' || letter.status === 'failed') return letter;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the letter was not read in time');
  }

  async function choose(token: string, consent: 'provider' | 'offline') {
    const chosen = await api(token, 'PATCH', '/ai/settings', { consent });
    expect(chosen.status, chosen.text).toBe(200);
  }

  return { api, read, choose };
}

/** The reading is the parser's whether or not an explanation was written. */
function expectFullReading(letter: DecisionLetter) {
  expect(letter).toMatchObject({ status: 'complete', progress: 100, error: null });
  expect(letter.letter_date).toBe('2023-06-14');
  expect(letter.decisions.map((d) => d.condition)).toEqual([
    'post traumatic stress disorder',
    'tinnitus',
    'bilateral hearing loss',
    'right shoulder strain',
    'alcohol use disorder',
    'hiv-related illness',
    'sickle cell anemia',
  ]);
  expect(letter.deadlines).toHaveLength(3);
}

describe('[DECISION LETTERS][EXPLANATION] with a model', () => {
  let fake: FakeOpenAi;
  let app: TestApp;
  let letters: ReturnType<typeof client>;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-fake' });
    const started = await startTestServer({ runJobs: true, env: AI_ENV(fake.baseUrl) });
    app = started.app;
    letters = client(started.url);
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.defaultReply = { pieces: [EXPLANATION] };
  });

  it('[LETTERS][AI]: with consent the model explains the parsed facts, and is sent no letter text and nothing protected', async () => {
    const me = await signIn(app, 'letters.explained@example.com');
    await letters.choose(me.token, 'provider');
    const letter = await letters.read(me.token);
    expectFullReading(letter);
    expect(letter.explanation).toBe(EXPLANATION);

    expect(fake.requests).toHaveLength(1);
    const sent = sentText(fake.requests[0]!);
    expect(fake.requests[0]!.body.model).toBe('fake-model');
    // The facts went: the decisions that may be shared, the ratings and the deadline.
    for (const fact of [
      'post traumatic stress disorder',
      'tinnitus',
      'bilateral hearing loss',
      'right shoulder strain',
      'Combined rating: 80 percent',
      '$1,933.15',
      'June 14, 2024',
    ]) {
      expect(sent).toContain(fact);
    }
    for (const absent of NEVER_SENT) expect(sent).not.toMatch(absent);
    expect(isProtectedHealth(sent)).toBe(false);
    // The explanation is stored with the reading, encrypted like the rest of it.
    const raw = await app.database.pool.query<{ result: string }>(
      'select result from decision_letters where id = $1',
      [letter.id],
    );
    expect(raw.rows[0]!.result).toMatch(/^enc:v1:/);
    expect(raw.rows[0]!.result).not.toContain('tinnitus');
  });

  it('[LETTERS][AI]: without consent (not chosen yet, or kept offline) nothing is sent and there is no explanation', async () => {
    const undecided = await signIn(app, 'letters.explain.ask@example.com');
    const offline = await signIn(app, 'letters.explain.offline@example.com');
    await letters.choose(offline.token, 'offline');
    for (const me of [undecided, offline]) {
      const letter = await letters.read(me.token);
      expectFullReading(letter);
      expect(letter.explanation).toBeNull();
    }
    expect(fake.requests).toHaveLength(0);
  });

  it('[LETTERS][AI]: a model that fails, is too slow, answers nothing or invents a number leaves the reading complete, unexplained', async () => {
    const me = await signIn(app, 'letters.explain.failing@example.com');
    await letters.choose(me.token, 'provider');
    fake.script(
      { status: 500 },
      { hang: true },
      { pieces: ['   '] },
      { pieces: ['Your tinnitus is now rated 30 percent.'] },
    );
    for (let i = 0; i < 4; i++) {
      const letter = await letters.read(me.token);
      expectFullReading(letter);
      expect(letter.explanation).toBeNull();
    }
    expect(fake.requests).toHaveLength(4);
  });
});

describe('[DECISION LETTERS][EXPLANATION] without a model', () => {
  let app: TestApp;
  let letters: ReturnType<typeof client>;
  beforeAll(async () => {
    const started = await startTestServer({ runJobs: true });
    app = started.app;
    letters = client(started.url);
  });
  afterAll(async () => app.close());

  it('[LETTERS][AI]: with no model configured the reading is complete and the explanation null', async () => {
    const me = await signIn(app, 'letters.explain.none@example.com');
    const letter = await letters.read(me.token);
    expectFullReading(letter);
    expect(letter.explanation).toBeNull();
  });
});
