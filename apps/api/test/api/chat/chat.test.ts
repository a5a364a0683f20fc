import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiSettingsSchema,
  knowledgePassageSchema,
  messagePageSchema,
  messageSchema,
  type Message,
} from '@muster/contract/chat';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { messages, threads, usageCounters } from '@muster/db/schema/index';
import { quotaPeriod } from '@muster/domain/quotas';
import { bearer, signIn } from '../../helpers/auth.ts';
import { buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { sentText, startFakeOpenAi, type FakeOpenAi } from '../../fakes/openai-server.ts';
import { FULL_ANSWERS, call, createDisability } from '../disabilities/disability-fixtures.ts';

/**
 * Chat through HTTP: messages (owner-scoped, encrypted, validated), runs streamed as Server-Sent
 * Events by the offline engine and by a model behind a fake OpenAI-compatible server (streaming,
 * a cut connection, a timeout, a refusal, token accounting, an invented citation dropped), the
 * consent to outside models, 38 U.S.C. 7332 text kept here, the crisis card first, and the quota.
 */

type SseEvent = { event: string; data: Record<string, unknown> };

/** Parses a whole `text/event-stream` body into its events. */
function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message';
      const data = lines
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

async function newThread(app: TestApp, token: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/threads',
    headers: bearer(token),
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

async function send(app: TestApp, token: string, threadId: string, content: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/threads/${threadId}/messages`,
    headers: bearer(token),
    payload: { content, role: 'user' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return messageSchema.parse(response.json());
}

async function run(app: TestApp, token: string, threadId: string, payload: object = {}) {
  const response = await app.inject({
    method: 'POST',
    url: `/threads/${threadId}/runs`,
    headers: bearer(token),
    payload,
  });
  return { response, events: response.statusCode === 200 ? parseSse(response.body) : [] };
}

function doneMessage(events: SseEvent[]): Message {
  const done = events.find((e) => e.event === 'done');
  expect(done, JSON.stringify(events)).toBeDefined();
  return messageSchema.parse(done!.data.message);
}

async function listMessages(app: TestApp, token: string, threadId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/threads/${threadId}/messages`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return messagePageSchema.parse(response.json());
}

describe('[CHAT] offline (no provider configured)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(async () => app.close());

  it('[CHAT]: messages are sent and listed oldest first; the first one names the thread', async () => {
    const me = await signIn(app, 'chat.messages@example.com');
    const threadId = await newThread(app, me.token);
    const first = await send(
      app,
      me.token,
      threadId,
      'How is tinnitus rated?\nI have ringing in both ears since Iraq.',
    );
    expect(first).toMatchObject({ role: 'user', user_id: me.userId, thread_id: threadId });
    await send(app, me.token, threadId, 'And hearing loss?');
    const page = await listMessages(app, me.token, threadId);
    expect(page.meta.total).toBe(2);
    expect(page.results.map((m) => m.content)).toEqual([
      'How is tinnitus rated?\nI have ringing in both ears since Iraq.',
      'And hearing loss?',
    ]);
    const thread = await app.inject({
      method: 'GET',
      url: `/threads/${threadId}`,
      headers: bearer(me.token),
    });
    expect(thread.json()).toMatchObject({ title: 'How is tinnitus rated?' });
  });

  it('[CHAT]: a long first line is cut at a word for the title', async () => {
    const me = await signIn(app, 'chat.title@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, `${'word '.repeat(40)}end`);
    const thread = await app.inject({
      method: 'GET',
      url: `/threads/${threadId}`,
      headers: bearer(me.token),
    });
    const title = thread.json<{ title: string }>().title;
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title).toMatch(/^word( word)*…$/);
  });

  it('[CHAT]: bad messages are refused with fields; user_id is ignored; only user messages are accepted', async () => {
    const me = await signIn(app, 'chat.bad@example.com');
    const other = await signIn(app, 'chat.bad.other@example.com');
    const threadId = await newThread(app, me.token);
    const post = (payload: unknown) =>
      app.inject({
        method: 'POST',
        url: `/threads/${threadId}/messages`,
        headers: bearer(me.token),
        payload: payload as object,
      });
    for (const payload of [
      { content: '' },
      { content: '   ' },
      { content: 'x'.repeat(8_001) },
      { content: 'a\u0000b' },
      { content: 'Hi', role: 'assistant' },
      { content: 'Hi', role: 'system' },
      {},
    ]) {
      const refused = await post(payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(errorEnvelopeSchema.parse(refused.json()).code).toBe(ERR.INVALID_INPUT);
    }
    expect((await post({ content: 'x'.repeat(8_000) })).statusCode).toBe(201);
    const spoofed = await post({ content: 'Mine', user_id: other.userId, role: 'user' });
    expect(spoofed.statusCode).toBe(201);
    expect(spoofed.json()).toMatchObject({ user_id: me.userId });
    // Nothing half-saved: only the two accepted messages exist.
    expect((await listMessages(app, me.token, threadId)).meta.total).toBe(2);
  });

  it("[CHAT]: another user's thread answers 404 for messages and runs", async () => {
    const me = await signIn(app, 'chat.owner@example.com');
    const intruder = await signIn(app, 'chat.intruder@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'Private question');
    for (const [method, url, payload] of [
      ['GET', `/threads/${threadId}/messages`, undefined],
      ['POST', `/threads/${threadId}/messages`, { content: 'Hijack' }],
      ['POST', `/threads/${threadId}/runs`, {}],
      ['GET', '/threads/not-a-uuid/messages', undefined],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: bearer(intruder.token),
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await listMessages(app, me.token, threadId)).meta.total).toBe(1);
  });

  it('[CHAT]: a run streams the offline answer as events and stores it with its citations', async () => {
    const me = await signIn(app, 'chat.run@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'What disability rating does VA give for tinnitus?');
    const { response, events } = await run(app, me.token, threadId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(events[0]).toEqual({ event: 'start', data: { model: 'muster-offline', offline: true } });
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    const reply = doneMessage(events);
    expect(events.at(-1)?.event).toBe('done');
    expect(deltas.map((d) => d.data.text).join('')).toBe(reply.content);
    expect(reply).toMatchObject({
      role: 'assistant',
      model: 'muster-offline',
      completion_tokens: null,
      crisis: false,
    });
    expect(reply.content).toMatch(/10 percent/);
    expect(reply.citations.map((c) => c.citation)).toContain('38 CFR 4.87, DC 6260');
    // Each citation opens its passage.
    const cited = reply.citations[0]!;
    const passage = await app.inject({
      method: 'GET',
      url: `/knowledge/passages/${encodeURIComponent(cited.passage_id)}`,
      headers: bearer(me.token),
    });
    expect(passage.statusCode, passage.body).toBe(200);
    expect(knowledgePassageSchema.parse(passage.json()).citation).toBe(cited.citation);
    const missing = await app.inject({
      method: 'GET',
      url: '/knowledge/passages/no-such-passage',
      headers: bearer(me.token),
    });
    expect(missing.statusCode).toBe(404);
    // A plain client that read the whole body finds the reply stored, once.
    const page = await listMessages(app, me.token, threadId);
    expect(page.results.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(page.results[1]).toEqual(reply);
  });

  it('[CHAT]: running an answered question again, or twice at once, stores one reply', async () => {
    const me = await signIn(app, 'chat.once@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'How long do I have to file after an intent to file?');
    const [a, b, c] = await Promise.all([
      run(app, me.token, threadId),
      run(app, me.token, threadId),
      run(app, me.token, threadId),
    ]);
    const ids = new Set([a, b, c].map((r) => doneMessage(r.events).id));
    expect(ids.size).toBe(1);
    const again = await run(app, me.token, threadId);
    expect(doneMessage(again.events).id).toBe([...ids][0]);
    expect((await listMessages(app, me.token, threadId)).meta.total).toBe(2);
  });

  it('[CHAT]: a run with nothing to answer is refused before any stream (409)', async () => {
    const me = await signIn(app, 'chat.empty@example.com');
    const threadId = await newThread(app, me.token);
    const { response } = await run(app, me.token, threadId);
    expect(response.statusCode).toBe(409);
    expect(errorEnvelopeSchema.parse(response.json()).code).toBe(ERR.INVALID_STATE);
  });

  it('[CHAT]: a message that speaks of crisis gets the Veterans Crisis Line first', async () => {
    const me = await signIn(app, 'chat.crisis@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'My claim was denied and I want to kill myself.');
    const { events } = await run(app, me.token, threadId);
    expect(events.map((e) => e.event).slice(0, 2)).toEqual(['start', 'crisis']);
    expect(events[1]!.data).toMatchObject({
      call: 'Dial 988, then press 1',
      text: 'Text 838255',
    });
    const reply = doneMessage(events);
    expect(reply.crisis).toBe(true);
    expect(reply.content.indexOf('988')).toBeLessThan(80);
  });

  it('[CHAT]: message text and thread titles are encrypted at rest; deleting a thread deletes its messages', async () => {
    const me = await signIn(app, 'chat.rest@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'My knee gives out on stairs since Fort Bragg.');
    await run(app, me.token, threadId);
    const raw = await app.database.pool.query<{ content: string }>(
      'select content from messages where thread_id = $1',
      [threadId],
    );
    expect(raw.rows).toHaveLength(2);
    for (const row of raw.rows) {
      expect(row.content).toMatch(/^enc:v1:/);
      expect(row.content).not.toMatch(/knee|Bragg/i);
    }
    const title = await app.database.pool.query<{ title: string }>(
      'select title from threads where id = $1',
      [threadId],
    );
    expect(title.rows[0]!.title).toMatch(/^enc:v1:/);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/threads/${threadId}`,
      headers: bearer(me.token),
    });
    expect(deleted.statusCode).toBe(204);
    const left = await app.database.db
      .select()
      .from(messages)
      .where(eq(messages.threadId, threadId));
    expect(left).toEqual([]);
    const gone = await app.database.db.select().from(threads).where(eq(threads.id, threadId));
    expect(gone).toEqual([]);
  });

  it('[CHAT]: the palette finds a thread by the words of its (encrypted) title', async () => {
    const me = await signIn(app, 'chat.search@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'Sleep apnea secondary to PTSD?');
    const found = await app.inject({
      method: 'GET',
      url: '/search?q=APNEA',
      headers: bearer(me.token),
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(JSON.stringify(found.json())).toContain(threadId);
  });

  it('[CHAT]: without a provider, agreeing to one is refused (409)', async () => {
    const me = await signIn(app, 'chat.settings.none@example.com');
    const refused = await app.inject({
      method: 'PATCH',
      url: '/ai/settings',
      headers: bearer(me.token),
      payload: { consent: 'provider' },
    });
    expect(refused.statusCode).toBe(409);
    const offline = await app.inject({
      method: 'PATCH',
      url: '/ai/settings',
      headers: bearer(me.token),
      payload: { consent: 'offline' },
    });
    expect(offline.json()).toEqual({ consent: 'offline', provider: null });
  });

  it('[CHAT]: without a provider, settings say chat stays here', async () => {
    const me = await signIn(app, 'chat.settings.offline@example.com');
    const response = await app.inject({
      method: 'GET',
      url: '/ai/settings',
      headers: bearer(me.token),
    });
    expect(aiSettingsSchema.parse(response.json())).toEqual({ consent: 'offline', provider: null });
  });
});

describe('[CHAT] with a model behind an OpenAI-compatible server', () => {
  let fake: FakeOpenAi;
  let app: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'sk-fake' });
    app = await buildTestApp({
      env: {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: 'sk-fake',
        AI_MODEL: 'fake-model',
        AI_TIMEOUT_MS: '3000',
        AI_CHUNK_TIMEOUT_MS: '400',
        AI_MAX_RETRIES: '0',
        // Billing on, so the AI message quota applies.
        STRIPE_SECRET_KEY: 'sk_test_chat',
        STRIPE_WEBHOOK_SECRET: 'whsec_chat',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  async function consenting(email: string) {
    const me = await signIn(app, email);
    const chosen = await app.inject({
      method: 'PATCH',
      url: '/ai/settings',
      headers: bearer(me.token),
      payload: { consent: 'provider' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    return me;
  }

  async function usedAiMessages(userId: string): Promise<number> {
    const rows = await app.database.db
      .select({ used: usageCounters.used, feature: usageCounters.feature })
      .from(usageCounters)
      .where(eq(usageCounters.userId, userId));
    return rows.find((r) => r.feature === 'ai_messages')?.used ?? 0;
  }

  it('[CHAT][PROVIDER]: nothing is sent before the veteran chooses; the settings name where text would go', async () => {
    const me = await signIn(app, 'chat.consent@example.com');
    const settings = await app.inject({
      method: 'GET',
      url: '/ai/settings',
      headers: bearer(me.token),
    });
    expect(aiSettingsSchema.parse(settings.json())).toEqual({
      consent: 'ask',
      provider: {
        name: `an OpenAI-compatible server at ${new URL(fake.baseUrl).host}`,
        model: 'fake-model',
        host: new URL(fake.baseUrl).host,
      },
    });
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'How is tinnitus rated?');
    const before = fake.requests.length;
    const { response } = await run(app, me.token, threadId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: ERR.INVALID_STATE, consent_required: true });
    // A single answer may still be asked for offline.
    const offline = await run(app, me.token, threadId, { offline: true });
    expect(doneMessage(offline.events).model).toBe('muster-offline');
    expect(fake.requests.length).toBe(before);
  });

  it('[CHAT][PROVIDER]: offline-only keeps every answer here', async () => {
    const me = await signIn(app, 'chat.offline.only@example.com');
    await app.inject({
      method: 'PATCH',
      url: '/ai/settings',
      headers: bearer(me.token),
      payload: { consent: 'offline' },
    });
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'How is tinnitus rated?');
    const before = fake.requests.length;
    const { events } = await run(app, me.token, threadId);
    expect(events[0]!.data).toEqual({ model: 'muster-offline', offline: true });
    expect(fake.requests.length).toBe(before);
    expect(await usedAiMessages(me.userId)).toBe(0);
  });

  it('[CHAT][PROVIDER]: the reply streams piece by piece, with tokens counted and an invented citation dropped', async () => {
    const me = await consenting('chat.stream@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'What disability rating does VA give for tinnitus?');
    fake.script({
      pieces: [
        'Recurrent tinnitus is rated 10 percent ',
        '[38 CFR 4.87, DC 6260]. ',
        'Both ears count once [38 CFR 9.999].',
      ],
      pieceDelayMs: 20,
      usage: { prompt_tokens: 900, completion_tokens: 42 },
    });
    const { response, events } = await run(app, me.token, threadId);
    expect(response.statusCode, response.body).toBe(200);
    expect(events[0]!.data).toEqual({ model: 'fake-model', offline: false });
    expect(events.filter((e) => e.event === 'delta').map((e) => e.data.text)).toEqual([
      'Recurrent tinnitus is rated 10 percent ',
      '[38 CFR 4.87, DC 6260]. ',
      'Both ears count once [38 CFR 9.999].',
    ]);
    const reply = doneMessage(events);
    expect(reply.content).toBe(
      'Recurrent tinnitus is rated 10 percent [38 CFR 4.87, DC 6260]. Both ears count once.',
    );
    expect(reply.citations.map((c) => c.citation)).toEqual(['38 CFR 4.87, DC 6260']);
    expect(reply).toMatchObject({ model: 'fake-model', completion_tokens: 42 });
    // The model was given the retrieved passages and asked to stream.
    const sent = fake.requests.at(-1)!;
    expect(sent.body).toMatchObject({ model: 'fake-model', stream: true });
    expect(sentText(sent)).toContain('[38 CFR 4.87, DC 6260]');
    expect(sentText(sent)).toContain('What disability rating does VA give for tinnitus?');
    expect(await usedAiMessages(me.userId)).toBe(1);
  });

  it('[CHAT][PROVIDER]: a connection cut mid-answer ends in an error event; nothing is stored and the quota is given back', async () => {
    const me = await consenting('chat.cut@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'How is sleep apnea rated?');
    fake.script({ pieces: ['Sleep apnea ', 'is rated', ' under'], cutAfter: 1 });
    const { events } = await run(app, me.token, threadId);
    const error = events.find((e) => e.event === 'error');
    expect(error?.data).toMatchObject({ code: ERR.SERVICE_UNAVAILABLE });
    expect(events.some((e) => e.event === 'done')).toBe(false);
    expect((await listMessages(app, me.token, threadId)).meta.total).toBe(1);
    expect(await usedAiMessages(me.userId)).toBe(0);
    // Retrying answers once the model is back.
    fake.script({ pieces: ['Sleep apnea is rated under DC 6847.'] });
    const retried = await run(app, me.token, threadId);
    expect(doneMessage(retried.events).content).toBe('Sleep apnea is rated under DC 6847.');
  });

  it('[CHAT][PROVIDER]: a model that does not answer in time, or refuses, ends in a clear error', async () => {
    const me = await consenting('chat.timeout@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'What is TDIU?');
    fake.script({ hang: true });
    const slow = await run(app, me.token, threadId);
    const timedOut = slow.events.find((e) => e.event === 'error');
    expect(timedOut?.data).toMatchObject({ code: ERR.SERVICE_UNAVAILABLE });
    expect(String(timedOut?.data.detail)).toMatch(/too long/);
    fake.script({ status: 500 });
    const refused = await run(app, me.token, threadId);
    expect(refused.events.find((e) => e.event === 'error')?.data).toMatchObject({
      code: ERR.SERVICE_UNAVAILABLE,
    });
    expect((await listMessages(app, me.token, threadId)).meta.total).toBe(1);
    expect(await usedAiMessages(me.userId)).toBe(0);
  });

  it('[CHAT][PROVIDER]: text protected by 38 U.S.C. 7332 never reaches the model', async () => {
    const me = await consenting('chat.protected@example.com');
    const threadId = await newThread(app, me.token);
    // A protected question is answered here.
    await send(
      app,
      me.token,
      threadId,
      'I finished the SARRTP program and take naltrexone. Does that hurt my claim?',
    );
    const before = fake.requests.length;
    const kept = await run(app, me.token, threadId);
    expect(kept.events[0]!.data).toEqual({ model: 'muster-offline', offline: true });
    expect(doneMessage(kept.events).content).toMatch(/38 U\.S\.C\. 7332/);
    expect(fake.requests.length).toBe(before);
    // A later, ordinary question goes out, with the earlier protected text withheld.
    await send(app, me.token, threadId, 'How is tinnitus rated?');
    fake.script({ pieces: ['Tinnitus is rated 10 percent.'] });
    await run(app, me.token, threadId);
    const sent = sentText(fake.requests.at(-1)!);
    expect(sent).toContain('How is tinnitus rated?');
    expect(sent).not.toMatch(/naltrexone|SARRTP/i);
  });

  it('[CHAT][PROVIDER]: an earlier protected question and the reply to it are left out; a protected condition in the records is not named', async () => {
    const me = await consenting('chat.protected.history@example.com');
    await createDisability(app, me.token, { title: 'Blood disorder', diagnostic_code: '7714' });
    await createDisability(app, me.token, { title: 'Tinnitus', diagnostic_code: '6260' });
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'I have HIV. What rating can I get?');
    const kept = await run(app, me.token, threadId);
    expect(doneMessage(kept.events).model).toBe('muster-offline');
    await send(app, me.token, threadId, 'How is tinnitus rated?');
    fake.script({ pieces: ['Tinnitus is rated 10 percent.'] });
    await run(app, me.token, threadId);
    const sent = sentText(fake.requests.at(-1)!);
    expect(sent).toContain('How is tinnitus rated?');
    expect(sent).toContain('Tinnitus, DC 6260');
    expect(sent).not.toMatch(/HIV|7332|4\.88b|T4 cell|7714|Blood disorder|sickle/i);
  });

  it('[CHAT][PROVIDER]: a crisis message gets the crisis card before the model writes', async () => {
    const me = await consenting('chat.provider.crisis@example.com');
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'I have been thinking about suicide since the denial.');
    fake.script({ pieces: ['I am sorry you are going through this.'], firstDelayMs: 50 });
    const { events } = await run(app, me.token, threadId);
    expect(events.map((e) => e.event).slice(0, 3)).toEqual(['start', 'crisis', 'delta']);
    expect(String(events[2]!.data.text)).toMatch(/988/);
    expect(doneMessage(events).crisis).toBe(true);
  });

  it('[CHAT][PROVIDER]: an agreement given for another model host counts for nothing', async () => {
    const me = await consenting('chat.consent.host@example.com');
    await app.database.pool.query(
      "update user_profiles set ai_consent_host = 'api.openai.com' where id = $1",
      [me.userId],
    );
    const settings = await app.inject({
      method: 'GET',
      url: '/ai/settings',
      headers: bearer(me.token),
    });
    expect(settings.json()).toMatchObject({ consent: 'ask' });
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'How is tinnitus rated?');
    const { response } = await run(app, me.token, threadId);
    expect(response.statusCode).toBe(409);
  });

  it('[CHAT][PROVIDER]: a model that cannot be reached leaves the statement as composed', async () => {
    const me = await consenting('chat.statement.outage@example.com');
    const knee = await createDisability(app, me.token, {
      title: 'Left knee',
      claim_type: 'direct',
    });
    for (const [step, answers] of Object.entries(FULL_ANSWERS)) {
      await call(app, me.token, 'PUT', `/disabilities/${knee.id}/answers/${step}`, answers);
    }
    fake.script({ status: 500 });
    const made = await call(
      app,
      me.token,
      'POST',
      `/disabilities/${knee.id}/personal-statements`,
      {},
    );
    expect(made.status, made.text).toBe(201);
    expect(made.body).toMatchObject({ source: 'composer' });
    expect(String(made.body!.body)).toContain(FULL_ANSWERS['flare-ups'].limitations);
  });

  it('[CHAT][PROVIDER]: when the month’s AI messages are spent, a run is refused with the quota (403)', async () => {
    const me = await consenting('chat.quota@example.com');
    await app.database.db.insert(usageCounters).values({
      userId: me.userId,
      feature: 'ai_messages',
      periodStart: quotaPeriod(new Date()).start,
      used: 30,
    });
    const threadId = await newThread(app, me.token);
    await send(app, me.token, threadId, 'How is tinnitus rated?');
    const before = fake.requests.length;
    const { response } = await run(app, me.token, threadId);
    expect(response.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(response.json()).detail).toMatch(/quota reached/i);
    expect(response.json()).toMatchObject({ quota: { feature: 'ai_messages', limit: 30 } });
    expect(fake.requests.length).toBe(before);
    // Offline answers cost nothing and still work.
    const offline = await run(app, me.token, threadId, { offline: true });
    expect(doneMessage(offline.events).model).toBe('muster-offline');
  });

  it('[CHAT][PROVIDER]: a statement is rewritten by the model for a veteran who agreed; an invented number keeps the draft', async () => {
    const me = await consenting('chat.statement@example.com');
    const knee = await createDisability(app, me.token, {
      title: 'Left knee',
      claim_type: 'direct',
    });
    for (const [step, answers] of Object.entries(FULL_ANSWERS)) {
      const saved = await call(
        app,
        me.token,
        'PUT',
        `/disabilities/${knee.id}/answers/${step}`,
        answers,
      );
      expect(saved.status, saved.text).toBe(200);
    }
    const url = `/disabilities/${knee.id}/personal-statements`;
    fake.script({ pieces: ['My left knee has hurt since service. I certify this is true.'] });
    const rewritten = await call(app, me.token, 'POST', url, {});
    expect(rewritten.status, rewritten.text).toBe(201);
    expect(rewritten.body).toMatchObject({
      source: 'model',
      body: 'My left knee has hurt since service. I certify this is true.',
    });
    // The model was given the composed draft, built from the veteran's own answers.
    expect(sentText(fake.requests.at(-1)!)).toContain(FULL_ANSWERS['flare-ups'].limitations);
    const other = await createDisability(app, me.token, {
      title: 'Right knee',
      claim_type: 'direct',
    });
    // The free plan composes one statement a month: start the month afresh for the second.
    await app.database.db.delete(usageCounters).where(eq(usageCounters.userId, me.userId));
    fake.script({ pieces: ['My right knee has hurt since 1987.'] });
    const kept = await call(
      app,
      me.token,
      'POST',
      `/disabilities/${other.id}/personal-statements`,
      {},
    );
    expect(kept.status, kept.text).toBe(201);
    expect(kept.body).toMatchObject({ source: 'composer' });
    expect(String(kept.body!.body)).not.toContain('1987');
  });
});

describe('[CHAT][LOGS]', () => {
  it('[CHAT][LOGS]: neither a message, a reply nor a failed call to the model reaches the logs', async () => {
    const fake = await startFakeOpenAi({ apiKey: 'sk-logs' });
    const app = await buildTestApp({
      captureLogs: true,
      env: {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: 'sk-logs',
        AI_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
      },
    });
    try {
      const me = await signIn(app, 'chat.logs@example.com');
      await app.inject({
        method: 'PATCH',
        url: '/ai/settings',
        headers: bearer(me.token),
        payload: { consent: 'provider' },
      });
      const threadId = await newThread(app, me.token);
      await send(app, me.token, threadId, 'Quillfeather knee pain since Camp Brackenbury');
      fake.script({ status: 500 });
      const failed = await run(app, me.token, threadId);
      expect(failed.events.some((e) => e.event === 'error')).toBe(true);
      fake.script({ pieces: ['Ostrander answer text'] });
      const answered = await run(app, me.token, threadId);
      expect(doneMessage(answered.events).content).toBe('Ostrander answer text');
      const logs = app.logLines.join('\n');
      expect(logs).toContain('chat run failed');
      expect(logs).not.toMatch(/Quillfeather|Brackenbury|Ostrander|sk-logs/);
    } finally {
      await app.close();
      await fake.close();
    }
  });
});

describe('[CHAT][RACE]', () => {
  it('[CHAT]: a thread deleted while the model writes ends the run with 404 in the stream, nothing stored, the quota given back', async () => {
    const fake = await startFakeOpenAi({ apiKey: 'sk-race' });
    const app = await buildTestApp({
      env: {
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: fake.baseUrl,
        AI_API_KEY: 'sk-race',
        AI_MODEL: 'fake-model',
        AI_MAX_RETRIES: '0',
      },
    });
    try {
      const me = await signIn(app, 'chat.race@example.com');
      await app.inject({
        method: 'PATCH',
        url: '/ai/settings',
        headers: bearer(me.token),
        payload: { consent: 'provider' },
      });
      const threadId = await newThread(app, me.token);
      await send(app, me.token, threadId, 'How is tinnitus rated?');
      fake.script({ pieces: ['Tinnitus ', 'is rated ', '10 percent.'], pieceDelayMs: 150 });
      const running = run(app, me.token, threadId);
      await new Promise((resolve) => setTimeout(resolve, 120));
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/threads/${threadId}`,
        headers: bearer(me.token),
      });
      expect(deleted.statusCode).toBe(204);
      const { events } = await running;
      expect(events.find((e) => e.event === 'error')?.data).toMatchObject({ code: ERR.NOT_FOUND });
      expect(
        await app.database.db.select().from(messages).where(eq(messages.threadId, threadId)),
      ).toEqual([]);
      const rows = await app.database.db
        .select()
        .from(usageCounters)
        .where(eq(usageCounters.userId, me.userId));
      expect(rows.find((r) => r.feature === 'ai_messages')?.used ?? 0).toBe(0);
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
