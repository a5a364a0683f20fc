import {
  documentSchema,
  type CreateDocumentInput,
  type VaultDocument,
} from '@muster/contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';
import { opensUpgradePrompt } from '@/lib/toast';

import { DOCUMENT_LISTS_QUERY_KEY } from './get-documents';
import { storageUsageQueryOptions } from './get-storage-usage';

/** `POST /documents`: a finished upload of kind `document` becomes a vault document. */
export function createDocument(input: CreateDocumentInput): Promise<VaultDocument> {
  return api.post('/documents', input, documentSchema);
}

/**
 * Files an upload in the vault; the lists, the storage line and the palette read again. The
 * upload shows a failure where it happened, so only a plan refusal reaches the global handler (it
 * opens the upgrade dialog).
 */
export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    meta: { errorToast: opensUpgradePrompt },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DOCUMENT_LISTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: storageUsageQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.search });
    },
  });
}
