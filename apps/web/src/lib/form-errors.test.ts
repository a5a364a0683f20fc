import { ERR } from '@muster/contract/errors';
import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { ApiError } from '@/lib/api-error';

import { setFieldErrors, useServerFieldErrors } from './form-errors';

type Values = { name: string; email: string };

const invalid = new ApiError({
  status: 400,
  code: ERR.INVALID_INPUT,
  fields: { email: 'Invalid email address', name: 'Required', unknown: 'ignored' },
});

describe('server field errors', () => {
  it('sets each known field without focusing and reports the first', () => {
    const setError = vi.fn();
    expect(setFieldErrors<Values>(setError, invalid, ['name', 'email'])).toBe('email');
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Invalid email address' }],
      ['name', { type: 'server', message: 'Required' }],
    ]);
    expect(setFieldErrors<Values>(setError, new Error('boom'), ['name'])).toBeUndefined();
  });

  it('focuses the first field only once the form is enabled again', () => {
    const setError = vi.fn();
    const setFocus = vi.fn();
    const { result, rerender } = renderHook(
      ({ isBusy }) => useServerFieldErrors<Values>({ setError, setFocus }, isBusy),
      { initialProps: { isBusy: true } },
    );
    expect(result.current(invalid, ['name', 'email'])).toBe(true);
    expect(setFocus).not.toHaveBeenCalled();
    rerender({ isBusy: false });
    expect(setFocus).toHaveBeenCalledExactlyOnceWith('email');
    rerender({ isBusy: true });
    rerender({ isBusy: false });
    expect(setFocus).toHaveBeenCalledTimes(1);
    expect(result.current(new Error('network'), ['name'])).toBe(false);
    // Already enabled when the error arrives: focus at once.
    expect(result.current(invalid, ['name'])).toBe(true);
    expect(setFocus).toHaveBeenLastCalledWith('name');
  });
});
