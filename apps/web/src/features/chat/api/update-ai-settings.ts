import {
  aiSettingsSchema,
  type AiSettings,
  type UpdateAiSettingsInput,
} from '@muster/contract/chat';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { aiSettingsQueryOptions } from './get-ai-settings';

/** `PATCH /ai/settings`: the veteran's choice, an outside model or offline only. */
export function updateAiSettings(input: UpdateAiSettingsInput): Promise<AiSettings> {
  return api.patch('/ai/settings', input, aiSettingsSchema);
}

/** Saves the choice and keeps the answer as the settings everyone reads. */
export function useUpdateAiSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAiSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(aiSettingsQueryOptions().queryKey, settings);
    },
  });
}
