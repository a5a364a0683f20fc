import {
  personalStatementSchema,
  type PersonalStatement,
  type UpdatePersonalStatementInput,
} from '@muster/contract/personal-statements';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import {
  personalStatementQueryOptions,
  statementPath,
  type StatementRef,
} from './get-personal-statement';
import { PERSONAL_STATEMENTS_QUERY_KEY } from './get-personal-statements';

/** `PATCH …/personal-statements/{statementId}`: the whole new text, kept as a new version. */
export function updatePersonalStatement({
  ref,
  input,
}: {
  ref: StatementRef;
  input: UpdatePersonalStatementInput;
}): Promise<PersonalStatement> {
  return api.patch(statementPath(ref), input, personalStatementSchema);
}

/**
 * Saves an edit as the new latest version: cached at once, and the list (its excerpt) reads
 * again. The editor shows a failure itself (its save state), so no toast is raised.
 */
export function useUpdatePersonalStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePersonalStatement,
    meta: { errorToast: false },
    onSuccess: (statement, { ref }) => {
      queryClient.setQueryData(
        personalStatementQueryOptions({
          disabilityId: ref.disabilityId,
          statementId: ref.statementId,
        }).queryKey,
        statement,
      );
      void queryClient.invalidateQueries({
        queryKey: [...PERSONAL_STATEMENTS_QUERY_KEY, 'list', ref.disabilityId],
      });
    },
  });
}
