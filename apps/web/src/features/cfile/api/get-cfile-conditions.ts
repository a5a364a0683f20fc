import { cfileConditionsSchema, type CfileConditions } from '@muster/contract/cfiles';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { cfilePath } from './get-cfile';
import { CFILES_QUERY_KEY } from './get-cfiles';

/**
 * `GET /cfiles/{id}/conditions`: the conditions found, each marked claimed when it is among the
 * veteran's disabilities now (409 while the file is being read).
 */
export function getCfileConditions(
  cfileId: string,
  signal?: AbortSignal,
): Promise<CfileConditions> {
  return api.get(`${cfilePath(cfileId)}/conditions`, cfileConditionsSchema, { signal });
}

export function cfileConditionsQueryOptions(cfileId: string) {
  return queryOptions({
    queryKey: [...CFILES_QUERY_KEY, 'findings', cfileId, 'conditions'],
    queryFn: ({ signal }) => getCfileConditions(cfileId, signal),
  });
}

/** The conditions of a file read in full; the page shows a failure itself. */
export function useCfileConditions(cfileId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...cfileConditionsQueryOptions(cfileId),
    enabled: options.enabled ?? true,
    throwOnError: false,
  });
}
