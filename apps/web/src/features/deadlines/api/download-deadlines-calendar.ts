import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, type DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

import { deadlinesQueryOptions } from './get-deadlines';

/** The name the API gives the file, used when a cross-origin answer hides its header. */
export const CALENDAR_FILENAME = 'muster-deadlines.ics';

/**
 * `GET /deadlines.ics`: the upcoming deadlines as a calendar file, or null when there are none
 * (the API answers 204: a calendar with no event is not a valid file).
 */
export async function downloadDeadlinesCalendar(): Promise<DownloadedFile | null> {
  const file = await api.download('/deadlines.ics');
  return file.blob.size === 0 ? null : file;
}

export function useDownloadDeadlinesCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadDeadlinesCalendar,
    onSuccess: (file) => {
      if (file) {
        saveFile(file.blob, file.filename ?? CALENDAR_FILENAME);
        return;
      }
      // The list on screen was out of date: the deadlines are gone, so it is loaded again.
      void queryClient.invalidateQueries({ queryKey: deadlinesQueryOptions().queryKey });
    },
  });
}
