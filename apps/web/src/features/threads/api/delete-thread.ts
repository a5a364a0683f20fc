import { ERR } from '@muster/contract/errors';
import type { SearchResult } from '@muster/contract/search';
import type { ThreadPage } from '@muster/contract/threads';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { QUERY_KEYS } from '@/lib/query-keys';

/** `DELETE /threads/{id}`: the thread and everything in it. */
export async function deleteThread(threadId: string): Promise<void> {
  try {
    await api.delete(`/threads/${encodeURIComponent(threadId)}`);
  } catch (error) {
    // Already gone (deleted in another tab or on another device): that is what was asked for.
    if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
    throw error;
  }
}

/** Drops a thread from every loaded thread list and palette result, at once. */
function forgetThread(queryClient: QueryClient, threadId: string) {
  queryClient.setQueriesData<ThreadPage>({ queryKey: [...QUERY_KEYS.threads, 'list'] }, (page) =>
    page
      ? {
          results: page.results.filter((thread) => thread.id !== threadId),
          meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
        }
      : page,
  );
  queryClient.setQueriesData<SearchResult>({ queryKey: QUERY_KEYS.search }, (result) =>
    result
      ? { ...result, threads: result.threads.filter((thread) => thread.id !== threadId) }
      : result,
  );
  queryClient.removeQueries({ queryKey: [...QUERY_KEYS.threads, 'detail', threadId] });
}

/**
 * Deletes a thread and updates every list that shows it; the lists are read again either way, so
 * a failure also picks up changes made elsewhere. `onSettled` callbacks given here run even when
 * the component that started the delete has unmounted (the sidebar collapsed, the drawer closed).
 * Callers show the outcome (their own toasts), so the global error toast is off.
 */
export function useDeleteThread(
  options: {
    onDeleted?: (threadId: string) => void;
    onFailed?: (threadId: string, error: unknown) => void;
  } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    meta: { errorToast: false },
    onSuccess: (_result, threadId) => {
      forgetThread(queryClient, threadId);
      options.onDeleted?.(threadId);
    },
    onError: (error, threadId) => {
      options.onFailed?.(threadId, error);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.threads });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
    },
  });
}
