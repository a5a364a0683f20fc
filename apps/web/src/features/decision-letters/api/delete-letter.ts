import { ERR } from '@muster/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

import { letterPath, letterQueryOptions } from './get-letter';
import { LETTER_LISTS_QUERY_KEY } from './get-letters';

/** `DELETE /decision-letters/{id}`: the letter and its reading go. */
export async function deleteLetter(letterId: string): Promise<void> {
  try {
    await api.delete(letterPath(letterId));
  } catch (error) {
    // Already gone (deleted in another tab): that is what was asked for.
    if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
    throw error;
  }
}

/** Deletes a letter; its cached reading goes and the lists read again. */
export function useDeleteLetter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLetter,
    onSuccess: (_result, letterId) => {
      queryClient.removeQueries({ queryKey: letterQueryOptions(letterId).queryKey });
      void queryClient.invalidateQueries({ queryKey: LETTER_LISTS_QUERY_KEY });
    },
  });
}
