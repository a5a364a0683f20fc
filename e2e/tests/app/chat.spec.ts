import { randomUUID } from 'node:crypto';

import type { APIRequestContext, Page, Route } from '@playwright/test';

import { apiURL } from '../../config.ts';
import { checkA11y, expect, test } from '../../fixtures.ts';

import { expectFits375, getJson } from './app-pages.ts';

/**
 * The chat assistant as a veteran meets it: a first chat from /chats/new (the message and the
 * "I am loading" placeholder at once, then the server's reply), the reply streaming in word by
 * word, a message that cannot be sent rolled back, the Veterans Crisis Line, the upgrade dialog
 * when the month's AI messages are spent, and the question about an outside model. Every page
 * and dialog is checked with axe and at 375 px. Where the test needs to decide when the server
 * answers (or what), the run or the message request is intercepted; everything else is the real
 * server with its offline engine.
 */

type Listed<T> = { results: T[] };
type StoredMessage = {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  citations: unknown[];
};

const RUNS = `${apiURL}/threads/*/runs`;
const MESSAGES = `${apiURL}/threads/*/messages`;

async function createThread(request: APIRequestContext, token: string): Promise<{ id: string }> {
  const response = await request.post(`${apiURL}/threads`, {
    data: {},
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string };
}

/** An error envelope answered in place of the API, readable across origins. */
function fulfillError(route: Route, status: number, body: Record<string, unknown>) {
  return route.fulfill({
    status,
    contentType: 'application/json',
    headers: { 'access-control-allow-origin': '*' },
    body: JSON.stringify(body),
  });
}

/** Holds every POST …/runs until `release()`: what the page shows meanwhile can be checked. */
async function holdRuns(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(RUNS, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await released;
    return route.continue();
  });
  return release;
}

/**
 * Answers the page's runs from the test: `fetch` for POST …/runs is replaced before the app
 * loads, and `send` puts one event on the stream when the test says so.
 */
async function controlRuns(page: Page) {
  await page.addInitScript(() => {
    const realFetch = window.fetch.bind(window);
    const encoder = new TextEncoder();
    const state = window as unknown as {
      __chatRuns: { send: (event: string, data: unknown) => void; close: () => void }[];
    };
    state.__chatRuns = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (init?.method !== 'POST' || !/\/threads\/[^/]+\/runs$/.test(url)) {
        return realFetch(input, init);
      }
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      let isOpen = true;
      const body = new ReadableStream<Uint8Array>({
        start(streamController) {
          controller = streamController;
        },
        cancel() {
          isOpen = false;
        },
      });
      state.__chatRuns.push({
        send: (event, data) => {
          if (isOpen) {
            controller?.enqueue(
              encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
            );
          }
        },
        close: () => {
          if (isOpen) controller?.close();
        },
      });
      return Promise.resolve(
        new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
      );
    };
  });
  return {
    /** Waits for the page's `count`-th run to start. */
    started: (count: number) =>
      page.waitForFunction(
        (expected) =>
          (window as unknown as { __chatRuns: unknown[] }).__chatRuns.length >= expected,
        count,
      ),
    send: (event: string, data: unknown) =>
      page.evaluate(
        ([name, payload]) => {
          const runs = (
            window as unknown as {
              __chatRuns: { send: (event: string, data: unknown) => void }[];
            }
          ).__chatRuns;
          runs.at(-1)?.send(name as string, payload);
        },
        [event, data] as const,
      ),
  };
}

/** The id in `/chats/{id}`. */
function threadIdOf(page: Page): string {
  const id = /\/chats\/([0-9a-f-]{36})$/.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error(`not a chat page: ${page.url()}`);
  return id;
}

/** A stored reply as the server would send it with `done`. */
function storedReply(threadId: string, userId: string, content: string) {
  return {
    id: randomUUID(),
    thread_id: threadId,
    user_id: userId,
    role: 'assistant',
    content,
    model: 'muster-offline',
    completion_tokens: null,
    citations: [],
    crisis: false,
    created_at: new Date().toISOString(),
  };
}

