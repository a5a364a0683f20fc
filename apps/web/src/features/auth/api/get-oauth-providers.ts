import { oauthProvidersSchema, type OAuthProviders } from '@muster/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /auth/providers`: which identity providers this server has configured. */
export function getOAuthProviders(signal?: AbortSignal): Promise<OAuthProviders> {
  return api.get('/auth/providers', oauthProvidersSchema, { signal });
}

export function oauthProvidersQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'providers'],
    queryFn: ({ signal }) => getOAuthProviders(signal),
    staleTime: Infinity,
  });
}

/** Provider buttons are extras: when this fails, the page shows email sign-in only. */
export function useOAuthProviders() {
  return useQuery({
    ...oauthProvidersQueryOptions(),
    throwOnError: false,
    meta: { errorToast: false },
  });
}
