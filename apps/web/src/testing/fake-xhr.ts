import { vi } from 'vitest';

/**
 * A fake `XMLHttpRequest` for uploads (jsdom's would really send): each PUT is recorded and answered
 * by the test, or at once by `autoRespond`. Progress and answers are delivered the way the browser
 * does (`upload.onprogress`, then `onload` / `onerror` / `onabort`).
 */
export type FakeXhrRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Blob | null;
  isAborted: boolean;
  isSettled: boolean;
  /** Reports `loaded` bytes sent. */
  progress(loaded: number): void;
  /** Answers with a status (200 by default) and an ETag. */
  respond(options?: { status?: number; etag?: string | null; body?: string }): void;
  /** The connection fails (no answer). */
  fail(): void;
};

export function installFakeXhr(options: { autoRespond?: (request: FakeXhrRequest) => void } = {}) {
  const requests: FakeXhrRequest[] = [];
  let autoRespond = options.autoRespond;

  class FakeXMLHttpRequest {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private method = '';
    private url = '';
    private readonly requestHeaders: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};
    private request: FakeXhrRequest | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.requestHeaders[name.toLowerCase()] = value;
    }

    getResponseHeader(name: string): string | null {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }

    send(body: Blob | null) {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the handle answers for this request
      const xhr = this;
      const request: FakeXhrRequest = {
        method: this.method,
        url: this.url,
        headers: { ...this.requestHeaders },
        body,
        isAborted: false,
        isSettled: false,
        progress(loaded) {
          if (request.isSettled) return;
          xhr.upload.onprogress?.({ loaded, total: body?.size ?? 0 } as ProgressEvent);
        },
        respond({ status = 200, etag, body: text = '' } = {}) {
          if (request.isSettled) return;
          request.isSettled = true;
          xhr.status = status;
          xhr.responseText = text;
          xhr.responseHeaders = etag ? { etag } : {};
          xhr.onload?.();
        },
        fail() {
          if (request.isSettled) return;
          request.isSettled = true;
          xhr.onerror?.();
        },
      };
      this.request = request;
      requests.push(request);
      autoRespond?.(request);
    }

    abort() {
      const request = this.request;
      if (!request || request.isSettled) return;
      request.isAborted = true;
      request.isSettled = true;
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return {
    requests,
    /** Answers every PUT from now on at once (or as `respond` decides). */
    setAutoRespond(respond: ((request: FakeXhrRequest) => void) | undefined) {
      autoRespond = respond;
    },
    /** PUTs to one URL, in order. */
    to(url: string): FakeXhrRequest[] {
      return requests.filter((request) => request.url === url);
    },
  };
}
