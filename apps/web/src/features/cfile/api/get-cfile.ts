import { cfileSchema, type Cfile } from '@muster/contract/cfiles';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { CFILES_QUERY_KEY } from './get-cfiles';

/** While the file is being read, its page asks for its progress this often. */
export const READING_POLL_MS = 1_500;

export function cfilePath(cfileId: string): string {
  return `/cfiles/${encodeURIComponent(cfileId)}`;
}

/** `GET /cfiles/{id}`: one of the veteran's C-files (404 for anyone else's). */
export function getCfile(cfileId: string, signal?: AbortSignal): Promise<Cfile> {
  return api.get(cfilePath(cfileId), cfileSchema, { signal });
}

export function cfileQueryOptions(cfileId: string) {
  return queryOptions({
    queryKey: [...CFILES_QUERY_KEY, 'detail', cfileId],
    queryFn: ({ signal }) => getCfile(cfileId, signal),
  });
}

export function isReading(cfile: Pick<Cfile, 'status'> | undefined): boolean {
  return cfile?.status === 'queued' || cfile?.status === 'processing';
}

/**
 * One C-file; while it is queued or being read it is asked for again every moment and a half, so
 * its page follows the reading live, and no more once it is done. The page shows a failure itself.
 */
export function useCfile(cfileId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...cfileQueryOptions(cfileId),
    enabled: options.enabled ?? true,
    throwOnError: false,
    refetchInterval: (query) => (isReading(query.state.data) ? READING_POLL_MS : false),
  });
}
