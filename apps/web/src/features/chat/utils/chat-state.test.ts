import type { Message } from '@muster/contract/chat';
import { describe, expect, it } from 'vitest';

import { buildMessage } from '../testing/chat-api';
import {
  CRISIS_ANNOUNCEMENT,
  INITIAL_CHAT_STATE,
  chatReducer,
  chatView,
  type ChatAction,
  type ChatState,
} from './chat-state';

const CRISIS = {
  title: 'Veterans Crisis Line',
  call: 'Dial 988, then press 1',
  text: 'Text 838255',
  chat_url: 'https://www.veteranscrisisline.net/get-help-now/chat/',
};

function run(actions: ChatAction[], from: ChatState = INITIAL_CHAT_STATE): ChatState {
  return actions.reduce(chatReducer, from);
}

const SEND: ChatAction = {
  type: 'send',
  content: 'Does tinnitus count?',
  at: '2026-11-25T12:00:00.000Z',
  userId: 'temp-user-1',
  replyId: 'temp-reply-1',
};

const question = buildMessage({ role: 'user', content: 'Does tinnitus count?' });
const answer = buildMessage({ role: 'assistant', content: 'Yes: 10% under DC 6260.' });

describe('optimistic send', () => {
  it('shows the message and the "I am loading" placeholder at once', () => {
    const state = run([SEND]);
    const view = chatView([], state);
    expect(view.items).toEqual([
      {
        kind: 'pending-user',
        id: 'temp-user-1',
        content: 'Does tinnitus count?',
        createdAt: '2026-11-25T12:00:00.000Z',
      },
      {
        kind: 'pending-reply',
        reply: { id: 'temp-reply-1', phase: 'loading', text: '', crisis: null },
      },
    ]);
    expect(view.isBusy).toBe(true);
    expect(view.canRetry).toBe(false);
  });

  it('replaces the temporary message with the stored one, keeping the placeholder for the run', () => {
    const state = run([SEND, { type: 'sent' }, { type: 'run', replyId: 'temp-reply-2' }]);
    const view = chatView([question], state);
    expect(view.items.map((item) => item.kind)).toEqual(['message', 'pending-reply']);
    // The run keeps the placeholder the send made rather than adding a second one.
    expect(state.reply?.id).toBe('temp-reply-1');
  });

  it('rolls both back when sending fails, giving the text back to the composer', () => {
    const state = run([
      SEND,
      {
        type: 'send-failed',
        content: 'Does tinnitus count?',
        message: 'Connection error',
        needsConsent: false,
      },
    ]);
    expect(chatView([], state).items).toEqual([]);
    expect(state.restoredDraft).toBe('Does tinnitus count?');
    expect(state.failure).toEqual({
      kind: 'send',
      message: 'Connection error',
      needsConsent: false,
    });
    expect(chatView([], state).isBusy).toBe(false);
    // The composer takes the text once.
    expect(chatReducer(state, { type: 'draft-restored' }).restoredDraft).toBeNull();
  });

  it('a new send clears the last failure', () => {
    const failed = run([
      SEND,
      { type: 'send-failed', content: 'x', message: 'Connection error', needsConsent: false },
    ]);
    expect(chatReducer(failed, SEND).failure).toBeNull();
  });
});

describe('running the thread', () => {
  it('fills the placeholder as text streams in, the crisis line first, then gives way to the stored reply', () => {
    const streaming = run([
      SEND,
      { type: 'sent' },
      { type: 'run', replyId: 'r' },
      { type: 'crisis', line: CRISIS },
      { type: 'delta', text: 'You are not alone. ' },
      { type: 'delta', text: 'Call now.' },
    ]);
    expect(streaming.reply).toMatchObject({
      phase: 'streaming',
      text: 'You are not alone. Call now.',
      crisis: CRISIS,
    });
    expect(chatView([question], streaming).isBusy).toBe(true);
    // Nothing is read out word by word.
    expect(streaming.announcement).toBeNull();

    const done = chatReducer(streaming, { type: 'done', text: 'You are not alone. Call now.' });
    // Read out once, whole, the crisis line first.
    expect(done.announcement).toBe(
      `${CRISIS_ANNOUNCEMENT} The assistant replied: You are not alone. Call now.`,
    );
    const view = chatView([question, answer], done);
    expect(view.items).toEqual([
      { kind: 'message', message: question },
      { kind: 'message', message: answer },
    ]);
    expect(view.isBusy).toBe(false);
    expect(view.canRetry).toBe(false);
  });

  it('removes the placeholder when the run fails, and offers to run again', () => {
    const state = run([
      { type: 'run', replyId: 'r' },
      { type: 'delta', text: 'Half an ans' },
      { type: 'run-failed', message: 'Service temporarily unavailable', needsConsent: false },
    ]);
    const view = chatView([question], state);
    expect(view.items).toEqual([{ kind: 'message', message: question }]);
    expect(view.canRetry).toBe(true);
    expect(state.failure?.kind).toBe('run');
    // Running again clears the failure and shows a fresh placeholder.
    const again = chatReducer(state, { type: 'run', replyId: 'r2' });
    expect(again.failure).toBeNull();
    expect(again.reply).toEqual({ id: 'r2', phase: 'loading', text: '', crisis: null });
  });

  it('marks a run that waits for the consent choice', () => {
    const state = run([
      { type: 'run', replyId: 'r' },
      { type: 'run-failed', message: 'Invalid operation for current state', needsConsent: true },
    ]);
    expect(state.failure?.needsConsent).toBe(true);
  });

  it('keeps a stopped reply’s text until the stored reply shows, and can run again meanwhile', () => {
    const stopped = run([
      { type: 'run', replyId: 'r' },
      { type: 'delta', text: 'So far' },
      { type: 'stopped' },
    ]);
    expect(stopped.announcement).toBe('Reply stopped.');
    const before = chatView([question], stopped);
    expect(before.items.at(-1)).toEqual({
      kind: 'pending-reply',
      reply: { id: 'r', phase: 'stopped', text: 'So far', crisis: null },
    });
    expect(before.isBusy).toBe(false);
    expect(before.canRetry).toBe(true);

    const after = chatView([question, answer], stopped);
    expect(after.items.map((item) => item.kind)).toEqual(['message', 'message']);
    expect(after.canRetry).toBe(false);

    // Running again replaces the stopped text with a fresh placeholder.
    expect(chatReducer(stopped, { type: 'run', replyId: 'r2' }).reply?.text).toBe('');
  });

  it('ignores stream events when no reply is pending', () => {
    expect(
      run([
        { type: 'delta', text: 'x' },
        { type: 'crisis', line: CRISIS },
      ]),
    ).toEqual(INITIAL_CHAT_STATE);
  });

  it('offers to run again a conversation whose last message has no answer', () => {
    const messages: Message[] = [question];
    expect(chatView(messages, INITIAL_CHAT_STATE).canRetry).toBe(true);
    expect(chatView([], INITIAL_CHAT_STATE).canRetry).toBe(false);
  });
});
