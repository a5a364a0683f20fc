import { cfileMedicationsSchema, type CfileMedications } from '@muster/contract/cfiles';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { cfilePath } from './get-cfile';
import { CFILES_QUERY_KEY } from './get-cfiles';

/** `GET /cfiles/{id}/medications`: the medications found (409 while the file is being read). */
export function getCfileMedications(
  cfileId: string,
  signal?: AbortSignal,
): Promise<CfileMedications> {
  return api.get(`${cfilePath(cfileId)}/medications`, cfileMedicationsSchema, { signal });
}

export function cfileMedicationsQueryOptions(cfileId: string) {
  return queryOptions({
    queryKey: [...CFILES_QUERY_KEY, 'findings', cfileId, 'medications'],
    queryFn: ({ signal }) => getCfileMedications(cfileId, signal),
  });
}

/** The medications of a file read in full; the page shows a failure itself. */
export function useCfileMedications(cfileId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...cfileMedicationsQueryOptions(cfileId),
    enabled: options.enabled ?? true,
    throwOnError: false,
  });
}
