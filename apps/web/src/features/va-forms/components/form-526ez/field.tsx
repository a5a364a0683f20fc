import type { ReactNode } from 'react';

import { errorId, errorsUnder, fieldId } from './steps';

type FieldProps = {
  /** The path inside the payload's `data.attributes` this row shows. */
  path: string;
  label: string;
  /** What VA will receive; empty shows "Not given". */
  value: ReactNode;
  errors: Record<string, string>;
};

/**
 * One read-only answer of the form, with the errors VA would give for it right under it and tied
 * to it (`aria-describedby`), so a screen reader reads them with the answer.
 */
export function Field({ path, label, value, errors }: FieldProps) {
  const own = errorsUnder(errors, path);
  const describedBy = own.length ? errorId(path) : undefined;
  const shown = value === undefined || value === null || value === '' ? 'Not given' : value;
  return (
    <div className="flex min-w-0 flex-col gap-0.5 py-2">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd
        id={fieldId(path)}
        aria-describedby={describedBy}
        className="min-w-0 font-medium break-words outline-none"
      >
        {shown}
      </dd>
      {own.length ? (
        <dd id={errorId(path)} className="text-destructive text-sm">
          <ul className="flex flex-col gap-1">
            {own.map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        </dd>
      ) : null}
    </div>
  );
}

/** The errors of a step no field on it shows (e.g. a whole list missing). */
export function StepErrors({
  errors,
  shownPaths,
}: {
  errors: [path: string, message: string][];
  shownPaths: string[];
}) {
  const rest = errors.filter(
    ([path]) => !shownPaths.some((shown) => path === shown || path.startsWith(`${shown}.`)),
  );
  if (rest.length === 0) return null;
  return (
    <ul
      aria-label="To fix on this step"
      className="border-destructive/50 text-destructive flex flex-col gap-1 rounded-lg border p-3 text-sm"
    >
      {rest.map(([path, message]) => (
        <li key={path} id={errorId(path)}>
          {message}
        </li>
      ))}
    </ul>
  );
}
