import { deadlineOverviewSchema, type DeadlineOverview } from '@muster/contract/deadlines';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every deadline-guardian query starts with this key. */
export const DEADLINES_QUERY_KEY = ['deadlines'] as const;

/** `GET /deadlines`: the upcoming deadlines, soonest first, and the Intent to File countdown. */
export function getDeadlines(signal?: AbortSignal): Promise<DeadlineOverview> {
  return api.get('/deadlines', deadlineOverviewSchema, { signal });
}

export function deadlinesQueryOptions() {
  return queryOptions({
    queryKey: [...DEADLINES_QUERY_KEY, 'overview'],
    queryFn: ({ signal }) => getDeadlines(signal),
  });
}

export function useDeadlines() {
  // Its section shows its own error panel with a retry, so the page stays usable.
  return useQuery({ ...deadlinesQueryOptions(), throwOnError: false });
}
