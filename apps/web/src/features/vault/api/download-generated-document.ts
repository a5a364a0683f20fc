import type { GeneratedDocument } from '@muster/contract/documents';
import type { StatementFormat } from '@muster/contract/personal-statements';
import { useMutation } from '@tanstack/react-query';

import { api, type DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

export type DownloadGeneratedVariables = {
  document: Pick<GeneratedDocument, 'id' | 'disability_id' | 'version'>;
  format: StatementFormat;
};

/** What the file is called when the answer does not name it (the API normally does). */
export function fallbackGeneratedFilename(format: StatementFormat, version: number): string {
  const kind = format.startsWith('va-') ? format : 'personal-statement';
  return `${kind}-v${version}.${format === 'docx' ? 'docx' : 'pdf'}`;
}

/**
 * `GET /disabilities/{id}/personal-statements/{id}/download-statement?format=`: the statement's
 * latest version as a file.
 */
export function downloadGeneratedDocument({
  document,
  format,
}: DownloadGeneratedVariables): Promise<DownloadedFile> {
  return api.download(
    `/disabilities/${encodeURIComponent(document.disability_id)}/personal-statements/${encodeURIComponent(document.id)}/download-statement`,
    {
      query: { format },
      // Forms are filled and laid out on the server.
      timeoutMs: 60_000,
    },
  );
}

/**
 * Downloads one format and hands it to the browser as a file. The request carries the bearer
 * token, which a plain link to the API could not.
 */
export function useDownloadGeneratedDocument() {
  return useMutation({
    mutationFn: downloadGeneratedDocument,
    onSuccess: ({ blob, filename }, { format, document }) =>
      saveFile(blob, filename ?? fallbackGeneratedFilename(format, document.version)),
  });
}
