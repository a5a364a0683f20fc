import { useMutation } from '@tanstack/react-query';

import { api, type DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

import { cfilePath } from './get-cfile';

/** What the file is called when the API names none. */
const FALLBACK_FILENAME = 'c-file-evidence-index.pdf';

/** `GET /cfiles/{id}/evidence-index.pdf`: every finding with the pages it is on, as a PDF. */
export function downloadEvidenceIndex(cfileId: string): Promise<DownloadedFile> {
  return api.download(`${cfilePath(cfileId)}/evidence-index.pdf`, {
    // The PDF is made on the server.
    timeoutMs: 60_000,
  });
}

/**
 * Downloads the evidence index. The request carries the bearer token, which a plain link to the
 * API could not.
 */
export function useDownloadEvidenceIndex() {
  return useMutation({
    mutationFn: downloadEvidenceIndex,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? FALLBACK_FILENAME),
  });
}
