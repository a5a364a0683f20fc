import {
  aiSettingsSchema,
  messageSchema,
  type AiSettings,
  type Citation,
  type CrisisLine,
  type KnowledgePassage,
  type Message,
} from '@muster/contract/chat';
import { threadSchema, type Thread } from '@muster/contract/threads';

import { json, type ApiRequest, type ApiRoutes } from '@/testing/api-mock';

/** Test data and a fake chat API, built through the contract schemas. */

export const USER_ID = 'user-1';
/** The ids new threads get, in order. */
export const THREAD_IDS = [
  '7c000000-0000-4000-8000-000000000001',
  '7c000000-0000-4000-8000-000000000002',
  '7c000000-0000-4000-8000-000000000003',
];

let messageCount = 0;
function nextMessageId(): string {
  messageCount += 1;
  return `3e000000-0000-4000-8000-${String(messageCount).padStart(12, '0')}`;
}

export function buildMessage(overrides: Partial<Message> = {}): Message {
  const role = overrides.role ?? 'user';
  return messageSchema.parse({
    id: nextMessageId(),
    thread_id: THREAD_IDS[0],
    user_id: USER_ID,
    role,
    content: 'Hello',
    model: role === 'assistant' ? 'muster-offline' : null,
    completion_tokens: null,
    citations: [],
    crisis: false,
    created_at: '2026-11-25T12:00:00.000Z',
    ...overrides,
  });
}

export function buildThread(overrides: Partial<Thread> = {}): Thread {
  return threadSchema.parse({
    id: THREAD_IDS[0],
    title: null,
    created_at: '2026-11-25T12:00:00.000Z',
    updated_at: '2026-11-25T12:00:00.000Z',
    ...overrides,
  });
}

export const CRISIS_LINE: CrisisLine = {
  title: 'Veterans Crisis Line',
  call: 'Dial 988, then press 1',
  text: 'Text 838255',
  chat_url: 'https://www.veteranscrisisline.net/get-help-now/chat/',
};

export const PROVIDER_SETTINGS: AiSettings = aiSettingsSchema.parse({
  consent: 'ask',
  provider: { name: 'OpenAI', model: 'gpt-4o-mini', host: 'api.openai.com' },
});

export const OFFLINE_SETTINGS: AiSettings = { consent: 'offline', provider: null };

/** One event of a run's stream, as the server writes it. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A `text/event-stream` answer that sends `text` in pieces of `pieceSize` characters. */
export function sseResponse(text: string, pieceSize = 7): Response {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  for (let index = 0; index < text.length; index += pieceSize) {
    pieces.push(text.slice(index, index + pieceSize));
  }
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
}

/** A run's answer whose events the test sends one at a time. */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    send(event: string, data: unknown) {
      if (!cancelled) controller.enqueue(encoder.encode(sseEvent(event, data)));
    },
    close() {
      if (!cancelled) controller.close();
    },
    isCancelled: () => cancelled,
  };
}

export type ChatApiOptions = {
  threads?: Thread[];
  /** Stored messages by thread id. */
  messages?: Record<string, Message[]>;
  settings?: AiSettings;
  /** The reply the runs stream (in a few deltas); its citations come along. */
  reply?: { content: string; citations?: Citation[] };
  passages?: KnowledgePassage[];
};

/**
 * The chat endpoints over an in-memory store: threads (new ones take `THREAD_IDS` in order),
 * messages (the first names its thread), runs that stream `reply` (the crisis line first when
 * the question mentions suicide) and store it, the AI settings and the knowledge passages.
 */
export function chatApi(options: ChatApiOptions = {}) {
  let threads: Thread[] = [...(options.threads ?? [])];
  const messages: Record<string, Message[]> = structuredClone(options.messages ?? {});
  let settings: AiSettings = options.settings ?? OFFLINE_SETTINGS;
  const reply = options.reply ?? { content: 'Tinnitus is rated **10%** under DC 6260.' };
  let created = 0;

  const threadRoutes = (id: string): ApiRoutes => ({
    [`GET /threads/${id}`]: () => {
      const thread = threads.find((candidate) => candidate.id === id);
      return thread ? json(thread) : json({ code: 3002, message: 'Resource not found' }, 404);
    },
    [`GET /threads/${id}/messages`]: () => {
      const list = messages[id] ?? [];
      return json({ results: list, meta: { page: 1, page_size: 100, total: list.length } });
    },
    [`POST /threads/${id}/messages`]: (request: ApiRequest) => {
      const { content } = request.body as { content: string };
      const message = buildMessage({ thread_id: id, role: 'user', content: content.trim() });
      messages[id] = [...(messages[id] ?? []), message];
      threads = threads.map((thread) =>
        thread.id === id && thread.title === null
          ? { ...thread, title: content.trim().slice(0, 60) }
          : thread,
      );
      return json(message, 201);
    },
    [`POST /threads/${id}/runs`]: () => {
      const question = (messages[id] ?? []).findLast((message) => message.role === 'user');
      const isCrisis = /suicid/i.test(question?.content ?? '');
      const stored = buildMessage({
        thread_id: id,
        role: 'assistant',
        content: reply.content,
        citations: reply.citations ?? [],
        crisis: isCrisis,
      });
      messages[id] = [...(messages[id] ?? []), stored];
      const words = reply.content.split(/(?<= )/);
      return sseResponse(
        [
          sseEvent('start', { model: 'muster-offline', offline: true }),
          isCrisis ? sseEvent('crisis', CRISIS_LINE) : '',
          ...words.map((text) => sseEvent('delta', { text })),
          sseEvent('done', { message: stored }),
        ].join(''),
      );
    },
  });

  const routes: ApiRoutes = {
    'GET /threads': (request: ApiRequest) => {
      const page = Number(request.url.searchParams.get('page') ?? 1);
      const size = Number(request.url.searchParams.get('page_size') ?? 20);
      return json({
        results: threads.slice((page - 1) * size, page * size),
        meta: { page, page_size: size, total: threads.length },
      });
    },
    'POST /threads': () => {
      const id = THREAD_IDS[created] ?? 'no-more-thread-ids';
      created += 1;
      const thread = buildThread({ id, title: null });
      threads = [thread, ...threads];
      return json(thread, 201);
    },
    'GET /ai/settings': () => json(settings),
    'PATCH /ai/settings': (request: ApiRequest) => {
      const { consent } = request.body as { consent: 'provider' | 'offline' };
      settings = { ...settings, consent };
      return json(settings);
    },
  };
  for (const id of new Set([...THREAD_IDS, ...threads.map((thread) => thread.id)])) {
    Object.assign(routes, threadRoutes(id));
  }
  for (const passage of options.passages ?? []) {
    routes[`GET /knowledge/passages/${passage.id}`] = json(passage);
  }

  return {
    routes,
    threads: () => threads,
    messages: (threadId: string) => messages[threadId] ?? [],
    settings: () => settings,
  };
}
