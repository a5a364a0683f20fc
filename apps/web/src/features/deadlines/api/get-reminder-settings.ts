import { reminderSettingsSchema, type ReminderSettings } from '@muster/contract/deadlines';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { DEADLINES_QUERY_KEY } from './get-deadlines';

/** `GET /deadlines/settings`: the reminder time zone and the kinds switched off. */
export function getReminderSettings(signal?: AbortSignal): Promise<ReminderSettings> {
  return api.get('/deadlines/settings', reminderSettingsSchema, { signal });
}

export function reminderSettingsQueryOptions() {
  return queryOptions({
    queryKey: [...DEADLINES_QUERY_KEY, 'settings'],
    queryFn: ({ signal }) => getReminderSettings(signal),
  });
}

export function useReminderSettings() {
  // Its section shows its own error panel with a retry, so the page stays usable.
  return useQuery({ ...reminderSettingsQueryOptions(), throwOnError: false });
}
