/**
 * How long one instance may answer a signed-in read from a session it has already looked up,
 * without asking the database again. This is the bound on how late another replica notices a
 * session that ended elsewhere (sign-out, deletion): at most this long. On the instance where the
 * session ended, the entry is evicted at once.
 */
export const SESSION_CACHE_TTL_MS = 4000;

/** Entries kept at most; past it the oldest go first (a map keeps insertion order). */
const MAX_ENTRIES = 10_000;

type Entry<Row> = { row: Row; userId: string; loadedAt: number };

/**
 * Sessions this instance looked up recently, by token. Only reads use it (changes always read the
 * session afresh, so deletion-pending checks never see an old flag). An entry is trusted for
 * `ttlMs` from the moment its lookup started; eviction by token or by user is immediate, and a
 * lookup that was already under way when an eviction happened is not stored.
 */
export class SessionCache<Row> {
  readonly #entries = new Map<string, Entry<Row>>();
  /** Counts evictions: a lookup that began before the latest one may have read a stale row. */
  #epoch = 0;

  constructor(
    readonly ttlMs: number = SESSION_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** What to hand back to `set` with the looked-up row: when the lookup began, and the epoch. */
  begin(): { startedAt: number; epoch: number } {
    return { startedAt: this.now(), epoch: this.#epoch };
  }

  get(token: string): Row | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (this.now() - entry.loadedAt >= this.ttlMs) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.row;
  }

  set(token: string, userId: string, row: Row, lookup: { startedAt: number; epoch: number }) {
    if (this.ttlMs <= 0 || lookup.epoch !== this.#epoch) return;
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.delete(token);
    this.#entries.set(token, { row, userId, loadedAt: lookup.startedAt });
  }

  /** Replaces the row of a cached token (after sliding its expiry), keeping its age. */
  update(token: string, row: Row) {
    const entry = this.#entries.get(token);
    if (entry) entry.row = row;
  }

  evictToken(token: string) {
    this.#epoch++;
    this.#entries.delete(token);
  }

  evictUser(userId: string) {
    this.#epoch++;
    for (const [token, entry] of this.#entries) {
      if (entry.userId === userId) this.#entries.delete(token);
    }
  }

  clear() {
    this.#epoch++;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
