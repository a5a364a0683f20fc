import { messagePageSchema, type Message } from '@muster/contract/chat';
import { MAX_PAGE_SIZE } from '@muster/contract/common';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { threadPath } from './get-thread';

/** Every chat query starts with this key: a thread's messages, the AI settings, passages. */
export const CHAT_QUERY_KEY = ['chat'] as const;

/** A conversation longer than this many pages is shown from its start up to this point. */
const MAX_PAGES = 20;

/**
 * `GET /threads/{threadId}/messages`, every page of it: the whole conversation, oldest first,
 * the order it is read in.
 */
export async function getMessages(threadId: string, signal?: AbortSignal): Promise<Message[]> {
  const messages: Message[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await api.get(`${threadPath(threadId)}/messages`, messagePageSchema, {
      query: { page, page_size: MAX_PAGE_SIZE },
      signal,
    });
    messages.push(...answer.results);
    if (answer.results.length === 0 || page * answer.meta.page_size >= answer.meta.total) break;
  }
  return messages;
}

export function messagesQueryOptions(threadId: string) {
  return queryOptions({
    queryKey: [...CHAT_QUERY_KEY, 'messages', threadId],
    queryFn: ({ signal }) => getMessages(threadId, signal),
    // Only this veteran writes to the conversation, and each send and reply lands in the cache:
    // reading it again on every visit would only race the messages being sent.
    staleTime: 30_000,
  });
}

/** The conversation's messages; the page shows a failure itself. */
export function useMessages(threadId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...messagesQueryOptions(threadId),
    enabled: options.enabled ?? true,
    throwOnError: false,
  });
}
