import {
  themePreferencesSchema,
  type ThemePreferences,
  type UpdateThemePreferencesInput,
} from '@muster/contract/preferences';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { themePreferencesQueryOptions } from './get-theme-preferences';

/**
 * `POST` (first save, when nothing was stored locally yet) or `PATCH`
 * `/user-profiles/{userId}/theme-preferences`.
 */
export function saveThemePreferences({
  userId,
  input,
  isFirstSave,
}: {
  userId: string;
  input: UpdateThemePreferencesInput;
  isFirstSave: boolean;
}): Promise<ThemePreferences> {
  const path = `/user-profiles/${encodeURIComponent(userId)}/theme-preferences`;
  return isFirstSave
    ? api.post(path, input, themePreferencesSchema)
    : api.patch(path, input, themePreferencesSchema);
}

/** Failures only log: the preferences are already saved locally. */
export function useSaveThemePreferences(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { input: UpdateThemePreferencesInput; isFirstSave: boolean }) =>
      saveThemePreferences({ userId: userId ?? '', ...variables }),
    meta: { errorToast: false },
    onSuccess: (preferences) => {
      if (userId)
        queryClient.setQueryData(themePreferencesQueryOptions(userId).queryKey, preferences);
    },
    onError: (error) => {
      console.warn('Theme preferences were saved on this device only.', error);
    },
  });
}
