import { parseJson } from '@/lib/api-error';

/**
 * One PUT of bytes to a signed storage URL, through XMLHttpRequest: unlike fetch, it reports
 * upload progress. The answer's ETag (which storage exposes to the app) names the stored part.
 */

export type PutBytesOptions = {
  url: string;
  body: Blob;
  headers?: Readonly<Record<string, string>>;
  /** Bytes of `body` sent so far. */
  onProgress?: (loaded: number) => void;
  signal?: AbortSignal;
};

export type PutBytesResult = { etag: string | null };

/** Why a PUT failed: no answer (`network`) or a refusal (`http`, with its status). */
export class PutBytesError extends Error {
  override readonly name = 'PutBytesError';
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** A storage refusal in words: the API's own error body when it sent one, else by status. */
function refusalMessage(status: number, text: string): string {
  const parsed = parseJson(text);
  if (parsed.ok && typeof parsed.value === 'object' && parsed.value !== null) {
    const body = parsed.value as { detail?: unknown; message?: unknown };
    if (typeof body.detail === 'string' && body.detail.trim() !== '') return body.detail;
    if (typeof body.message === 'string' && body.message.trim() !== '') return body.message;
  }
  if (status === 403) return 'The upload link was refused or has expired.';
  if (status === 413) return 'Storage refused the bytes as too large.';
  return `Storage answered with an error (HTTP ${status}).`;
}

export function putBytes({
  url,
  body,
  headers = {},
  onProgress,
  signal,
}: PutBytesOptions): Promise<PutBytesResult> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const xhr = new XMLHttpRequest();
    const handleAbort = () => xhr.abort();
    signal?.addEventListener('abort', handleAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', handleAbort);

    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded);
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(body.size);
        resolve({ etag: xhr.getResponseHeader('ETag') });
        return;
      }
      reject(new PutBytesError(xhr.status, refusalMessage(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () => {
      settle();
      reject(new PutBytesError(0, 'The connection was lost while sending the file.'));
    };
    xhr.onabort = () => {
      settle();
      reject(
        signal?.aborted
          ? (signal.reason as Error)
          : new PutBytesError(0, 'Sending the file was interrupted.'),
      );
    };
    xhr.send(body);
  });
}
