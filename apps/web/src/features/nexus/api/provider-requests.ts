import {
  providerRequestLinkSchema,
  providerRequestListSchema,
  type CreateProviderRequestInput,
} from '@muster/contract/nexus-letters';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { NEXUS_QUERY_KEY } from './nexus';

const requestsKey = (letterId: string) => [...NEXUS_QUERY_KEY, 'requests', letterId] as const;
const requestsPath = (letterId: string) =>
  `/nexus-letters/${encodeURIComponent(letterId)}/requests`;

/** `GET /nexus-letters/{id}/requests`: the providers the letter was sent to, newest first. */
export function useProviderRequests(letterId: string) {
  return useQuery({
    queryKey: requestsKey(letterId),
    queryFn: ({ signal }) => api.get(requestsPath(letterId), providerRequestListSchema, { signal }),
    throwOnError: false,
  });
}

/** After a change the requests, the letter (its status) and the lists are read again. */
function useRefresh(letterId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: requestsKey(letterId) });
    void queryClient.invalidateQueries({ queryKey: [...NEXUS_QUERY_KEY, 'detail', letterId] });
    void queryClient.invalidateQueries({ queryKey: [...NEXUS_QUERY_KEY, 'list'] });
  };
}

/** `POST /nexus-letters/{id}/requests`: emails the provider a link to upload the signed copy. */
export function useCreateProviderRequest(letterId: string) {
  const refresh = useRefresh(letterId);
  return useMutation({
    mutationFn: (input: CreateProviderRequestInput) =>
      api.post(requestsPath(letterId), input, providerRequestLinkSchema),
    onSuccess: refresh,
  });
}

/** `DELETE /nexus-letter-requests/{id}/link`: the provider's link stops working. */
export function useRevokeProviderRequest(letterId: string) {
  const refresh = useRefresh(letterId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`/nexus-letter-requests/${encodeURIComponent(id)}/link`),
    onSuccess: refresh,
  });
}
