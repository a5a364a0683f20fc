import { useMutation } from '@tanstack/react-query';

import { api, type DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

/**
 * The API names the file (`muster-export-YYYY-MM-DD.zip`), but a cross-origin response only shows
 * `Content-Disposition` when the API exposes it; otherwise the same name is built here.
 */
export function fallbackExportFilename(now: Date = new Date()): string {
  return `muster-export-${now.toISOString().slice(0, 10)}.zip`;
}

/** `GET /users/{userId}/export`: every record and file of the account, as a zip. */
export function exportUserData(userId: string): Promise<DownloadedFile> {
  return api.download(`/users/${encodeURIComponent(userId)}/export`, { timeoutMs: 120_000 });
}

export function useExportUserData({ userId }: { userId: string }) {
  return useMutation({
    mutationFn: () => exportUserData(userId),
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? fallbackExportFilename()),
  });
}
