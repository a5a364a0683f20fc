import { ERR } from '@muster/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

import { cfilePath, cfileQueryOptions } from './get-cfile';
import { CFILE_LISTS_QUERY_KEY } from './get-cfiles';

/** `DELETE /cfiles/{id}`: the C-file and what was found in it go. */
export async function deleteCfile(cfileId: string): Promise<void> {
  try {
    await api.delete(cfilePath(cfileId));
  } catch (error) {
    // Already gone (deleted in another tab): that is what was asked for.
    if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
    throw error;
  }
}

/** Deletes a C-file; its cached data goes and the lists read again. */
export function useDeleteCfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCfile,
    onSuccess: (_result, cfileId) => {
      queryClient.removeQueries({ queryKey: cfileQueryOptions(cfileId).queryKey });
      void queryClient.invalidateQueries({ queryKey: CFILE_LISTS_QUERY_KEY });
    },
  });
}
