import { decisionLetterSchema, type DecisionLetter } from '@muster/contract/decision-letters';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { LETTERS_QUERY_KEY } from './get-letters';

/** While the letter is being read, its page asks for its status this often. */
const READING_POLL_MS = 1_500;

export function letterPath(letterId: string): string {
  return `/decision-letters/${encodeURIComponent(letterId)}`;
}

/** `GET /decision-letters/{id}`: one of the veteran's letters (404 for anyone else's). */
export function getLetter(letterId: string, signal?: AbortSignal): Promise<DecisionLetter> {
  return api.get(letterPath(letterId), decisionLetterSchema, { signal });
}

export function letterQueryOptions(letterId: string) {
  return queryOptions({
    queryKey: [...LETTERS_QUERY_KEY, 'detail', letterId],
    queryFn: ({ signal }) => getLetter(letterId, signal),
  });
}

export function isReading(letter: Pick<DecisionLetter, 'status'> | undefined): boolean {
  return letter?.status === 'queued' || letter?.status === 'processing';
}

/**
 * One letter; while it is queued or being read it is asked for again every moment, so its page
 * follows the reading live. The page shows a failure itself.
 */
export function useLetter(letterId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...letterQueryOptions(letterId),
    enabled: options.enabled ?? true,
    throwOnError: false,
    refetchInterval: (query) => (isReading(query.state.data) ? READING_POLL_MS : false),
  });
}
