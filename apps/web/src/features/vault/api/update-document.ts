import {
  documentSchema,
  type DocumentPage,
  type UpdateDocumentInput,
  type VaultDocument,
} from '@muster/contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

import { DOCUMENT_LISTS_QUERY_KEY } from './get-documents';

/** `PATCH /documents/{id}`: a new name, or a VA document type (null clears it). */
export function updateDocument({
  documentId,
  input,
}: {
  documentId: string;
  input: UpdateDocumentInput;
}): Promise<VaultDocument> {
  return api.patch(`/documents/${encodeURIComponent(documentId)}`, input, documentSchema);
}

/**
 * Saves a rename or a type: every loaded page shows the saved document at once, then the lists
 * (a search may no longer match) and the palette read again.
 */
export function useUpdateDocument(options: { fieldNames?: readonly string[] } = {}) {
  const queryClient = useQueryClient();
  const fieldNames = options.fieldNames ?? [];
  return useMutation({
    mutationFn: updateDocument,
    meta: {
      // A message for a field of the form shows on the field; anything else is toasted.
      errorToast: (error) =>
        !Object.keys(error.fields ?? {}).some((field) => fieldNames.includes(field)),
    },
    onSuccess: (saved) => {
      queryClient.setQueriesData<DocumentPage>({ queryKey: DOCUMENT_LISTS_QUERY_KEY }, (page) =>
        page
          ? {
              ...page,
              results: page.results.map((document) =>
                document.id === saved.id ? saved : document,
              ),
            }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: DOCUMENT_LISTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
    },
  });
}
