import { veteranSchema, type Veteran } from '@muster/contract/veterans';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { VETERANS_QUERY_KEY } from './get-veterans';

/**
 * `GET /veterans/{id}`: one record. The SSN and VA file number come masked unless `reveal` is
 * set; a revealed answer is never cached (see `useRevealVeteran`).
 */
export function getVeteran(
  veteranId: string,
  options: { reveal?: boolean; signal?: AbortSignal } = {},
): Promise<Veteran> {
  return api.get(`/veterans/${encodeURIComponent(veteranId)}`, veteranSchema, {
    query: options.reveal ? { reveal: 'true' } : undefined,
    signal: options.signal,
  });
}

export function veteranQueryOptions(veteranId: string) {
  return queryOptions({
    queryKey: [...VETERANS_QUERY_KEY, 'detail', veteranId],
    queryFn: ({ signal }) => getVeteran(veteranId, { signal }),
  });
}

/** One record, numbers masked; the page shows a failure itself (not found, or Retry). */
export function useVeteran(veteranId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...veteranQueryOptions(veteranId),
    enabled: options.enabled,
    throwOnError: false,
  });
}

/**
 * Asks for the record's numbers in full, when the user presses "Show". The answer lives only in
 * the caller's hands (no query cache keeps it); a failure reaches the global error toast.
 */
export function useRevealVeteran(veteranId: string) {
  return useMutation({
    mutationFn: () => getVeteran(veteranId, { reveal: true }),
  });
}
