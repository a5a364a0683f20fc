import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AUTOSAVE_DELAY_MS, useAutosave } from './use-autosave';

type Props = { value: { text: string }; valid?: boolean };

function setup(save: (value: { text: string }) => Promise<unknown>, initial = { text: '' }) {
  return renderHook(
    ({ value, valid = true }: Props) => useAutosave({ value, save, isValid: () => valid }),
    { initialProps: { value: initial } as Props },
  );
}

/** Lets the timers run and the save's promise settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('useAutosave', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once typing pauses, not at each keystroke', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { result, rerender } = setup(save);
    expect(result.current.state).toBe('saved');

    rerender({ value: { text: 'K' } });
    await advance(AUTOSAVE_DELAY_MS / 2);
    rerender({ value: { text: 'Kn' } });
    await advance(AUTOSAVE_DELAY_MS / 2);
    rerender({ value: { text: 'Knee' } });
    expect(result.current.state).toBe('pending');
    expect(save).not.toHaveBeenCalled();

    await advance(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith({ text: 'Knee' });
    expect(result.current.state).toBe('saved');
    expect(result.current.savedAt).toBeInstanceOf(Date);
  });

  it('sends nothing for the value the form started with', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { rerender } = setup(save, { text: 'stored' });
    rerender({ value: { text: 'stored' } });
    await advance(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
  });

  it('one save at a time: a change made during a save is sent after it', async () => {
    const resolvers: (() => void)[] = [];
    const save = vi.fn(() => new Promise<void>((resolve) => resolvers.push(resolve)));
    const { result, rerender } = setup(save);

    rerender({ value: { text: 'first' } });
    await advance(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
    expect(result.current.state).toBe('saving');

    rerender({ value: { text: 'second' } });
    await advance(AUTOSAVE_DELAY_MS * 3);
    expect(save).toHaveBeenCalledTimes(1);

    await act(async () => resolvers[0]!());
    await advance(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith({ text: 'second' });
    await act(async () => resolvers[1]!());
    await advance(0);
    expect(result.current.state).toBe('saved');
  });

  it('waits for a correction instead of sending an invalid value', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { result, rerender } = setup(save);
    rerender({ value: { text: '2999-01-01' }, valid: false });
    await advance(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();
    expect(result.current.state).toBe('invalid');

    rerender({ value: { text: '1999-01-01' }, valid: true });
    await advance(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledWith({ text: '1999-01-01' });
  });

  it('retries a failed save on its own, and at once when back online', async () => {
    let fail = true;
    const save = vi.fn(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve()));
    const { result, rerender } = setup(save);
    rerender({ value: { text: 'answer' } });
    await advance(AUTOSAVE_DELAY_MS);
    expect(result.current.state).toBe('retrying');

    await advance(1_000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe('retrying');

    fail = false;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(save).toHaveBeenCalledTimes(3);
    expect(result.current.state).toBe('saved');
  });

  it('asks before the tab closes while a change is not saved', async () => {
    const save = vi.fn(() => new Promise<void>(() => {}));
    const { rerender } = setup(save);
    const unsavedEvent = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unsavedEvent()).toBe(false);
    rerender({ value: { text: 'typed' } });
    await advance(0);
    expect(unsavedEvent()).toBe(true);
  });

  it('flush sends at once and reports whether everything is saved', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { result, rerender } = setup(save);
    rerender({ value: { text: 'now' } });
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.flush();
    });
    expect(saved).toBe(true);
    expect(save).toHaveBeenCalledWith({ text: 'now' });
  });

  it('sends a waiting change when the page is left', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { rerender, unmount } = setup(save);
    rerender({ value: { text: 'last words' } });
    unmount();
    await advance(0);
    expect(save).toHaveBeenCalledWith({ text: 'last words' });
  });
});

describe('useAutosave and a refusal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not retry what the server refused until the answers change', async () => {
    const refusal = Object.assign(new Error('Refused'), { status: 400 });
    const save = vi
      .fn<(value: { text: string }) => Promise<unknown>>()
      .mockRejectedValueOnce(refusal)
      .mockResolvedValue(undefined);
    const { result, rerender } = setup(save);
    rerender({ value: { text: 'refused' } });
    await advance(AUTOSAVE_DELAY_MS);
    expect(result.current.state).toBe('refused');
    expect(result.current.error).toBe(refusal);

    // No retry on its own, and leaving reports it as not saved.
    await advance(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.flush();
    });
    expect(saved).toBe(false);
    expect(save).toHaveBeenCalledTimes(1);

    // A change is sent.
    rerender({ value: { text: 'corrected' } });
    await advance(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(2);
    expect(result.current.state).toBe('saved');
    expect(result.current.error).toBeNull();
  });
});

describe('useAutosave without a delay (saved only when asked)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps a change pending until flush sends it, and sends it when the form goes away', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { result, rerender, unmount } = renderHook(
      ({ value }: { value: string }) => useAutosave({ value, save, delayMs: null }),
      { initialProps: { value: 'first' } },
    );
    rerender({ value: 'edited' });
    await advance(60_000);
    expect(save).not.toHaveBeenCalled();
    expect(result.current.state).toBe('pending');

    let saved: boolean | undefined;
    await act(async () => {
      saved = await result.current.flush();
    });
    expect(saved).toBe(true);
    expect(save).toHaveBeenCalledWith('edited');
    expect(result.current.state).toBe('saved');

    rerender({ value: 'edited again' });
    unmount();
    await advance(60_000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith('edited again');
  });
});
