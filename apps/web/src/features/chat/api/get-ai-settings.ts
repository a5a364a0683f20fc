import { aiSettingsSchema, type AiSettings } from '@muster/contract/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { CHAT_QUERY_KEY } from './get-messages';

/** `GET /ai/settings`: whether chat may use an outside model, and which one is set up. */
export function getAiSettings(signal?: AbortSignal): Promise<AiSettings> {
  return api.get('/ai/settings', aiSettingsSchema, { signal });
}

export function aiSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...CHAT_QUERY_KEY, 'ai-settings'],
    queryFn: ({ signal }) => getAiSettings(signal),
    staleTime: 60_000,
  });
}

/** The AI settings; callers show a failure themselves. */
export function useAiSettings() {
  return useQuery({ ...aiSettingsQueryOptions(), throwOnError: false });
}
