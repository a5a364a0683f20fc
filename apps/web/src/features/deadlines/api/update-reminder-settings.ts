import {
  reminderSettingsSchema,
  type ReminderSettings,
  type UpdateReminderSettingsInput,
} from '@muster/contract/deadlines';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { deadlinesQueryOptions } from './get-deadlines';
import { reminderSettingsQueryOptions } from './get-reminder-settings';

/** `PATCH /deadlines/settings`. */
export function updateReminderSettings(
  input: UpdateReminderSettingsInput,
): Promise<ReminderSettings> {
  return api.patch('/deadlines/settings', input, reminderSettingsSchema);
}

/** Saves the settings; the deadlines are counted again (the zone decides "today"). */
export function useUpdateReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReminderSettings,
    onSuccess: (settings) => {
      queryClient.setQueryData(reminderSettingsQueryOptions().queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: deadlinesQueryOptions().queryKey });
    },
  });
}
