import { describe, expect, it } from 'vitest';
import {
  createVaRatingsCache,
  VA_RATINGS_CACHE_MAX_ENTRIES,
  VA_RATINGS_CACHE_TTL_MS,
  type VaRatings,
} from '#src/modules/va-conditions/va-conditions.service.ts';
import { createTtlCache } from '#src/modules/va-conditions/va-rating-cache.ts';

const ratings = (combined: number): VaRatings => ({
  combined,
  effectiveDate: null,
  conditions: [],
});

describe('[VA][CACHE][UNIT]', () => {
  it('[VA][CACHE][UNIT]: an answer is reused for a minute, then dropped', () => {
    let now = 1_000_000;
    const cache = createVaRatingsCache(() => now);
    expect(VA_RATINGS_CACHE_TTL_MS).toBe(60_000);
    cache.set('user-1', ratings(70));
    now += VA_RATINGS_CACHE_TTL_MS - 1;
    expect(cache.get('user-1')).toEqual(ratings(70));
    now += 1;
    expect(cache.get('user-1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('[VA][CACHE][UNIT]: holds at most 1,000 users, dropping the least recently used', () => {
    const cache = createVaRatingsCache(() => 0);
    expect(VA_RATINGS_CACHE_MAX_ENTRIES).toBe(1_000);
    for (let i = 0; i < VA_RATINGS_CACHE_MAX_ENTRIES; i += 1) cache.set(`user-${i}`, ratings(10));
    // Reading user-0 makes user-1 the least recently used.
    expect(cache.get('user-0')).toBeDefined();
    cache.set('user-new', ratings(20));
    expect(cache.size).toBe(VA_RATINGS_CACHE_MAX_ENTRIES);
    expect(cache.get('user-0')).toBeDefined();
    expect(cache.get('user-1')).toBeUndefined();
    expect(cache.get('user-new')).toEqual(ratings(20));
  });

  it('[VA][CACHE][UNIT]: storing again restarts the minute; delete forgets', () => {
    let now = 0;
    const cache = createTtlCache<number>({ ttlMs: 100, maxEntries: 2, now: () => now });
    cache.set('a', 1);
    now = 90;
    cache.set('a', 2);
    now = 150;
    expect(cache.get('a')).toBe(2);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
