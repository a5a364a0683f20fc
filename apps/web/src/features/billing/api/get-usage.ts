import { usageSchema, type Usage } from '@muster/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /usage`: this month's use of each quota and when it resets. */
export function getUsage(signal?: AbortSignal): Promise<Usage> {
  return api.get('/usage', usageSchema, { signal });
}

export function usageQueryOptions() {
  return queryOptions({
    queryKey: ['billing', 'usage'],
    queryFn: ({ signal }) => getUsage(signal),
  });
}

export function useUsage() {
  return useQuery({ ...usageQueryOptions(), throwOnError: false });
}
