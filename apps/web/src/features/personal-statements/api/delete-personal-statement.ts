import { ERR } from '@muster/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { QUERY_KEYS } from '@/lib/query-keys';

import { statementPath, type StatementRef } from './get-personal-statement';
import { PERSONAL_STATEMENTS_QUERY_KEY } from './get-personal-statements';

/** `DELETE …/personal-statements/{statementId}`: the statement with every version. */
export async function deletePersonalStatement(ref: StatementRef): Promise<void> {
  try {
    await api.delete(statementPath(ref));
  } catch (error) {
    // Already gone (deleted in another tab): that is what was asked for.
    if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
    throw error;
  }
}

/**
 * Deletes a statement: the mutation settles once the disability's list reads again (the page then
 * shows the statement before it, or none); its cached versions are dropped and readiness reads
 * again.
 */
export function useDeletePersonalStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePersonalStatement,
    onSuccess: async (_result, ref) => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.readiness });
      await queryClient.invalidateQueries({
        queryKey: [...PERSONAL_STATEMENTS_QUERY_KEY, 'list', ref.disabilityId],
      });
      queryClient.removeQueries({
        queryKey: [...PERSONAL_STATEMENTS_QUERY_KEY, 'detail', ref.statementId],
      });
    },
  });
}
