import type { ThreadPage } from '@muster/contract/threads';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { THREADS_QUERY_KEY } from './get-threads';

/** `DELETE /threads/{id}`: the thread and everything in it. */
export function deleteThread(threadId: string): Promise<void> {
  return api.delete(`/threads/${encodeURIComponent(threadId)}`);
}

/**
 * Deletes a thread, drops it from every loaded list at once, then refreshes the lists and the
 * palette's results. Callers show the outcome (spec §8 thread-delete toasts), so the global error
 * toast is off.
 */
export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    meta: { errorToast: false },
    onSuccess: (_result, threadId) => {
      queryClient.setQueriesData<ThreadPage>({ queryKey: [...THREADS_QUERY_KEY, 'list'] }, (page) =>
        page
          ? {
              results: page.results.filter((thread) => thread.id !== threadId),
              meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
            }
          : page,
      );
      queryClient.removeQueries({ queryKey: [...THREADS_QUERY_KEY, 'detail', threadId] });
      void queryClient.invalidateQueries({ queryKey: THREADS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
    },
  });
}
