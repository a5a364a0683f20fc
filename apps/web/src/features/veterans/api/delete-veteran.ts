import { ERR } from '@muster/contract/errors';
import type { VeteranPage } from '@muster/contract/veterans';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

import { veteranQueryOptions } from './get-veteran';
import { VETERANS_QUERY_KEY } from './get-veterans';

/**
 * `DELETE /veterans/{id}`. When the record was the primary, the API makes the newest other one the
 * primary.
 */
export async function deleteVeteran(veteranId: string): Promise<void> {
  try {
    await api.delete(`/veterans/${encodeURIComponent(veteranId)}`);
  } catch (error) {
    // Already gone (deleted in another tab): that is what was asked for.
    if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
    throw error;
  }
}

/**
 * Deletes a record: it leaves every loaded list at once, and the lists are read again either way
 * (another record may have become the primary).
 */
export function useDeleteVeteran() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVeteran,
    onSuccess: (_result, veteranId) => {
      queryClient.setQueriesData<VeteranPage>(
        { queryKey: [...VETERANS_QUERY_KEY, 'list'] },
        (page) =>
          page
            ? {
                results: page.results.filter((veteran) => veteran.id !== veteranId),
                meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
              }
            : page,
      );
      queryClient.removeQueries({ queryKey: veteranQueryOptions(veteranId).queryKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...VETERANS_QUERY_KEY, 'list'] });
    },
  });
}
