import type { DocumentPage } from '@muster/contract/documents';
import { ERR } from '@muster/contract/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { QUERY_KEYS } from '@/lib/query-keys';

import { DOCUMENT_LISTS_QUERY_KEY } from './get-documents';
import { storageUsageQueryOptions } from './get-storage-usage';

/** `DELETE /bucket/delete/{id}`: the document and its file go. */
export async function deleteDocument(documentId: string): Promise<void> {
  try {
    await api.delete(`/bucket/delete/${encodeURIComponent(documentId)}`);
  } catch (error) {
    // Already gone (deleted in another tab): that is what was asked for.
    if (isApiError(error) && error.code === ERR.NOT_FOUND) return;
    throw error;
  }
}

/**
 * Deletes a document: it leaves every loaded page at once; the lists, the storage line and the
 * palette read again either way.
 */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_result, documentId) => {
      queryClient.setQueriesData<DocumentPage>({ queryKey: DOCUMENT_LISTS_QUERY_KEY }, (page) =>
        page
          ? {
              results: page.results.filter((document) => document.id !== documentId),
              meta: { ...page.meta, total: Math.max(0, page.meta.total - 1) },
            }
          : page,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: DOCUMENT_LISTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: storageUsageQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
    },
  });
}
