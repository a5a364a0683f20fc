import {
  personalStatementSchema,
  type PersonalStatement,
} from '@muster/contract/personal-statements';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { PERSONAL_STATEMENTS_QUERY_KEY, statementsPath } from './get-personal-statements';

/** Which statement: its disability, its id, and a version (the latest when left out). */
export type StatementRef = { disabilityId: string; statementId: string; version?: number };

/** Where one statement lives. */
export function statementPath({ disabilityId, statementId }: StatementRef): string {
  return `${statementsPath(disabilityId)}/${encodeURIComponent(statementId)}`;
}

/** `GET …/personal-statements/{statementId}`: the latest version, or `?version=N`. */
export function getPersonalStatement(
  ref: StatementRef,
  signal?: AbortSignal,
): Promise<PersonalStatement> {
  return api.get(statementPath(ref), personalStatementSchema, {
    query: { version: ref.version },
    signal,
  });
}

export function personalStatementQueryOptions(ref: StatementRef) {
  return queryOptions({
    queryKey: [
      ...PERSONAL_STATEMENTS_QUERY_KEY,
      'detail',
      ref.statementId,
      ref.version ?? 'latest',
    ],
    queryFn: ({ signal }) => getPersonalStatement(ref, signal),
    // An earlier version never changes; the latest does with each save.
    staleTime: ref.version === undefined ? 0 : Infinity,
  });
}

/** One statement at one version; the page shows a failure itself. */
export function usePersonalStatement(ref: StatementRef) {
  return useQuery({ ...personalStatementQueryOptions(ref), throwOnError: false });
}
