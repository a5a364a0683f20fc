import { STORAGE_KEYS } from '@/config/constants';

/**
 * After a deploy, a tab opened earlier still asks for the old hashed chunks, which no longer exist.
 * The cure is one full reload to pick up the new `index.html`. It is attempted once per browser
 * session; if the chunk still fails after that, the error boundary shows.
 */

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preloader
  /Loading (CSS )?chunk [\w-]+ failed/i,
];

/** Whether `error` means a code chunk could not be downloaded (as opposed to failing when run). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(error.message));
}

/** Without storage the reload could not be remembered, so it counts as already done: never loop. */
function hasReloaded(storage: Storage | null): boolean {
  if (storage === null) return true;
  try {
    return storage.getItem(STORAGE_KEYS.CHUNK_RELOAD) !== null;
  } catch {
    return true;
  }
}

/** `null` when the browser blocks storage for this site (accessing it throws). */
function getSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True while this session has not yet reloaded itself for a chunk error. */
export function canReloadForChunkError(storage: Storage | null = getSessionStorage()): boolean {
  return !hasReloaded(storage);
}

/**
 * Reloads the page if this session has not already done so for a chunk error. Returns whether a
 * reload was started (the caller then shows a spinner until the page goes away).
 */
export function reloadOnceForChunkError(
  storage: Storage | null = getSessionStorage(),
  reload: () => void = () => window.location.reload(),
): boolean {
  if (storage === null || hasReloaded(storage)) return false;
  try {
    storage.setItem(STORAGE_KEYS.CHUNK_RELOAD, new Date().toISOString());
  } catch {
    // Storage refused the flag: do not reload, or a tab could reload forever.
    return false;
  }
  reload();
  return true;
}

/**
 * Errors raised while loading a route module (network failure or an exception while the module runs).
 * Browsers cache such failures per module URL and React Router caches the failed import, so "Try
 * Again" has to reload the page to fetch the module afresh.
 */
const moduleLoadFailures = new WeakSet<object>();

export function markModuleLoadFailure(error: unknown): unknown {
  if (typeof error === 'object' && error !== null) moduleLoadFailures.add(error);
  return error;
}

export function isModuleLoadFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && moduleLoadFailures.has(error);
}

/** Wraps a dynamic import so its failures are recognisable by `isModuleLoadFailure`. */
export function trackModuleLoad<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      throw markModuleLoadFailure(error instanceof Error ? error : new Error(String(error)));
    });
}
