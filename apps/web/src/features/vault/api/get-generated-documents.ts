import { generatedDocumentListSchema, type GeneratedDocument } from '@muster/contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { VAULT_QUERY_KEY } from './get-documents';

/** `GET /generated-documents`: what Muster wrote for the user, each in the formats it comes in. */
export async function getGeneratedDocuments(signal?: AbortSignal): Promise<GeneratedDocument[]> {
  const answer = await api.get('/generated-documents', generatedDocumentListSchema, { signal });
  return answer.results;
}

export function generatedDocumentsQueryOptions() {
  return queryOptions({
    queryKey: [...VAULT_QUERY_KEY, 'generated-documents'],
    queryFn: ({ signal }) => getGeneratedDocuments(signal),
  });
}

/** The list of `/documents`; the page shows a failure itself (error panel with Retry). */
export function useGeneratedDocuments() {
  return useQuery({ ...generatedDocumentsQueryOptions(), throwOnError: false });
}
