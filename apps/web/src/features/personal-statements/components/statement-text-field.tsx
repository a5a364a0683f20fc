import { STATEMENT_MAX, statementBodySchema } from '@muster/contract/personal-statements';
import { useId, type Ref } from 'react';

import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** Why a draft cannot be saved as it is, or null when it can. */
export function statementError(draft: string): string | null {
  const result = statementBodySchema.safeParse(draft);
  if (result.success) return null;
  if (draft.trim() === '') return 'Write your statement first: it cannot be empty.';
  return result.error.issues[0]?.message ?? 'This text cannot be saved as it is.';
}

export type StatementTextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the box once the veteran has changed it. */
  error: string | null;
  ref?: Ref<HTMLTextAreaElement>;
};

/**
 * The statement as plain text in one box: paragraphs are separated by a blank line, and nothing
 * typed is read as markup.
 */
export function StatementTextField({
  label,
  value,
  onChange,
  error,
  ref,
}: StatementTextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <p id={hintId} className="text-muted-foreground text-sm">
        Plain text. Leave a blank line between paragraphs.
      </p>
      <Textarea
        ref={ref}
        id={id}
        rows={16}
        value={value}
        maxLength={STATEMENT_MAX}
        spellCheck
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.target.value)}
        className="min-h-64 leading-relaxed"
      />
      {error ? (
        <p id={errorId} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
