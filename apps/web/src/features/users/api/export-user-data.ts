import { useMutation } from '@tanstack/react-query';

import { api, type DownloadedFile } from '@/lib/api-client';

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

/** Hands a downloaded file to the browser as a download. */
export function saveFile({ blob, filename }: DownloadedFile) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackExportFilename();
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before releasing the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportUserData({ userId }: { userId: string }) {
  return useMutation({
    mutationFn: () => exportUserData(userId),
    onSuccess: saveFile,
  });
}
