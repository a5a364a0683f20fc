import type { StatementFormat } from '@muster/contract/personal-statements';
import { useMutation } from '@tanstack/react-query';

import { api, type DownloadedFile } from '@/lib/api-client';
import { saveFile } from '@/utils/save-file';

import { statementPath, type StatementRef } from './get-personal-statement';

/** What the file is called when the answer does not name it (the API normally does). */
export function fallbackStatementFilename(format: StatementFormat, version: number): string {
  const kind = format.startsWith('va-') ? format : 'personal-statement';
  return `${kind}-v${version}.${format === 'docx' ? 'docx' : 'pdf'}`;
}

export type DownloadStatementVariables = {
  ref: StatementRef;
  format: StatementFormat;
  /** The latest version's number, for the fallback file name. */
  version: number;
};

/** `GET …/{statementId}/download-statement?format=`: the latest version as a file. */
export function downloadPersonalStatement({
  ref,
  format,
}: DownloadStatementVariables): Promise<DownloadedFile> {
  return api.download(`${statementPath(ref)}/download-statement`, {
    query: { format },
    // Forms are filled and laid out on the server.
    timeoutMs: 60_000,
  });
}

/**
 * Downloads one format and hands it to the browser as a file. The request carries the bearer
 * token, which a plain link to the API could not.
 */
export function useDownloadPersonalStatement() {
  return useMutation({
    mutationFn: downloadPersonalStatement,
    onSuccess: ({ blob, filename }, { format, version }) =>
      saveFile(blob, filename ?? fallbackStatementFilename(format, version)),
  });
}
