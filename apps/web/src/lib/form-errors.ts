import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { isApiError } from '@/lib/api-client';

/**
 * Puts an API error's per-field messages (`fields`) onto a form (style guide §6). Returns whether
 * any field got a message. Keys the form does not have are ignored; the toast covers them.
 */
export function setFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fieldNames: readonly FieldPath<T>[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let hasSet = false;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fieldNames.find((candidate) => candidate === name);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !hasSet });
    hasSet = true;
  }
  return hasSet;
}
