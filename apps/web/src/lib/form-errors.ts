import { useCallback, useEffect, useRef } from 'react';
import type { FieldPath, FieldValues, UseFormReturn, UseFormSetError } from 'react-hook-form';

import { isApiError } from '@/lib/api-error';

/**
 * Puts an API error's per-field messages (`fields`) onto a form. Returns the first
 * field that got a message, if any. Keys the form does not have are ignored; the toast covers them.
 * Focus is left to the caller (see `useServerFieldErrors`).
 */
export function setFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldNames: readonly FieldPath<T>[],
): FieldPath<T> | undefined {
  if (!isApiError(error) || !error.fields) return undefined;
  let first: FieldPath<T> | undefined;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fieldNames.find((candidate) => candidate === name);
    if (!field) continue;
    setError(field, { type: 'server', message });
    first ??= field;
  }
  return first;
}

/**
 * Server field errors for a form whose fields are disabled while its request runs: the messages go
 * onto the fields at once, and the first of them takes focus as soon as the form is enabled again
 * (a disabled field cannot take focus, so focusing inside the error callback would do nothing).
 */
export function useServerFieldErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'setError' | 'setFocus'>,
  isBusy: boolean,
) {
  const { setError, setFocus } = form;
  const pendingFocus = useRef<FieldPath<T> | undefined>(undefined);
  // The latest committed state: the error callback may run before or after the form re-enables.
  const isBusyNow = useRef(isBusy);

  useEffect(() => {
    isBusyNow.current = isBusy;
    if (isBusy || !pendingFocus.current) return;
    setFocus(pendingFocus.current);
    pendingFocus.current = undefined;
  }, [isBusy, setFocus]);

  return useCallback(
    (error: unknown, fieldNames: readonly FieldPath<T>[]) => {
      const first = setFieldErrors(setError, error, fieldNames);
      if (!first) return false;
      if (isBusyNow.current) pendingFocus.current = first;
      else setFocus(first);
      return true;
    },
    [setError, setFocus],
  );
}
