import {
  decisionLetterPageSchema,
  type DecisionLetterPage,
} from '@muster/contract/decision-letters';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every decision-letter query starts with this key: the lists and each letter. */
export const LETTERS_QUERY_KEY = ['decision-letters'] as const;
export const LETTER_LISTS_QUERY_KEY = [...LETTERS_QUERY_KEY, 'list'] as const;

/** While a letter in the list is still being read, the list asks again this often. */
const READING_POLL_MS = 2_000;

export type LetterListParams = { page: number; pageSize: number };

/** The letters the dashboard looks at (the latest, and every recent one's deadlines). */
export const DASHBOARD_LETTERS: LetterListParams = { page: 1, pageSize: 20 };

/** `GET /decision-letters`: the veteran's letters, newest first. */
export function getLetters(
  params: LetterListParams,
  signal?: AbortSignal,
): Promise<DecisionLetterPage> {
  return api.get('/decision-letters', decisionLetterPageSchema, {
    query: { page: params.page, page_size: params.pageSize },
    signal,
  });
}

export function lettersQueryOptions(params: LetterListParams) {
  return queryOptions({
    queryKey: [...LETTER_LISTS_QUERY_KEY, params],
    queryFn: ({ signal }) => getLetters(params, signal),
  });
}

/** Whether any letter of a page is still queued or being read. */
export function isReadingAny(page: DecisionLetterPage | undefined): boolean {
  return (
    page?.results.some((letter) => letter.status === 'queued' || letter.status === 'processing') ??
    false
  );
}

/**
 * One page of the list; the page shows a failure itself. While a letter is being read the list
 * follows it, so its status changes without a reload.
 */
export function useLetters(params: LetterListParams) {
  return useQuery({
    ...lettersQueryOptions(params),
    throwOnError: false,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isReadingAny(query.state.data) ? READING_POLL_MS : false),
  });
}
