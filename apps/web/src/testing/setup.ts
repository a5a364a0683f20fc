import '@testing-library/jest-dom/vitest';

import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

import { cancelPendingAnnouncements } from '@/lib/announce';
import { authClient } from '@/lib/auth-client';
import { upgradePrompt } from '@/lib/upgrade-prompt';

import { installMatchMedia } from './match-media';

// The signed-in shell lazy-loads its menus; on a busy CI machine the first render of a file can
// take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 3000 });

// jsdom does not scroll; React Router's <ScrollRestoration> calls it on every navigation.
window.scrollTo = () => {};
// jsdom lacks what follows, though the DOM types promise it.
/* eslint-disable @typescript-eslint/no-unnecessary-condition */
// cmdk (the search palette) measures its list and scrolls the selected item into view.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
// jsdom's Blob has no text() or arrayBuffer() (browsers' has), and on Node 24 fetch's
// `Response.blob()` answers jsdom's Blob: read it the way jsdom can, through FileReader.
function readBlob<T extends string | ArrayBuffer>(blob: Blob, as: 'text' | 'buffer'): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    if (as === 'text') reader.readAsText(blob);
    else reader.readAsArrayBuffer(blob);
  });
}
Blob.prototype.text ??= function text(this: Blob) {
  return readBlob<string>(this, 'text');
};
Blob.prototype.arrayBuffer ??= function arrayBuffer(this: Blob) {
  return readBlob<ArrayBuffer>(this, 'buffer');
};
/* eslint-enable @typescript-eslint/no-unnecessary-condition */

/**
 * `console.error` fails the test (epic-stack pattern). A test that expects an error replaces the
 * implementation first: `vi.spyOn(console, 'error').mockImplementation(() => {})` (the same spy is
 * returned), then asserts on the calls.
 */
let unexpectedConsoleErrors: unknown[][] = [];

beforeEach(() => {
  unexpectedConsoleErrors = [];
  const originalConsoleError = console.error;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    unexpectedConsoleErrors.push(args);
    originalConsoleError(...args);
    throw new Error(
      'console.error was called. If the test expects it, call ' +
        "vi.spyOn(console, 'error').mockImplementation(() => {}) first.",
    );
  });
  installMatchMedia();
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  authClient.reset();
  upgradePrompt.close();
  // A toast's announcement looks for a live region for up to a second: never past the test.
  cancelPendingAnnouncements();
  // Sonner keeps active toasts between renders (and replays them to a new toaster).
  const { toast } = await import('sonner');
  toast.dismiss();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  // Code under test may have swallowed the throw above; fail here regardless.
  if (unexpectedConsoleErrors.length > 0) {
    const first = unexpectedConsoleErrors[0]?.map(String).join(' ') ?? '';
    unexpectedConsoleErrors = [];
    throw new Error(`Unexpected console.error: ${first}`);
  }
});
