import { cfilePageSchema, type CfilePage } from '@muster/contract/cfiles';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { cfilePath } from './get-cfile';
import { CFILES_QUERY_KEY } from './get-cfiles';

/** `GET /cfiles/{id}/pages/{page}`: one page's text (pages count from 1). */
export function getCfilePage(
  cfileId: string,
  page: number,
  signal?: AbortSignal,
): Promise<CfilePage> {
  return api.get(`${cfilePath(cfileId)}/pages/${page}`, cfilePageSchema, { signal });
}

export function cfilePageQueryOptions(cfileId: string, page: number) {
  return queryOptions({
    queryKey: [...CFILES_QUERY_KEY, 'pages', cfileId, page],
    queryFn: ({ signal }) => getCfilePage(cfileId, page, signal),
    // A page's text does not change once read.
    staleTime: Infinity,
  });
}

/** One page for the viewer; the previous page stays in view while the next one loads. */
export function useCfilePage(cfileId: string, page: number) {
  return useQuery({
    ...cfilePageQueryOptions(cfileId, page),
    throwOnError: false,
    placeholderData: keepPreviousData,
  });
}
