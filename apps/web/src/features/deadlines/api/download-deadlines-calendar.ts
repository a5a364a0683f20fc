import { useMutation } from '@tanstack/react-query';

import { api, type DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

/** The name the API gives the file, used when a cross-origin answer hides its header. */
export const CALENDAR_FILENAME = 'muster-deadlines.ics';

/** `GET /deadlines.ics`: the upcoming deadlines as a calendar file. */
export function downloadDeadlinesCalendar(): Promise<DownloadedFile> {
  return api.download('/deadlines.ics');
}

export function useDownloadDeadlinesCalendar() {
  return useMutation({
    mutationFn: downloadDeadlinesCalendar,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? CALENDAR_FILENAME),
  });
}
