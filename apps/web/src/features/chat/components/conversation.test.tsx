import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { apiError, json, type ApiRoutes } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { resetChatSessions } from '../hooks/chat-sessions';
import {
  CRISIS_LINE,
  PROVIDER_SETTINGS,
  THREAD_IDS,
  buildMessage,
  buildThread,
  chatApi,
  controlledStream,
  sseEvent,
  sseResponse,
  type ChatApiOptions,
} from '../testing/chat-api';

/** The pages' code loads lazily: the first page of a busy test run can take a while. */
const FIRST_LOAD = { timeout: 15_000 };
const THREAD_ID = THREAD_IDS[0] ?? '';
const THREAD = `/threads/${THREAD_ID}`;

afterEach(() => {
  resetChatSessions();
});

function setup(options: ChatApiOptions = {}, extra: ApiRoutes = {}) {
  const fake = chatApi(options);
  const session = mockSignedIn({ routes: { ...fake.routes, ...extra } });
  return { fake, ...session };
}

async function openThread(options: ChatApiOptions = {}, extra: ApiRoutes = {}) {
  const thread = buildThread({ id: THREAD_ID, title: 'Tinnitus rating' });
  const context = setup({ threads: [thread], ...options }, extra);
  const view = renderApp({ path: `/chats/${THREAD_ID}` });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Tinnitus rating' }, FIRST_LOAD),
  ).toBeVisible();
  const log = await screen.findByRole('log', { name: 'Conversation' });
  const composer = screen.getByRole('textbox', { name: 'Message' });
  return { ...context, ...view, log, composer };
}

/** The polite region that reads a reply out once it is complete. */
function announcer(): HTMLElement {
  const region = screen
    .getAllByRole('status')
    .find((element) => element.getAttribute('aria-live') === 'polite' && element.closest('main'));
  if (!region) throw new Error('no polite status region in the page');
  return region;
}

describe('a new chat', { timeout: 30_000 }, () => {
  it('makes the thread, sends the message, opens the chat and streams the reply', async () => {
    const { api, fake } = setup();
    const { router } = renderApp({ path: '/chats/new' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New chat' }, FIRST_LOAD),
    ).toBeVisible();
    const user = userEvent.setup();
    await user.type(
      screen.getByRole('textbox', { name: 'Message' }),
      'Does tinnitus count?{Enter}',
    );

    await waitFor(() => expect(router.state.location.pathname).toBe(`/chats/${THREAD_ID}`));
    const log = await screen.findByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Does tinnitus count?')).toBeVisible();
    expect(await within(log).findByText('10%')).toBeVisible();
    expect(api.calls('POST', '/threads')).toHaveLength(1);
    expect(api.calls('POST', `${THREAD}/messages`)[0]?.body).toEqual({
      content: 'Does tinnitus count?',
      role: 'user',
    });
    expect(api.calls('POST', `${THREAD}/runs`)).toHaveLength(1);
    // The first message named the thread: the heading and the sidebar read the lists again.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Does tinnitus count?' }),
    ).toBeVisible();
    expect(fake.threads()[0]?.title).toBe('Does tinnitus count?');
    const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
    expect(
      await within(sidebar).findByRole('link', { name: 'Does tinnitus count?' }),
    ).toHaveAttribute('href', `/chats/${THREAD_ID}`);
    // Focus followed the veteran to the new page's composer.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('keeps the text and says so when the thread cannot be made', async () => {
    setup({}, { 'POST /threads': apiError(500, ERR.INTERNAL) });
    const { router } = renderApp({ path: '/chats/new' });
    const composer = await screen.findByRole('textbox', { name: 'Message' }, FIRST_LOAD);
    await userEvent.type(composer, 'Hello?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your message was not sent.');
    expect(composer).toHaveValue('Hello?');
    expect(router.state.location.pathname).toBe('/chats/new');
  });
});

