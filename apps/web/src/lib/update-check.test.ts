import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { UPDATE_CHECK_INTERVAL_MS } from '@/config/constants';

import { fetchIndexSignature, watchForUpdates } from './update-check';

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('watchForUpdates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    setVisibility('visible');
  });

  it('takes the first answer as the baseline and notifies once when it changes', async () => {
    const answers = ['etag:a', 'etag:a', 'etag:b', 'etag:c'];
    const getSignature = vi.fn(() => Promise.resolve(answers.shift() ?? 'etag:z'));
    const onUpdate = vi.fn();
    const stop = watchForUpdates({ onUpdate, getSignature });

    await vi.advanceTimersByTimeAsync(0);
    expect(getSignature).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(onUpdate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 3);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('checks again when the tab becomes visible, not when it is hidden', async () => {
    const answers = ['etag:a', 'etag:b'];
    const getSignature = vi.fn(() => Promise.resolve(answers.shift() ?? 'etag:b'));
    const onUpdate = vi.fn();
    const stop = watchForUpdates({ onUpdate, getSignature });
    await vi.advanceTimersByTimeAsync(0);

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    expect(getSignature).toHaveBeenCalledTimes(1);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(getSignature).toHaveBeenCalledTimes(2);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only warns when a check fails, and keeps checking', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers: (string | Error)[] = [new Error('offline'), 'etag:a', 'etag:b'];
    const getSignature = vi.fn(() => {
      const next = answers.shift() ?? 'etag:b';
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    });
    const onUpdate = vi.fn();
    const stop = watchForUpdates({ onUpdate, getSignature });
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops checking after stop()', async () => {
    const getSignature = vi.fn(() => Promise.resolve('etag:a'));
    const stop = watchForUpdates({ onUpdate: vi.fn(), getSignature });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(UPDATE_CHECK_INTERVAL_MS * 2);
    setVisibility('visible');
    expect(getSignature).toHaveBeenCalledTimes(1);
  });
});

describe('fetchIndexSignature', () => {
  it('asks for /index.html without cache and prefers the ETag, else the body', async () => {
    const fetchImpl = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response('<html>v1</html>', { headers: { etag: '"abc"' } })),
    );
    expect(await fetchIndexSignature(fetchImpl as typeof fetch)).toBe('etag:"abc"');
    expect(fetchImpl).toHaveBeenCalledWith('/index.html', { cache: 'no-store' });

    const noEtag = vi.fn(() => Promise.resolve(new Response('<html>v2</html>')));
    expect(await fetchIndexSignature(noEtag as typeof fetch)).toBe('body:<html>v2</html>');

    const failing = vi.fn(() => Promise.resolve(new Response('nope', { status: 500 })));
    await expect(fetchIndexSignature(failing as typeof fetch)).rejects.toThrow(/500/);
  });
});
