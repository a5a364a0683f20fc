import type { z } from 'zod';
import { ERR } from '@muster/contract/errors';
import { AppError } from '#src/lib/errors.ts';

/** Refusals gathered per field, so one answer names every bad field at once. */
export class FieldErrors {
  readonly fields: Record<string, string> = {};
  add(field: string, message: string) {
    this.fields[field] ??= message;
  }
  throwIfAny() {
    if (Object.keys(this.fields).length > 0) {
      throw new AppError(ERR.INVALID_INPUT, { fields: this.fields });
    }
  }
}

/**
 * Parses `value` with `schema`, or refuses it with 400 and a message per field (the path of each
 * problem, dotted: `medications.0.name`).
 */
export function parseOrRefuse(schema: z.ZodType, value: unknown): unknown {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = new FieldErrors();
  for (const issue of result.error.issues) {
    errors.add(issue.path.map(String).join('.') || 'body', issue.message);
  }
  errors.throwIfAny();
  throw new Error('unreachable: a failed parse has issues');
}

/**
 * A document as stored: blank text is no answer, so empty strings become null (in nested objects
 * too). Lists keep their entries, which their schemas never let be blank.
 */
export function blankToNull<T>(value: T): T {
  if (Array.isArray(value)) return value.map((entry: unknown) => blankToNull(entry)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, entry === '' ? null : blankToNull(entry)]),
    ) as T;
  }
  return value;
}
