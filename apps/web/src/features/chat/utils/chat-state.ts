import type { CrisisLine, Message } from '@muster/contract/chat';

/**
 * What a conversation shows beyond the messages the server has stored: the optimistic part.
 *
 * - Sending puts the veteran's message in the list at once, followed by the assistant's
 *   placeholder ("I am loading"). When the server has stored the message, its copy takes the
 *   temporary one's place; if sending fails, both go away, the text goes back into the
 *   composer and the failure is shown.
 * - Running the thread keeps (or adds) the placeholder; the reply's text fills it as it streams
 *   in; the stored reply replaces it when the run is done; a failed run removes it.
 * - Stopping keeps the text that had arrived, marked as stopped, until the stored messages show
 *   the server's reply.
 *
 * The reducer is pure; the store in `hooks/chat-sessions.ts` holds one state per thread.
 */

export type PendingUserMessage = { id: string; content: string; createdAt: string };

export type ReplyPhase = 'loading' | 'streaming' | 'stopped';

export type PendingReply = {
  id: string;
  phase: ReplyPhase;
  /** The text streamed so far. */
  text: string;
  /** The Veterans Crisis Line, when the run said the message speaks of crisis. */
  crisis: CrisisLine | null;
};

export type ChatFailure = {
  /** `send`: the message was not stored; `run`: it was, but the assistant did not answer. */
  kind: 'send' | 'run';
  message: string;
  /** The run waits for the veteran to choose whether chat may use the outside model. */
  needsConsent: boolean;
};

export type ChatState = {
  pendingUser: PendingUserMessage | null;
  reply: PendingReply | null;
  failure: ChatFailure | null;
  /** A failed send's text, for the composer to take back (once). */
  restoredDraft: string | null;
  /** What to read out politely: a reply once it is complete, not word by word. */
  announcement: string | null;
};

export const INITIAL_CHAT_STATE: ChatState = {
  pendingUser: null,
  reply: null,
  failure: null,
  restoredDraft: null,
  announcement: null,
};

export type ChatAction =
  | { type: 'send'; content: string; at: string; userId: string; replyId: string }
  | { type: 'sent' }
  | { type: 'send-failed'; content: string; message: string; needsConsent: boolean }
  | { type: 'run'; replyId: string }
  | { type: 'crisis'; line: CrisisLine }
  | { type: 'delta'; text: string }
  | { type: 'done'; text: string }
  | { type: 'run-failed'; message: string; needsConsent: boolean }
  | { type: 'stopped' }
  | { type: 'draft-restored' }
  | { type: 'dismiss-failure' };

/** Read out before a reply that opens with the crisis line. */
export const CRISIS_ANNOUNCEMENT =
  'Veterans Crisis Line: dial 988, then press 1, or text 838255. Help is available now.';

function placeholder(id: string): PendingReply {
  return { id, phase: 'loading', text: '', crisis: null };
}

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'send':
      return {
        pendingUser: { id: action.userId, content: action.content, createdAt: action.at },
        reply: placeholder(action.replyId),
        failure: null,
        restoredDraft: null,
        announcement: null,
      };
    case 'sent':
      return { ...state, pendingUser: null };
    case 'send-failed':
      // Both temporary messages go; the text goes back to the composer.
      return {
        ...state,
        pendingUser: null,
        reply: null,
        failure: { kind: 'send', message: action.message, needsConsent: action.needsConsent },
        restoredDraft: action.content,
      };
    case 'run':
      return {
        ...state,
        reply:
          state.reply && state.reply.phase !== 'stopped'
            ? state.reply
            : placeholder(action.replyId),
        failure: null,
        announcement: null,
      };
    case 'crisis':
      return state.reply ? { ...state, reply: { ...state.reply, crisis: action.line } } : state;
    case 'delta':
      return state.reply
        ? {
            ...state,
            reply: { ...state.reply, phase: 'streaming', text: state.reply.text + action.text },
          }
        : state;
    case 'done':
      return {
        ...state,
        reply: null,
        announcement: `${state.reply?.crisis ? `${CRISIS_ANNOUNCEMENT} ` : ''}The assistant replied: ${action.text}`,
      };
    case 'run-failed':
      return {
        ...state,
        reply: null,
        failure: { kind: 'run', message: action.message, needsConsent: action.needsConsent },
      };
    case 'stopped':
      return state.reply
        ? { ...state, reply: { ...state.reply, phase: 'stopped' }, announcement: 'Reply stopped.' }
        : state;
    case 'draft-restored':
      return { ...state, restoredDraft: null };
    case 'dismiss-failure':
      return { ...state, failure: null };
  }
}

/** One entry of the conversation as shown. */
export type ChatItem =
  | { kind: 'message'; message: Message }
  | { kind: 'pending-user'; id: string; content: string; createdAt: string }
  | { kind: 'pending-reply'; reply: PendingReply };

export type ChatView = {
  items: ChatItem[];
  /** A message is on its way, or the assistant is answering. */
  isBusy: boolean;
  /** The latest message is the veteran's and nothing is answering it: it can be run again. */
  canRetry: boolean;
};

/**
 * The conversation as shown: the stored messages, then the message being sent and the reply in
 * the making. A stopped reply gives way to the stored one once the messages show it.
 */
export function chatView(messages: readonly Message[], state: ChatState): ChatView {
  const last = messages.at(-1);
  const isAnswered = last?.role === 'assistant';
  const items: ChatItem[] = messages.map((message) => ({ kind: 'message', message }));
  if (state.pendingUser) items.push({ kind: 'pending-user', ...state.pendingUser });
  const { reply } = state;
  const showsReply = reply !== null && !(reply.phase === 'stopped' && isAnswered);
  if (showsReply) items.push({ kind: 'pending-reply', reply });
  const isBusy = state.pendingUser !== null || (reply !== null && reply.phase !== 'stopped');
  return {
    items,
    isBusy,
    canRetry: !isBusy && last?.role === 'user',
  };
}
