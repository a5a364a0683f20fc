import type { Message } from '@muster/contract/chat';
import { ERR } from '@muster/contract/errors';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

import { toApiError, type ApiError } from '@/lib/api-error';
import { QUERY_KEYS } from '@/lib/query-keys';
import { opensUpgradePrompt, toastError } from '@/lib/toast';

import { createMessage } from '../api/create-message';
import { createThread } from '../api/create-thread';
import { aiSettingsQueryOptions } from '../api/get-ai-settings';
import { messagesQueryOptions } from '../api/get-messages';
import { threadQueryOptions } from '../api/get-thread';
import { runThread } from '../api/run-thread';
import {
  INITIAL_CHAT_STATE,
  chatReducer,
  type ChatAction,
  type ChatState,
} from '../utils/chat-state';

/**
 * The conversations in progress, one state per thread, kept outside React: a send started on
 * `/chats/new` goes on while the app moves to the new thread's page, and a reply still streams
 * if the veteran opens another page and comes back. Stored data lives in TanStack Query; what is
 * here is the optimistic part (see `utils/chat-state.ts`).
 */

const sessions = new Map<string, ChatState>();
const runs = new Map<string, AbortController>();
const listeners = new Set<() => void>();

function stateOf(threadId: string): ChatState {
  return sessions.get(threadId) ?? INITIAL_CHAT_STATE;
}

function dispatch(threadId: string, action: ChatAction) {
  sessions.set(threadId, chatReducer(stateOf(threadId), action));
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let temporaryCount = 0;
function temporaryId(kind: 'message' | 'reply'): string {
  temporaryCount += 1;
  return `temporary-${kind}-${temporaryCount}`;
}

/** Forgets every conversation in progress, stopping their runs (tests start from nothing). */
export function resetChatSessions() {
  for (const controller of runs.values()) controller.abort();
  runs.clear();
  sessions.clear();
  for (const listener of [...listeners]) listener();
}

/** Adds a stored message to the loaded conversation, once. */
function appendMessage(queryClient: QueryClient, threadId: string, message: Message) {
  const { queryKey } = messagesQueryOptions(threadId);
  if (queryClient.getQueryData(queryKey) === undefined) {
    void queryClient.invalidateQueries({ queryKey });
    return;
  }
  queryClient.setQueryData(queryKey, (messages = []) =>
    messages.some((stored) => stored.id === message.id) ? messages : [...messages, message],
  );
}

/** The thread lists and the palette read again: a first message names its thread. */
function refreshThreadLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.threads });
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
}

/**
 * A refusal for want of the veteran's choice about the outside model. The server answers 409 for
 * that and for a thread with nothing to answer yet: the settings, read again, tell them apart.
 */
async function needsConsent(queryClient: QueryClient, error: ApiError): Promise<boolean> {
  if (error.status !== 409 || error.code !== ERR.INVALID_STATE) return false;
  try {
    const settings = await queryClient.fetchQuery({ ...aiSettingsQueryOptions(), staleTime: 0 });
    return settings.provider !== null && settings.consent === 'ask';
  } catch {
    return false; // The settings cannot be read: the refusal's own message is shown instead.
  }
}

/** The failure as the veteran reads it: the message, and what a refusal says about itself. */
function failureText(error: ApiError): string {
  const detail = error.detail?.trim();
  const isOwnDetail = detail && error.isClientError && !/^HTTP \d{3}$/.test(detail);
  if (!isOwnDetail) return error.message;
  return `${error.message.replace(/\.$/, '')}. ${detail.replace(/\.?$/, '.')}`;
}

/** Quota and permission answers open the upgrade dialog (the chat plan's, for AI messages). */
function reportUpgrade(error: ApiError) {
  if (opensUpgradePrompt(error)) toastError(error);
}

/** After a stop, how long to wait before each further read of the messages. */
const AFTER_STOP_READS_MS = [2000, 5000, 10_000, 20_000];

/**
 * After a stop the server still finishes and stores the reply: the messages are read at once and
 * a few more times, a little apart, while the stopped text is still what shows.
 */
