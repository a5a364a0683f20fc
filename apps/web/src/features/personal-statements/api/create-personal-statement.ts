import {
  personalStatementSchema,
  type CreatePersonalStatementInput,
  type PersonalStatement,
} from '@muster/contract/personal-statements';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

import { personalStatementQueryOptions } from './get-personal-statement';
import { PERSONAL_STATEMENTS_QUERY_KEY, statementsPath } from './get-personal-statements';

export type CreatePersonalStatementVariables = {
  disabilityId: string;
  /** `{}` composes the statement from the wizard's answers (metered); `{body}` keeps the text sent. */
  input: CreatePersonalStatementInput;
  /**
   * A UUID made once per request the veteran makes (a click): the statement takes it as its id,
   * and the same create sent again answers that statement instead of writing (and counting)
   * another.
   */
  idempotencyKey: string;
};

/** `POST /disabilities/{id}/personal-statements`: a new statement, composed or the veteran's own. */
export function createPersonalStatement({
  disabilityId,
  input,
  idempotencyKey,
}: CreatePersonalStatementVariables): Promise<PersonalStatement> {
  return api.post(statementsPath(disabilityId), input, personalStatementSchema, {
    headers: { 'Idempotency-Key': idempotencyKey },
    // Composing reads every answer and may take a while.
    timeoutMs: 60_000,
  });
}

/**
 * Writes a statement: it is cached as its own latest version, and the mutation settles once the
 * disability's list reads again (so the page shows the new statement as the latest). Claim
 * readiness counts statements, so it reads again too. A quota answer (403) opens the upgrade
 * prompt through the global error handler.
 */
export function useCreatePersonalStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPersonalStatement,
    onSuccess: async (statement, { disabilityId }) => {
      queryClient.setQueryData(
        personalStatementQueryOptions({ disabilityId, statementId: statement.id }).queryKey,
        statement,
      );
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.readiness });
      await queryClient.invalidateQueries({
        queryKey: [...PERSONAL_STATEMENTS_QUERY_KEY, 'list', disabilityId],
      });
    },
  });
}
