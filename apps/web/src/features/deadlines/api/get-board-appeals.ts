import { boardAppealListSchema, type BoardAppeal } from '@muster/contract/deadlines';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DEADLINES_QUERY_KEY } from './get-deadlines';

/** `GET /board-appeals`: the Board appeals the veteran recorded. */
export function getBoardAppeals(signal?: AbortSignal): Promise<BoardAppeal[]> {
  return api.get('/board-appeals', boardAppealListSchema, { signal });
}

export function boardAppealsQueryOptions() {
  return queryOptions({
    queryKey: [...DEADLINES_QUERY_KEY, 'board-appeals'],
    queryFn: ({ signal }) => getBoardAppeals(signal),
  });
}

export function useBoardAppeals() {
  // Its section shows its own error panel with a retry, so the page stays usable.
  return useQuery({ ...boardAppealsQueryOptions(), throwOnError: false });
}
