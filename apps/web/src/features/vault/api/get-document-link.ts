import { downloadUrlSchema, type DownloadUrl } from '@muster/contract/storage';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

export type DocumentLinkVariables = {
  documentId: string;
  /** `inline` opens a PDF or an image in the browser; `attachment` saves the file. */
  disposition: 'inline' | 'attachment';
};

/**
 * `GET /documents/{id}/download`: a five-minute signed link to the file. Asked for at the moment
 * it is used, never kept, so a link never outlives its use.
 */
export function getDocumentLink({
  documentId,
  disposition,
}: DocumentLinkVariables): Promise<DownloadUrl> {
  return api.get(`/documents/${encodeURIComponent(documentId)}/download`, downloadUrlSchema, {
    query: { disposition },
  });
}

/** Asks for a link when the veteran opens or downloads a document; failures are toasted. */
export function useDocumentLink() {
  return useMutation({ mutationFn: getDocumentLink });
}
