import { userProfileSchema, type UserProfile } from '@muster/contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /users/{id}`: the signed-in user's profile (404 for anyone else's id). */
export function getProfile(userId: string, signal?: AbortSignal): Promise<UserProfile> {
  return api.get(`/users/${encodeURIComponent(userId)}`, userProfileSchema, { signal });
}

export const PROFILE_STALE_TIME_MS = 60_000;

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['users', 'detail', userId],
    queryFn: ({ signal }) => getProfile(userId, signal),
    staleTime: PROFILE_STALE_TIME_MS,
  });
}

type UseProfileOptions = {
  /** Poll, e.g. while a payment is being confirmed. */
  refetchInterval?: number | false;
  enabled?: boolean;
};

/** The profile; its page shows failures itself (error panel with Retry). */
export function useProfile(userId: string, options: UseProfileOptions = {}) {
  return useQuery({
    ...profileQueryOptions(userId),
    throwOnError: false,
    refetchInterval: options.refetchInterval,
    enabled: options.enabled,
  });
}
