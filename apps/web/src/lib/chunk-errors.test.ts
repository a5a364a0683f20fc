import { describe, expect, it, vi } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';

import {
  canReloadForChunkError,
  isChunkLoadError,
  isModuleLoadFailure,
  reloadOnceForChunkError,
  trackModuleLoad,
} from './chunk-errors';

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://app.test/assets/vault-abc.js',
    'error loading dynamically imported module: https://app.test/assets/vault-abc.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/vault-abc.css',
    'Loading chunk 42 failed.',
  ])('recognises "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('recognises a ChunkLoadError by name', () => {
    const error = new Error('whatever');
    error.name = 'ChunkLoadError';
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([new Error('Cannot read properties of undefined'), 'Failed to fetch dynamically', null])(
    'ignores %s',
    (error) => {
      expect(isChunkLoadError(error)).toBe(false);
    },
  );
});

describe('reloadOnceForChunkError', () => {
  it('reloads once per session, remembering it in sessionStorage', () => {
    const reload = vi.fn();

    expect(canReloadForChunkError(window.sessionStorage)).toBe(true);
    expect(reloadOnceForChunkError(window.sessionStorage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.CHUNK_RELOAD)).not.toBeNull();

    expect(canReloadForChunkError(window.sessionStorage)).toBe(false);
    expect(reloadOnceForChunkError(window.sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads without storage to remember it in', () => {
    const reload = vi.fn();

    expect(canReloadForChunkError(null)).toBe(false);
    expect(reloadOnceForChunkError(null, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when storage refuses the flag', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    } as unknown as Storage;

    expect(reloadOnceForChunkError(storage, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('uses the real sessionStorage by default', () => {
    const reload = vi.fn();
    expect(canReloadForChunkError()).toBe(true);
    expect(reloadOnceForChunkError(undefined, reload)).toBe(true);
    expect(canReloadForChunkError()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('trackModuleLoad', () => {
  it('passes modules through', async () => {
    const module = { Component: () => null };
    await expect(trackModuleLoad(() => Promise.resolve(module))()).resolves.toBe(module);
  });

  it('marks the failures of a module load', async () => {
    const failure = new Error('boom while evaluating');
    const load = trackModuleLoad(() => Promise.reject(failure));

    await expect(load()).rejects.toBe(failure);
    expect(isModuleLoadFailure(failure)).toBe(true);
    expect(isModuleLoadFailure(new Error('other'))).toBe(false);
  });

  it('wraps thrown non-errors so they can be marked', async () => {
    const load = trackModuleLoad(() =>
      Promise.reject(new Error('x')).catch(() => {
        throw 'a string';
      }),
    );

    const error: unknown = await load().catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(Error);
    expect(isModuleLoadFailure(error)).toBe(true);
  });
});