test('[APP][CHAT]: a first chat — sent at once with "I am loading", answered by the server, named in the sidebar, listed and deleted', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(120_000);
  const user = await login();

  // No conversations yet.
  await page.goto('/chats');
  await expect(page.getByRole('heading', { level: 1, name: 'Chats' })).toBeVisible();
  await expect(page.getByText('No conversations yet', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Veterans Crisis Line' })).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);

  await page.getByRole('link', { name: 'New chat', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New chat' })).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);

  // Sent: the message and the placeholder show while the server has not answered yet.
  const release = await holdRuns(page);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('How is tinnitus rated?');
  await composer.press('Enter');
  await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText('How is tinnitus rated?')).toBeVisible();
  await expect(log.getByText('I am loading')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await checkA11y(page);
  await expectFits375(page);

  // The server answers: the placeholder gives way to the stored reply.
  release();
  await expect(log.getByRole('button', { name: 'Copy reply' })).toBeVisible({ timeout: 20_000 });
  await expect(log.getByText('I am loading')).toHaveCount(0);
  const threadId = threadIdOf(page);
  const stored = await getJson<Listed<StoredMessage>>(
    request,
    user.token,
    `/threads/${threadId}/messages`,
  );
  expect(stored.results.map((message) => message.role)).toEqual(['user', 'assistant']);

  // The first message named the thread: the heading and the sidebar say so.
  await expect(
    page.getByRole('heading', { level: 1, name: /How is tinnitus rated/ }),
  ).toBeVisible();
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
  await expect(
    sidebar
      .getByRole('list', { name: 'Latest conversations' })
      .getByRole('link', { name: /How is tinnitus rated/ }),
  ).toHaveAttribute('href', `/chats/${threadId}`);
  await checkA11y(page);
  await expectFits375(page);

  // The passages the reply cites are listed under it, and each opens with its text and source.
  const sources = log.getByRole('list', { name: 'Sources' });
  if (stored.results[1]?.citations.length) {
    await expect(sources.getByRole('button')).toHaveCount(stored.results[1].citations.length);
    await sources.getByRole('button').first().click();
    const passage = page.getByRole('dialog');
    await expect(passage.getByText(/^Source:/)).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await expect(passage).toHaveCount(0);
  }

  // Listed on /chats, and deleted from there.
  await page.goto('/chats');
  const list = page.getByRole('list', { name: 'Conversations', exact: true });
  await expect(list.getByRole('link', { name: /How is tinnitus rated/ })).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);
  await list.getByRole('button', { name: /^Delete conversation: How is tinnitus rated/ }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Conversation' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Chat deleted')).toBeVisible();
  await expect(page.getByText('The conversation has been successfully deleted.')).toBeVisible();
  await expect(page.getByText('No conversations yet', { exact: true })).toBeVisible();
});

test('[APP][CHAT]: the reply streams in — its words show before the run is done, and Stop keeps them', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const runs = await controlRuns(page);
  await page.goto('/chats/new');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Does my knee count?');
  await composer.press('Enter');
  await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  const threadId = threadIdOf(page);
  const log = page.getByRole('log', { name: 'Conversation' });
  await runs.started(1);
  await expect(log.getByText('I am loading')).toBeVisible();

  await runs.send('start', { model: 'muster-offline', offline: true });
  await runs.send('delta', { text: 'A knee is rated ' });
  await expect(log.getByText('A knee is rated')).toBeVisible();
  await expect(log.getByText('I am loading')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
  await runs.send('delta', { text: 'on its motion.' });
  await expect(log.getByText('A knee is rated on its motion.')).toBeVisible();
  // Not done yet: no stored reply, nothing to copy.
  await expect(log.getByRole('button', { name: 'Copy reply' })).toHaveCount(0);
  await checkA11y(page);

  await runs.send('done', {
    message: storedReply(threadId, user.userId, 'A knee is rated on its **motion**.'),
  });
  await expect(log.getByRole('button', { name: 'Copy reply' })).toBeVisible();
  await expect(log.locator('strong', { hasText: 'motion' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);

  // A second question, stopped half-way: its words stay, marked as stopped, with Retry.
  await composer.fill('And my back?');
  await composer.press('Enter');
  await runs.started(2);
  await runs.send('delta', { text: 'The spine is rated' });
  await expect(log.getByText('The spine is rated')).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(log.getByText(/You stopped this reply/)).toBeVisible();
  await expect(log.getByText('The spine is rated')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeFocused();
  await page.getByRole('button', { name: 'Retry' }).click();
  await runs.started(3);
  await runs.send('done', {
    message: storedReply(threadId, user.userId, 'The spine is rated on the general formula.'),
  });
  await expect(log.getByText('The spine is rated on the general formula.')).toBeVisible();
  await checkA11y(page);
  await expectFits375(page);
});

test('[APP][CHAT]: a message that cannot be sent is rolled back and its text put back', async ({
  page,
  request,
  login,
  consoleErrors,
}) => {
  // The browser logs the refused and the failed request itself.
  consoleErrors.allow(/Failed to load resource/);
  const user = await login();
  const thread = await createThread(request, user.token);
  let attempt = 0;
  await page.route(MESSAGES, (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    attempt += 1;
    return attempt === 1
      ? fulfillError(route, 500, { code: 5000, message: 'An unexpected error occurred' })
      : route.abort('failed');
  });
  await page.goto(`/chats/${thread.id}`);
  const log = page.getByRole('log', { name: 'Conversation' });
  const composer = page.getByRole('textbox', { name: 'Message' });

  await composer.fill('Will this arrive?');
  await composer.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'Your message was not sent.' });
  await expect(alert).toContainText('An unexpected error occurred');
  await expect(log.getByText('Will this arrive?')).toHaveCount(0);
  await expect(log.getByText('I am loading')).toHaveCount(0);
  await expect(composer).toHaveValue('Will this arrive?');
  await expect(composer).toBeFocused();
  await checkA11y(page);

  // Offline this time: the same.
  await composer.press('Enter');
  await expect(alert).toContainText('Connection error');
  await expect(log.getByText('Will this arrive?')).toHaveCount(0);
  await expect(composer).toHaveValue('Will this arrive?');

  const stored = await getJson<Listed<StoredMessage>>(
    request,
    user.token,
    `/threads/${thread.id}/messages`,
  );
  expect(stored.results).toEqual([]);
});

test('[APP][CHAT]: a message about suicide opens the reply with the Veterans Crisis Line', async ({
  page,
  request,
  login,
}) => {
  test.setTimeout(90_000);
  const user = await login();
  const thread = await createThread(request, user.token);
  await page.goto(`/chats/${thread.id}`);
  const log = page.getByRole('log', { name: 'Conversation' });
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('I have been thinking about suicide and I do not know what to do');
  await composer.press('Enter');

  const card = log.getByRole('region', { name: 'Veterans Crisis Line' });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('link', { name: /Dial 988, then press 1/ })).toHaveAttribute(
    'href',
    'tel:988',
  );
  await expect(card.getByRole('link', { name: /Text 838255/ })).toHaveAttribute(
    'href',
    'sms:838255',
  );
  await expect(card.getByRole('link', { name: /Chat online/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.veteranscrisisline\.net\//,
  );
  await expect(log.getByRole('button', { name: 'Copy reply' })).toBeVisible({ timeout: 20_000 });
  // The card opens the reply: right under the assistant's name, before any of its words.
  const bubble = log
    .locator('div', { has: page.getByRole('region', { name: 'Veterans Crisis Line' }) })
    .last();
  const blocks = await bubble.evaluate((element) =>
    Array.from(element.children).map((child) => `${child.tagName}:${child.textContent}`),
  );
  expect(blocks[0]).toBe('P:Muster assistant');
  expect(blocks[1]).toMatch(/^SECTION:Veterans Crisis Line/);
  await checkA11y(page);
  await expectFits375(page);

  // One click away at all times: the header's button.
  await page.getByRole('button', { name: 'Veterans Crisis Line' }).click();
  const dialog = page.getByRole('dialog', { name: 'Veterans Crisis Line' });
  await expect(dialog.getByRole('link', { name: /Dial 988, then press 1/ })).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Text 838255/ })).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('[APP][CHAT]: when the month’s AI messages are spent, the upgrade dialog offers the chat plan', async ({
  page,
  request,
  login,
  consoleErrors,
}) => {
  consoleErrors.allow(/Failed to load resource/);
  const user = await login();
  const thread = await createThread(request, user.token);
  await page.route(RUNS, (route) =>
    route.request().method() === 'POST'
      ? fulfillError(route, 403, {
          code: 1007,
          message: "You don't have permission to perform this action",
          detail: 'AI message quota reached',
          quota: {
            feature: 'ai_messages',
            used: 30,
            limit: 30,
            resets_at: '2026-12-01T00:00:00.000Z',
          },
        })
      : route.fallback(),
  );
  await page.goto(`/chats/${thread.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('One more question');
  await composer.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'AI Message Limit Reached' });
  await expect(dialog.getByRole('button', { name: 'Upgrade Chat Plan' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Maybe Later' })).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(dialog).toHaveCount(0);
  // The message itself was stored; only the answer was refused.
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText('One more question')).toBeVisible();
  await expect(log.getByText('I am loading')).toHaveCount(0);
});

test('[APP][CHAT]: with an outside model set up, chat asks before the first message what may leave Muster', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await login();
  // This server has no outside model: answer the settings as one with a provider would.
  await page.route(`${apiURL}/ai/settings`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          status: 200,
          contentType: 'application/json',
          headers: { 'access-control-allow-origin': '*' },
          body: JSON.stringify({
            consent: 'ask',
            provider: { name: 'OpenAI', model: 'gpt-4o-mini', host: 'api.openai.com' },
          }),
        })
      : route.fallback(),
  );
  await page.goto('/chats/new');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('What is an intent to file?');
  await composer.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'May chat use OpenAI?' });
  await expect(dialog).toContainText('go to OpenAI at api.openai.com, using gpt-4o-mini.');
  await expect(dialog).toContainText(
    'Text about drug or alcohol treatment, HIV or sickle cell is never sent.',
  );
  await expect(dialog).toContainText('nothing leaves Muster');
  await checkA11y(page);
  await expectFits375(page);
  await expect(page).toHaveURL(/\/chats\/new$/);

  await dialog.getByRole('button', { name: 'Keep chat offline-only' }).click();
  await expect(page).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  const log = page.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText('What is an intent to file?')).toBeVisible();
  await expect(log.getByRole('button', { name: 'Copy reply' })).toBeVisible({ timeout: 20_000 });

  // The Account page shows the real server's setting: no outside model.
  await page.unroute(`${apiURL}/ai/settings`);
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'AI assistant' });
  await expect(section).toContainText(
    'No outside AI model is set up; the assistant answers from Muster’s built-in knowledge base.',
  );
  await checkA11y(page);
});
