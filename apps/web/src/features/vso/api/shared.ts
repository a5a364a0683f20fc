import { SHARE_TOKEN_HEADER, sharedItemSchema, sharedViewSchema } from '@muster/contract/vso';
import { useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';
import { authClient } from '@/lib/auth-client';

/**
 * The representative's calls. The link's token goes only in its header, never in an address the
 * API serves (and so never in its logs).
 */
const withToken = (token: string) => ({ headers: { [SHARE_TOKEN_HEADER]: token } });

/** The calls need a session: the representative's own, or an anonymous one made for them. */
async function ensureSession(): Promise<void> {
  if (!authClient.getToken()) await authClient.signInAnonymously();
}

/** `GET /shared`: what the link holds. */
export function useSharedView(token: string, options: { enabled: boolean }) {
  return useQuery({
    enabled: options.enabled,
    queryKey: ['shared', token],
    queryFn: async ({ signal }) => {
      await ensureSession();
      return api.get('/shared', sharedViewSchema, { ...withToken(token), signal });
    },
    throwOnError: false,
    retry: false,
    // Each opening is logged for the veteran: ask once per visit.
    staleTime: Infinity,
  });
}

/**
 * `GET /shared/items/{kind}/{id}`: one record, read-only; asked when it is opened. A record with a
 * file link is asked again each time it is opened: the link lasts a minute at most, so a kept
 * answer would hand out one that no longer works.
 */
export function useSharedItem(token: string, item: { kind: string; id: string } | null) {
  return useQuery({
    enabled: item !== null,
    queryKey: ['shared', token, item?.kind, item?.id],
    queryFn: async ({ signal }) => {
      await ensureSession();
      const path = `/shared/items/${encodeURIComponent(item?.kind ?? '')}/${encodeURIComponent(item?.id ?? '')}`;
      return api.get(path, sharedItemSchema, { ...withToken(token), signal });
    },
    throwOnError: false,
    retry: false,
    staleTime: (query) => (query.state.data?.download ? 0 : Infinity),
  });
}
