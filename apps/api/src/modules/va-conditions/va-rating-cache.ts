/**
 * A short-lived, bounded memory of one answer per user, so that a burst of what-ifs (and the page
 * load before them) asks VA once rather than on every change.
 *
 * Rules: an entry is good for `ttlMs` from when it was stored and is dropped once read after that;
 * at most `maxEntries` are kept, and storing one more drops the one used least recently. Keys are
 * user ids; nothing here is ever logged. The memory is per process: another API instance simply
 * asks VA itself.
 */
export type TtlCache<T> = {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
  delete(key: string): void;
  readonly size: number;
};

export type TtlCacheOptions = {
  ttlMs: number;
  maxEntries: number;
  /** Milliseconds since the epoch; tests pass their own clock. */
  now?: () => number;
};

export function createTtlCache<T>({
  ttlMs,
  maxEntries,
  now = () => Date.now(),
}: TtlCacheOptions): TtlCache<T> {
  // A Map keeps insertion order: re-inserting on each read puts the most recently used last, so
  // the first key is always the one to drop.
  const entries = new Map<string, { value: T; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
