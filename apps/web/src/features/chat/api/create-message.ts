import { messageSchema, type Message } from '@muster/contract/chat';

import { api } from '@/lib/api-client';

import { threadPath } from './get-thread';

/** `POST /threads/{threadId}/messages`: the veteran's message, stored (the first names the thread). */
export function createMessage({
  threadId,
  content,
}: {
  threadId: string;
  content: string;
}): Promise<Message> {
  return api.post(`${threadPath(threadId)}/messages`, { content, role: 'user' }, messageSchema);
}
