import { themePreferencesSchema, type ThemePreferences } from '@muster/contract/preferences';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /user-profiles/{userId}/theme-preferences`: the saved military theme and served branches. */
export function getThemePreferences(
  userId: string,
  signal?: AbortSignal,
): Promise<ThemePreferences> {
  return api.get(
    `/user-profiles/${encodeURIComponent(userId)}/theme-preferences`,
    themePreferencesSchema,
    { signal },
  );
}

export function themePreferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['theme-preferences', userId],
    queryFn: ({ signal }) => getThemePreferences(userId, signal),
    staleTime: Infinity,
  });
}

/** A failure is handled by the caller (a load failure resets the theme), never toasted. */
export function useThemePreferences(userId: string | undefined) {
  return useQuery({
    ...themePreferencesQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
    throwOnError: false,
    meta: { errorToast: false },
  });
}
