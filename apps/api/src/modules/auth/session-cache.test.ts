import { describe, expect, it } from 'vitest';
import { SessionCache } from './session-cache.ts';

function cache(ttlMs = 4000) {
  const clock = { now: 1_000_000 };
  return { clock, sessions: new SessionCache<string>(ttlMs, () => clock.now) };
}

describe('SessionCache', () => {
  it('answers an entry until its lookup is ttl old, then forgets it', () => {
    const { clock, sessions } = cache();
    sessions.set('tok', 'u1', 'row', sessions.begin());
    clock.now += 3999;
    expect(sessions.get('tok')).toBe('row');
    clock.now += 1;
    expect(sessions.get('tok')).toBeUndefined();
    expect(sessions.size).toBe(0);
  });

  it('counts an entry’s age from when its lookup began, not when it ended', () => {
    const { clock, sessions } = cache();
    const lookup = sessions.begin();
    clock.now += 3000; // a slow query
    sessions.set('tok', 'u1', 'row', lookup);
    clock.now += 1000;
    expect(sessions.get('tok')).toBeUndefined();
  });

  it('evicts by token and by user at once', () => {
    const { sessions } = cache();
    sessions.set('a', 'u1', 'row a', sessions.begin());
    sessions.set('b', 'u1', 'row b', sessions.begin());
    sessions.set('c', 'u2', 'row c', sessions.begin());
    sessions.evictToken('a');
    expect(sessions.get('a')).toBeUndefined();
    expect(sessions.get('b')).toBe('row b');
    sessions.evictUser('u1');
    expect(sessions.get('b')).toBeUndefined();
    expect(sessions.get('c')).toBe('row c');
  });

  it('does not store a lookup that was under way when an eviction happened', () => {
    const { sessions } = cache();
    const lookup = sessions.begin();
    // Signed out while the lookup was in flight: its row may predate the sign-out.
    sessions.evictToken('tok');
    sessions.set('tok', 'u1', 'stale row', lookup);
    expect(sessions.get('tok')).toBeUndefined();
  });

  it('stores nothing with a ttl of 0', () => {
    const { sessions } = cache(0);
    sessions.set('tok', 'u1', 'row', sessions.begin());
    expect(sessions.get('tok')).toBeUndefined();
  });

  it('updates a cached row in place, keeping its age', () => {
    const { clock, sessions } = cache();
    sessions.set('tok', 'u1', 'old', sessions.begin());
    clock.now += 2000;
    sessions.update('tok', 'new');
    expect(sessions.get('tok')).toBe('new');
    clock.now += 2000;
    expect(sessions.get('tok')).toBeUndefined();
  });
});
