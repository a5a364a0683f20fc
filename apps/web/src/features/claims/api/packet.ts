import { claimPacketSchema, type CreateClaimPacketInput } from '@muster/contract/claims';
import { documentPageSchema } from '@muster/contract/documents';
import { downloadUrlSchema } from '@muster/contract/storage';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';
import { opensUpgradePrompt } from '@/lib/toast';

/**
 * `GET /documents`: the newest vault documents, for the packet's supporting documents (the 100
 * newest; older ones can be added from the vault's own page).
 */
export function useVaultDocumentsForPacket() {
  return useQuery({
    queryKey: [...QUERY_KEYS.vault, 'packet-choices'],
    queryFn: ({ signal }) =>
      api.get('/documents', documentPageSchema, { query: { page: 1, page_size: 100 }, signal }),
    throwOnError: false,
  });
}

/**
 * `POST /claims/{id}/packet`: one PDF of the claim (cover, index with page numbers, the evidence
 * of each disability, the documents chosen), kept in the vault. Assembling many pages takes a
 * while; a full storage opens the upgrade dialog.
 */
export function useCreateClaimPacket(claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateClaimPacketInput) =>
      api.post(`/claims/${encodeURIComponent(claimId)}/packet`, input, claimPacketSchema, {
        timeoutMs: 180_000,
      }),
    meta: { errorToast: opensUpgradePrompt },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.vault }),
  });
}

/** `GET /documents/{id}/download`: a short-lived link to the packet, asked for when used. */
export function getPacketLink(documentId: string) {
  return api.get(`/documents/${encodeURIComponent(documentId)}/download`, downloadUrlSchema, {
    query: { disposition: 'attachment' },
  });
}