describe('a conversation', { timeout: 30_000 }, () => {
  it('shows the message and "I am loading" at once, then the reply as it streams in', async () => {
    const stream = controlledStream();
    const { composer, log } = await openThread(
      {},
      { [`POST ${THREAD}/runs`]: () => stream.response() },
    );
    const user = userEvent.setup();
    await user.type(composer, 'How is tinnitus rated?');
    await user.keyboard('{Enter}');

    expect(within(log).getByText('How is tinnitus rated?')).toBeVisible();
    expect(within(log).getByText('I am loading')).toBeVisible();
    expect(composer).toHaveValue('');
    expect(composer).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    stream.send('start', { model: 'muster-offline', offline: true });
    stream.send('delta', { text: 'Tinnitus is rated ' });
    expect(await within(log).findByText('Tinnitus is rated')).toBeVisible();
    expect(within(log).queryByText('I am loading')).toBeNull();
    // Nothing is read out word by word.
    expect(announcer()).toBeEmptyDOMElement();

    stream.send('delta', { text: 'at 10%.' });
    expect(await within(log).findByText('Tinnitus is rated at 10%.')).toBeVisible();

    const stored = buildMessage({
      thread_id: THREAD_ID,
      role: 'assistant',
      content: 'Tinnitus is rated at **10%**.',
    });
    stream.send('done', { message: stored });
    stream.close();
    expect(await within(log).findByRole('button', { name: 'Copy reply' })).toBeVisible();
    expect(within(log).getByText('10%').tagName).toBe('STRONG');
    expect(announcer()).toHaveTextContent('The assistant replied: Tinnitus is rated at **10%**.');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('rolls back the message and the placeholder when sending fails, giving the text back', async () => {
    const { composer, log, api } = await openThread(
      {},
      { [`POST ${THREAD}/messages`]: apiError(500, ERR.INTERNAL) },
    );
    await userEvent.type(composer, 'Will this arrive?{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your message was not sent.');
    expect(alert).toHaveTextContent('An unexpected error occurred');
    expect(within(log).queryByText('Will this arrive?')).toBeNull();
    expect(within(log).queryByText('I am loading')).toBeNull();
    expect(composer).toHaveValue('Will this arrive?');
    expect(composer).toHaveFocus();
    expect(api.calls('POST', `${THREAD}/runs`)).toHaveLength(0);
  });

  it('Shift+Enter starts a new line; an empty message is not sent', async () => {
    const { composer, api } = await openThread();
    await userEvent.type(composer, '{Enter}');
    await userEvent.type(composer, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(composer).toHaveValue('Line one\nLine two');
    expect(api.calls('POST', `${THREAD}/messages`)).toHaveLength(0);
    await userEvent.clear(composer);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Required')).toBeVisible();
    expect(api.calls('POST', `${THREAD}/messages`)).toHaveLength(0);
  });

  it('opens the reply with the Veterans Crisis Line when the message speaks of crisis', async () => {
    const { composer, log } = await openThread({
      reply: { content: 'You matter. Please reach out now.' },
    });
    await userEvent.type(composer, 'I have been thinking about suicide{Enter}');
    const card = await within(log).findByRole('region', { name: 'Veterans Crisis Line' });
    expect(within(card).getByRole('link', { name: /Dial 988, then press 1/ })).toHaveAttribute(
      'href',
      'tel:988',
    );
    expect(within(card).getByRole('link', { name: /Text 838255/ })).toHaveAttribute(
      'href',
      'sms:838255',
    );
    expect(within(card).getByRole('link', { name: /Chat online/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.veteranscrisisline\.net\//),
    );
    // The card comes before anything else of the reply.
    const reply = await within(log).findByText('You matter. Please reach out now.');
    expect(card.compareDocumentPosition(reply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(log).findByRole('button', { name: 'Copy reply' })).toBeVisible();
    expect(announcer()).toHaveTextContent(/^Veterans Crisis Line: dial 988, then press 1/);
  });

  it('shows the crisis card as soon as the run says so, before the reply’s first words', async () => {
    const stream = controlledStream();
    const { composer, log } = await openThread(
      {},
      { [`POST ${THREAD}/runs`]: () => stream.response() },
    );
    await userEvent.type(composer, 'I can’t go on{Enter}');
    stream.send('start', { model: 'muster-offline', offline: true });
    stream.send('crisis', CRISIS_LINE);
    const card = await within(log).findByRole('region', { name: 'Veterans Crisis Line' });
    expect(within(card).getByRole('link', { name: /Chat online/ })).toHaveAttribute(
      'href',
      CRISIS_LINE.chat_url,
    );
    // Still loading: the card is all the reply shows so far.
    expect(within(log).getByText('I am loading')).toBeVisible();
    expect(
      card.compareDocumentPosition(within(log).getByText('I am loading')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    stream.send('delta', { text: 'You are not alone.' });
    expect(await within(log).findByText('You are not alone.')).toBeVisible();
    stream.close();
  });

  it('says what the server said when a 409 is not about the choice, and offers Retry', async () => {
    const { composer } = await openThread(
      {},
      {
        [`POST ${THREAD}/runs`]: apiError(409, ERR.INVALID_STATE, {
          detail: 'There is no message to answer yet: send one first',
        }),
      },
    );
    await userEvent.type(composer, 'Hello{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Invalid operation for current state. There is no message to answer yet: send one first.',
    );
    expect(within(alert).queryByRole('button', { name: 'Choose now' })).toBeNull();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('shows the crisis card on a stored reply, and one click away in the header', async () => {
    const question = buildMessage({ thread_id: THREAD_ID, content: 'I want to end my life' });
    const answer = buildMessage({
      thread_id: THREAD_ID,
      role: 'assistant',
      content: 'Please call now.',
      crisis: true,
    });
    const { log } = await openThread({ messages: { [THREAD_ID]: [question, answer] } });
    expect(within(log).getByRole('region', { name: 'Veterans Crisis Line' })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Veterans Crisis Line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Veterans Crisis Line' });
    expect(within(dialog).getByRole('link', { name: /Dial 988, then press 1/ })).toBeVisible();
    expect(within(dialog).getByRole('link', { name: /Text 838255/ })).toBeVisible();
  });

  it('opens the upgrade dialog with the chat plan when the month’s AI messages are used up', async () => {
    const { composer, log } = await openThread(
      {},
      {
        [`POST ${THREAD}/runs`]: apiError(403, ERR.FORBIDDEN, {
          detail: 'AI message quota reached',
          quota: {
            feature: 'ai_messages',
            used: 30,
            limit: 30,
            resets_at: '2026-12-01T00:00:00.000Z',
          },
        }),
      },
    );
    await userEvent.type(composer, 'One more question{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'AI Message Limit Reached' });
    expect(within(dialog).getByRole('button', { name: 'Upgrade Chat Plan' })).toBeVisible();
    // The message was stored; the placeholder went away.
    expect(within(log).getByText('One more question')).toBeVisible();
    expect(within(log).queryByText('I am loading')).toBeNull();
  });

  it('says why a run failed and runs again on Retry', async () => {
    let runs = 0;
    const { composer, log } = await openThread(
      {},
      {
        [`POST ${THREAD}/runs`]: () => {
          runs += 1;
          if (runs === 1) return apiError(503, ERR.SERVICE_UNAVAILABLE);
          return sseResponse(
            sseEvent('start', { model: 'muster-offline', offline: true }) +
              sseEvent('delta', { text: 'Here it is.' }) +
              sseEvent('done', {
                message: buildMessage({
                  thread_id: THREAD_ID,
                  role: 'assistant',
                  content: 'Here it is.',
                }),
              }),
          );
        },
      },
    );
    await userEvent.type(composer, 'Anyone there?{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The assistant could not answer.');
    expect(alert).toHaveTextContent('Service temporarily unavailable');
    expect(within(log).queryByText('I am loading')).toBeNull();

    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByText('Here it is.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(runs).toBe(2);
  });

  it('reports an error sent in the stream, storing nothing', async () => {
    const { composer, log } = await openThread(
      {},
      {
        [`POST ${THREAD}/runs`]: sseResponse(
          sseEvent('start', { model: 'gpt-4o-mini', offline: false }) +
            sseEvent('delta', { text: 'Half a' }) +
            sseEvent('error', { code: ERR.SERVICE_UNAVAILABLE, message: 'The model stopped' }),
        ),
      },
    );
    await userEvent.type(composer, 'Question{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The model stopped');
    expect(within(log).queryByText('Half a')).toBeNull();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('stops a reply, keeps what arrived, and shows the stored reply once the server has it', async () => {
    const stream = controlledStream();
    const stored = buildMessage({
      thread_id: THREAD_ID,
      role: 'assistant',
      content: 'The whole reply, stored.',
    });
    const { composer, log, api, fake } = await openThread(
      {},
      { [`POST ${THREAD}/runs`]: () => stream.response() },
    );
    await userEvent.type(composer, 'Tell me everything{Enter}');
    stream.send('delta', { text: 'The whole' });
    expect(await within(log).findByText('The whole')).toBeVisible();

    // The server goes on and stores the reply.
    const question = fake.messages(THREAD_ID);
    api.use({
      [`GET ${THREAD}/messages`]: json({
        results: [...question, stored],
        meta: { page: 1, page_size: 100, total: question.length + 1 },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(stream.isCancelled()).toBe(true);
    expect(composer).toHaveFocus();
    expect(await within(log).findByText('The whole reply, stored.')).toBeVisible();
    expect(within(log).queryByText(/You stopped this reply/)).toBeNull();
    expect(announcer()).toHaveTextContent('Reply stopped.');
  });

  it('offers Retry after a stop while the server has no reply yet', async () => {
    const stream = controlledStream();
    const { composer, log } = await openThread(
      {},
      { [`POST ${THREAD}/runs`]: () => stream.response() },
    );
    await userEvent.type(composer, 'Tell me{Enter}');
    stream.send('delta', { text: 'Partial' });
    expect(await within(log).findByText('Partial')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(await within(log).findByText(/You stopped this reply/)).toBeVisible();
    expect(within(log).getByText('Partial')).toBeVisible();
    expect(screen.getByText('Your last message has no reply yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('opens a cited passage with its text, source and amendment date', async () => {
    const answer = buildMessage({
      thread_id: THREAD_ID,
      role: 'assistant',
      content: 'Recurrent tinnitus is rated 10%.',
      citations: [
        { passage_id: 'cfr-4.87-6260', citation: '38 CFR 4.87, DC 6260', title: 'Tinnitus' },
      ],
    });
    const { log } = await openThread({
      messages: { [THREAD_ID]: [buildMessage({ thread_id: THREAD_ID }), answer] },
      passages: [
        {
          id: 'cfr-4.87-6260',
          citation: '38 CFR 4.87, DC 6260',
          title: 'Tinnitus',
          text: 'Tinnitus, recurrent ... 10',
          source: '38 CFR Part 4, e-CFR text of 2019-10-07',
          changed_on: '2025-01-15',
        },
      ],
    });
    const sources = within(log).getByRole('list', { name: 'Sources' });
    await userEvent.click(within(sources).getByRole('button', { name: /38 CFR 4\.87, DC 6260/ }));
    const dialog = await screen.findByRole('dialog', { name: '38 CFR 4.87, DC 6260' });
    expect(await within(dialog).findByText('Tinnitus, recurrent ... 10')).toBeVisible();
    expect(within(dialog).getByText(/e-CFR text of 2019-10-07/)).toBeVisible();
    expect(within(dialog).getByText(/amended on Jan 15, 2025/)).toBeVisible();
  });

  it('copies a reply to the clipboard and says so', async () => {
    const answer = buildMessage({
      thread_id: THREAD_ID,
      role: 'assistant',
      content: 'Copy **me**.',
    });
    const user = userEvent.setup();
    const { log } = await openThread({
      messages: { [THREAD_ID]: [buildMessage({ thread_id: THREAD_ID }), answer] },
    });
    await user.click(within(log).getByRole('button', { name: 'Copy reply' }));
    expect(await navigator.clipboard.readText()).toBe('Copy **me**.');
    expect(within(log).getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await screen.findByText('Reply copied')).toBeInTheDocument();
  });
});

describe('choosing whether chat may use the outside model', { timeout: 30_000 }, () => {
  it('asks before the first message, saying what leaves and where, then sends', async () => {
    const { composer, log, api, fake } = await openThread({ settings: PROVIDER_SETTINGS });
    await userEvent.type(composer, 'My question{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'May chat use OpenAI?' });
    expect(dialog).toHaveTextContent(
      'Your message, and the knowledge-base passages and details from your records used to answer it, go to OpenAI at api.openai.com, using gpt-4o-mini. So do the decisions read from a decision letter you analyze (never the letter’s text), for a plain-language summary.',
    );
    expect(dialog).toHaveTextContent(
      'Text about drug or alcohol treatment, HIV or sickle cell is never sent.',
    );
    expect(dialog).toHaveTextContent('If you keep chat offline-only: nothing leaves Muster');
    expect(api.calls('POST', `${THREAD}/messages`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Use OpenAI' }));
    expect(await within(log).findByText('My question')).toBeVisible();
    expect(api.calls('PATCH', '/ai/settings')[0]?.body).toEqual({ consent: 'provider' });
    expect(fake.settings().consent).toBe('provider');
    await waitFor(() => expect(api.calls('POST', `${THREAD}/runs`)).toHaveLength(1));
    expect(composer).toHaveValue('');

    // Asked once: the next message goes straight away.
    await userEvent.type(composer, 'Another{Enter}');
    expect(await within(log).findByText('Another')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps chat offline-only when chosen', async () => {
    const { composer, api } = await openThread({ settings: PROVIDER_SETTINGS });
    await userEvent.type(composer, 'Offline please{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'May chat use OpenAI?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep chat offline-only' }));
    await waitFor(() => expect(api.calls('POST', `${THREAD}/runs`)).toHaveLength(1));
    expect(api.calls('PATCH', '/ai/settings')[0]?.body).toEqual({ consent: 'offline' });
  });

  it('sends nothing when the dialog is closed without a choice', async () => {
    const { composer, api } = await openThread({ settings: PROVIDER_SETTINGS });
    await userEvent.type(composer, 'Not yet{Enter}');
    await screen.findByRole('dialog', { name: 'May chat use OpenAI?' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(composer).toHaveValue('Not yet');
    expect(api.calls('POST', `${THREAD}/messages`)).toHaveLength(0);
    expect(api.calls('PATCH', '/ai/settings')).toHaveLength(0);
  });

  it('asks when the server holds a run for the choice, then runs', async () => {
    let runs = 0;
    let settingsReads = 0;
    const { composer, log } = await openThread(
      { settings: PROVIDER_SETTINGS },
      {
        // Chosen when the page loaded; reset elsewhere before the message was sent.
        'GET /ai/settings': () => {
          settingsReads += 1;
          return json(
            settingsReads === 1 ? { ...PROVIDER_SETTINGS, consent: 'provider' } : PROVIDER_SETTINGS,
          );
        },
        [`POST ${THREAD}/runs`]: () => {
          runs += 1;
          return runs === 1
            ? apiError(409, ERR.INVALID_STATE)
            : sseResponse(
                sseEvent('done', {
                  message: buildMessage({
                    thread_id: THREAD_ID,
                    role: 'assistant',
                    content: 'Answered.',
                  }),
                }),
              );
        },
      },
    );
    await userEvent.type(composer, 'Question{Enter}');
    const alert = await screen.findByRole('alert');
    await userEvent.click(await within(alert).findByRole('button', { name: 'Choose now' }));
    const dialog = await screen.findByRole('dialog', { name: 'May chat use OpenAI?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use OpenAI' }));
    expect(await within(log).findByText('Answered.')).toBeVisible();
  });
});
