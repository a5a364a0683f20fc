import { threadSchema, type Thread } from '@muster/contract/threads';

import { api } from '@/lib/api-client';

/** `POST /threads`: a new, unnamed thread; its first message names it. */
export function createThread(): Promise<Thread> {
  return api.post('/threads', {}, threadSchema);
}
