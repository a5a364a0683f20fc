import { documentPageSchema, type DocumentPage } from '@muster/contract/documents';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** Every vault query starts with this key: documents, storage use, generated documents. */
export const VAULT_QUERY_KEY = QUERY_KEYS.vault;
/** Every page of the document list. */
export const DOCUMENT_LISTS_QUERY_KEY = [...VAULT_QUERY_KEY, 'documents'] as const;

/** A page of the list, narrowed to names containing `q` (empty: every document). */
export type DocumentListParams = { q: string; page: number; pageSize: number };

/** `GET /documents`: the vault's documents, newest first. */
export function getDocuments(
  params: DocumentListParams,
  signal?: AbortSignal,
): Promise<DocumentPage> {
  return api.get('/documents', documentPageSchema, {
    query: {
      ...(params.q ? { q: params.q } : {}),
      page: params.page,
      page_size: params.pageSize,
    },
    signal,
  });
}

export function documentsQueryOptions(params: DocumentListParams) {
  return queryOptions({
    queryKey: [...DOCUMENT_LISTS_QUERY_KEY, params],
    queryFn: ({ signal }) => getDocuments(params, signal),
  });
}

/** One page of the list; the page shows a failure itself (error panel with Retry). */
export function useDocuments(params: DocumentListParams) {
  return useQuery({
    ...documentsQueryOptions(params),
    throwOnError: false,
    // A new search or page keeps the current one on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });
}