function refetchAfterStop(queryClient: QueryClient, threadId: string) {
  const { queryKey } = messagesQueryOptions(threadId);
  const stopped = stateOf(threadId).reply;
  void queryClient.invalidateQueries({ queryKey });
  for (const at of AFTER_STOP_READS_MS) {
    window.setTimeout(() => {
      const { reply } = stateOf(threadId);
      const messages = queryClient.getQueryData(queryKey);
      // Still the same stopped reply, and the server's has not shown up yet.
      if (reply === stopped && messages?.at(-1)?.role !== 'assistant') {
        void queryClient.invalidateQueries({ queryKey });
      }
    }, at);
  }
}

/**
 * Runs the thread: the placeholder, the reply streaming into it, then the stored reply in its
 * place. A stop keeps what arrived; a failure removes the placeholder and says why.
 */
export async function runChat(queryClient: QueryClient, threadId: string): Promise<void> {
  runs.get(threadId)?.abort();
  const controller = new AbortController();
  runs.set(threadId, controller);
  dispatch(threadId, { type: 'run', replyId: temporaryId('reply') });
  try {
    const reply = await runThread({
      threadId,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'crisis') dispatch(threadId, { type: 'crisis', line: event.line });
        if (event.type === 'delta') dispatch(threadId, { type: 'delta', text: event.text });
      },
    });
    appendMessage(queryClient, threadId, reply);
    dispatch(threadId, { type: 'done', text: reply.content });
    refreshThreadLists(queryClient);
  } catch (error) {
    if (controller.signal.aborted) {
      // Stopped by the veteran (or replaced by a newer run).
      if (runs.get(threadId) === controller) {
        dispatch(threadId, { type: 'stopped' });
        refetchAfterStop(queryClient, threadId);
      }
      return;
    }
    const apiError = toApiError(error);
    reportUpgrade(apiError);
    dispatch(threadId, {
      type: 'run-failed',
      message: failureText(apiError),
      needsConsent: await needsConsent(queryClient, apiError),
    });
  } finally {
    if (runs.get(threadId) === controller) runs.delete(threadId);
  }
}

/**
 * Sends the veteran's message: shown at once with the assistant's placeholder, stored, then
 * answered by a run. If it cannot be stored, both go away and the text returns to the composer.
 */
export async function sendChatMessage(
  queryClient: QueryClient,
  threadId: string,
  content: string,
): Promise<void> {
  dispatch(threadId, {
    type: 'send',
    content,
    at: new Date().toISOString(),
    userId: temporaryId('message'),
    replyId: temporaryId('reply'),
  });
  let message: Message;
  try {
    message = await createMessage({ threadId, content });
  } catch (error) {
    const apiError = toApiError(error);
    reportUpgrade(apiError);
    dispatch(threadId, {
      type: 'send-failed',
      content,
      message: failureText(apiError),
      needsConsent: await needsConsent(queryClient, apiError),
    });
    return;
  }
  appendMessage(queryClient, threadId, message);
  dispatch(threadId, { type: 'sent' });
  refreshThreadLists(queryClient);
  await runChat(queryClient, threadId);
}

/**
 * A new conversation: makes the thread, then sends the first message to it (which goes on in the
 * background). Resolves with the thread's id once it exists, for the page to open it; rejects
 * when the thread cannot be made (nothing was sent).
 */
export async function startChat(queryClient: QueryClient, content: string): Promise<string> {
  const thread = await createThread();
  // The new page has all it needs: no loading state, and no read racing the first message.
  queryClient.setQueryData(threadQueryOptions(thread.id).queryKey, thread);
  queryClient.setQueryData(messagesQueryOptions(thread.id).queryKey, []);
  refreshThreadLists(queryClient);
  void sendChatMessage(queryClient, thread.id, content);
  return thread.id;
}

/** Stops the thread's run; the server still stores its reply. */
export function stopChat(threadId: string) {
  runs.get(threadId)?.abort(new DOMException('Stopped by the veteran', 'AbortError'));
}

/** A thread's conversation in progress and what can be done with it. */
export function useChatSession(threadId: string) {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(
    subscribe,
    () => stateOf(threadId),
    () => stateOf(threadId),
  );
  return {
    state,
    send: (content: string) => sendChatMessage(queryClient, threadId, content),
    retry: () => runChat(queryClient, threadId),
    stop: () => stopChat(threadId),
    /** The composer took the failed send's text back. */
    takeDraft: () => dispatch(threadId, { type: 'draft-restored' }),
    dismissFailure: () => dispatch(threadId, { type: 'dismiss-failure' }),
  };
}
