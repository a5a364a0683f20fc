// No imports: the entry (src/main.tsx) reads these before any chunk that loads zod has run.

/** Browser storage keys. Keep `THEME_MODE` in sync with public/theme-init.js (a test checks it). */
export const STORAGE_KEYS = {
  /** localStorage: 'light' | 'dark' | 'system'. */
  THEME_MODE: 'muster:theme-mode',
  /** sessionStorage: set when the page reloaded itself after a chunk failed to load. */
  CHUNK_RELOAD: 'muster:chunk-reload',
  /** localStorage: the bearer token of the signed-in session (the only auth value stored). */
  AUTH_TOKEN: 'muster:auth-token',
  /** sessionStorage: set while a checkout or billing portal visit is pending. */
  PENDING_CHECKOUT: 'muster:pending-checkout',
  /**
   * localStorage, per user and upload slot (`…:{userId}:{slot}`): an unfinished multipart upload
   * (its grant, the file's name, size and change time, the ETags of finished parts) to resume.
   */
  PENDING_UPLOAD: 'muster:pending-upload',
} as const;
