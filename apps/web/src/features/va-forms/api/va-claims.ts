import { vaClaimListSchema, vaClaimSchema } from '@muster/contract/va-claims';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { VA_QUERY_KEY } from './va';

const VA_CLAIMS_KEY = [...VA_QUERY_KEY, 'claims'] as const;

/**
 * `GET /va-forms/claims`: the veteran's claims at VA, asked of VA each time. Without VA.gov on the
 * server or a connection, the answer says so (`va_configured`, `va_connected`) with no claims.
 */
export function getVaClaims(signal?: AbortSignal) {
  return api.get('/va-forms/claims', vaClaimListSchema, { signal });
}

export function vaClaimsQueryOptions() {
  return queryOptions({
    queryKey: [...VA_CLAIMS_KEY, 'list'],
    queryFn: ({ signal }) => getVaClaims(signal),
  });
}

/** The pages show their own quiet error; VA being down is not worth a retry storm. */
export function useVaClaims() {
  return useQuery({ ...vaClaimsQueryOptions(), throwOnError: false, retry: false });
}

/** `GET /va-forms/claims/{claimId}`: one claim at VA with its steps, requests and documents. */
export function getVaClaim(claimId: string, signal?: AbortSignal) {
  return api.get(`/va-forms/claims/${encodeURIComponent(claimId)}`, vaClaimSchema, { signal });
}

export function vaClaimQueryOptions(claimId: string) {
  return queryOptions({
    queryKey: [...VA_CLAIMS_KEY, 'detail', claimId],
    queryFn: ({ signal }) => getVaClaim(claimId, signal),
  });
}

export function useVaClaim(claimId: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...vaClaimQueryOptions(claimId),
    enabled: options.enabled ?? true,
    throwOnError: false,
    retry: false,
  });
}
