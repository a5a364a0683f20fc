import { ERR } from '@muster/contract/errors';
import type { DisabilityPage } from '@muster/contract/disabilities';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { QUERY_KEYS } from '@/lib/query-keys';

import { DISABILITIES_QUERY_KEY } from './get-disabilities';
import { disabilityQueryOptions } from './get-disability';

/** `DELETE /disabilities/{id}`: the disability and everything recorded under it. */
export async function deleteDisability(disabilityId: string): Promise<void> {
  try {
    await api.delete(`/disabilities/${encodeURIComponent(disabilityId)}`);
  } catch (error) {
    // Already gone (deleted in another tab): that is what was asked for.
    if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
    throw error;
  }
}

/**
 * Deletes a disability: it leaves every loaded list at once, then the lists and the palette read
 * again either way.
 */
export function useDeleteDisability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDisability,
    onSuccess: (_result, disabilityId) => {
      queryClient.setQueriesData<DisabilityPage>(
        { queryKey: [...DISABILITIES_QUERY_KEY, 'list'] },
        (page) =>
          page
            ? {
                results: page.results.filter((disability) => disability.id !== disabilityId),
                meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
              }
            : page,
      );
      // A page still showing it (its own page, about to leave) keeps its copy: removing the
      // query under it would ask the API again for what no longer exists.
      queryClient.removeQueries({
        queryKey: disabilityQueryOptions(disabilityId).queryKey,
        type: 'inactive',
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...DISABILITIES_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
    },
  });
}
