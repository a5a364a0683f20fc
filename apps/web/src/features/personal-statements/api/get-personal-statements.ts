import {
  personalStatementPageSchema,
  type PersonalStatementPage,
} from '@muster/contract/personal-statements';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every personal-statement query starts with this key: lists, then one statement by id. */
export const PERSONAL_STATEMENTS_QUERY_KEY = ['personal-statements'] as const;

/** Where a disability's statements live. */
export function statementsPath(disabilityId: string): string {
  return `/disabilities/${encodeURIComponent(disabilityId)}/personal-statements`;
}

/** A page of a disability's statements, newest first. */
export type PersonalStatementListParams = { page: number; pageSize: number };

/** The newest statement alone: the one the wizard edits and downloads. */
export const LATEST_STATEMENT: PersonalStatementListParams = { page: 1, pageSize: 1 };

/** `GET /disabilities/{id}/personal-statements`: the disability's statements, newest first. */
export function getPersonalStatements(
  disabilityId: string,
  params: PersonalStatementListParams,
  signal?: AbortSignal,
): Promise<PersonalStatementPage> {
  return api.get(statementsPath(disabilityId), personalStatementPageSchema, {
    query: { page: params.page, page_size: params.pageSize },
    signal,
  });
}

export function personalStatementsQueryOptions(
  disabilityId: string,
  params: PersonalStatementListParams = LATEST_STATEMENT,
) {
  return queryOptions({
    queryKey: [...PERSONAL_STATEMENTS_QUERY_KEY, 'list', disabilityId, params],
    queryFn: ({ signal }) => getPersonalStatements(disabilityId, params, signal),
  });
}

/** The disability's newest statement, or null when it has none; the page shows a failure itself. */
export function useLatestPersonalStatement(disabilityId: string) {
  return useQuery({
    ...personalStatementsQueryOptions(disabilityId, LATEST_STATEMENT),
    select: (page) => page.results[0] ?? null,
    throwOnError: false,
  });
}
