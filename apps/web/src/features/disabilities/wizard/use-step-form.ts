import { useMemo, useState } from 'react';
import type { z } from 'zod';

import { useAutosave, type Autosave } from '@/hooks/use-autosave';
import { useRegisterAutosave } from '@/hooks/save-registry';
import { ApiError } from '@/lib/api-error';

/** The first message of each field the schema refuses, by the field's name. */
export function fieldErrors(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * An autosaved form over one object: the step's answers or one record. `initial` is what the
 * server holds; each change is checked with `schema` (its errors shown under the fields) and, once
 * valid, saved a moment after typing stops.
 */
export function useStepForm<T extends object>({
  initial,
  schema,
  save,
  enabled = true,
  validate = true,
}: {
  initial: T;
  schema: z.ZodType;
  save: (value: T) => Promise<unknown>;
  enabled?: boolean;
  /** Off while a new record is still empty: nothing to save, nothing to complain about yet. */
  validate?: boolean;
}): {
  value: T;
  set: <K extends keyof T>(key: K, next: T[K]) => void;
  replace: (next: T) => void;
  errors: Record<string, string>;
  autosave: Autosave;
} {
  const [value, setValue] = useState<T>(initial);
  const errors = useMemo(
    () => (validate ? fieldErrors(schema, value) : {}),
    [schema, value, validate],
  );
  const autosave = useAutosave({
    value,
    save,
    enabled,
    isValid: (candidate) => schema.safeParse(candidate).success,
  });
  useRegisterAutosave(autosave);
  // The server's reasons, under the fields they name, while the refused answers stand.
  const serverErrors =
    autosave.state === 'refused' && autosave.error instanceof ApiError
      ? (autosave.error.fields ?? { _: autosave.error.message })
      : {};
  return {
    value,
    set: (key, next) => setValue((previous) => ({ ...previous, [key]: next })),
    replace: setValue,
    errors: { ...serverErrors, ...errors },
    autosave,
  };
}
