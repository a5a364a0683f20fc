import { cfileListSchema, type CfileList } from '@muster/contract/cfiles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** Every C-file query starts with this key: the lists, each file and what was found in it. */
export const CFILES_QUERY_KEY = ['cfiles'] as const;
export const CFILE_LISTS_QUERY_KEY = [...CFILES_QUERY_KEY, 'list'] as const;

/** While a file in the list is still being read, the list asks again this often. */
const READING_POLL_MS = 2_000;

export type CfileListParams = { page: number; pageSize: number };

/** The newest C-file alone: what a page without `?id=` shows. */
export const LATEST_CFILE: CfileListParams = { page: 1, pageSize: 1 };

/** `GET /cfiles`: the veteran's C-files, newest first. */
export function getCfiles(params: CfileListParams, signal?: AbortSignal): Promise<CfileList> {
  return api.get('/cfiles', cfileListSchema, {
    query: { page: params.page, page_size: params.pageSize },
    signal,
  });
}

export function cfilesQueryOptions(params: CfileListParams) {
  return queryOptions({
    queryKey: [...CFILE_LISTS_QUERY_KEY, params],
    queryFn: ({ signal }) => getCfiles(params, signal),
  });
}

/** Whether any file of a page is still queued or being read. */
export function isReadingAny(page: CfileList | undefined): boolean {
  return (
    page?.results.some((cfile) => cfile.status === 'queued' || cfile.status === 'processing') ??
    false
  );
}

/**
 * One page of the list; the page shows a failure itself. While a file is being read the list
 * follows it, so its status changes without a reload.
 */
export function useCfiles(
  params: CfileListParams,
  options: {
    enabled?: boolean;
    /** False when only the ids matter (the page follows the file itself). */
    follow?: boolean;
  } = {},
) {
  const follow = options.follow ?? true;
  return useQuery({
    ...cfilesQueryOptions(params),
    enabled: options.enabled ?? true,
    throwOnError: false,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      follow && isReadingAny(query.state.data) ? READING_POLL_MS : false,
  });
}
