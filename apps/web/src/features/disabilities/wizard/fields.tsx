import { useId, useState, type ReactNode } from 'react';

import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/utils/cn';

/**
 * The wizard's controls. They are controlled (the step holds its answers as one object and
 * autosaves it), and each wires its label, hint and error to the control so a screen reader
 * reads all three. An empty control stands for an unanswered question (null).
 */

type FieldFrame = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
};

function useFieldIds() {
  const id = useId();
  return { id, hint: `${id}-hint`, error: `${id}-error` };
}

function describedBy(ids: ReturnType<typeof useFieldIds>, hint: unknown, error: unknown) {
  return [hint ? ids.hint : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="text-muted-foreground text-sm">
      {children}
    </p>
  );
}

function FieldError({ id, children }: { id: string; children: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className="text-destructive text-sm">
      {children}
    </p>
  );
}

const toText = (value: string | null | undefined) => value ?? '';
const fromText = (value: string) => (value.trim() === '' ? null : value);

export function TextInputField({
  label,
  hint,
  error,
  className,
  value,
  onChange,
  maxLength,
  type = 'text',
  autoComplete = 'off',
}: FieldFrame & {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  maxLength?: number;
  type?: 'text' | 'date';
  autoComplete?: string;
}) {
  const ids = useFieldIds();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={ids.id}>{label}</Label>
      {hint ? <Hint id={ids.hint}>{hint}</Hint> : null}
      <Input
        id={ids.id}
        type={type}
        value={toText(value)}
        maxLength={maxLength}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        onChange={(event) => onChange(fromText(event.target.value))}
        className={type === 'date' ? 'w-auto' : undefined}
      />
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}

export function TextAreaField({
  label,
  hint,
  error,
  className,
  value,
  onChange,
  maxLength,
  rows = 4,
}: FieldFrame & {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  maxLength?: number;
  rows?: number;
}) {
  const ids = useFieldIds();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={ids.id}>{label}</Label>
      {hint ? <Hint id={ids.hint}>{hint}</Hint> : null}
      <Textarea
        id={ids.id}
        rows={rows}
        value={toText(value)}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        onChange={(event) => onChange(fromText(event.target.value))}
      />
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}

export type Choice<V extends string> = { value: V; label: string };

export function SelectChoiceField<V extends string>({
  label,
  hint,
  error,
  className,
  value,
  onChange,
  choices,
  emptyLabel = 'Choose one',
}: FieldFrame & {
  value: V | null | undefined;
  onChange: (value: V | null) => void;
  choices: readonly Choice<V>[];
  emptyLabel?: string;
}) {
  const ids = useFieldIds();
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={ids.id}>{label}</Label>
      {hint ? <Hint id={ids.hint}>{hint}</Hint> : null}
      <NativeSelect
        id={ids.id}
        value={value ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(ids, hint, error)}
        onChange={(event) => {
          const picked = choices.find((choice) => choice.value === event.target.value);
          onChange(picked ? picked.value : null);
        }}
        className="w-full sm:w-auto sm:min-w-64"
      >
        <option value="">{emptyLabel}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}

/** One answer of a few, as radio buttons in a labelled group (arrow keys move between them). */
export function RadioChoiceField<V extends string>({
  label,
  hint,
  error,
  className,
  value,
  onChange,
  choices,
}: FieldFrame & {
  value: V | null | undefined;
  onChange: (value: V) => void;
  choices: readonly (Choice<V> & { description?: string })[];
}) {
  const ids = useFieldIds();
  return (
    <div role="group" aria-labelledby={`${ids.id}-legend`} className={cn('grid gap-3', className)}>
      <p id={`${ids.id}-legend`} className="text-sm font-medium">
        {label}
      </p>
      {hint ? <Hint id={ids.hint}>{hint}</Hint> : null}
      <RadioGroup
        value={value ?? ''}
        onValueChange={(next) => {
          const picked = choices.find((choice) => choice.value === next);
          if (picked) onChange(picked.value);
        }}
        aria-labelledby={`${ids.id}-legend`}
        aria-describedby={describedBy(ids, hint, error)}
      >
        {choices.map((choice) => (
          <div key={choice.value} className="flex items-start gap-3">
            <RadioGroupItem
              value={choice.value}
              id={`${ids.id}-${choice.value}`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${ids.id}-${choice.value}`} className="leading-snug">
                {choice.label}
              </Label>
              {choice.description ? (
                <p className="text-muted-foreground text-sm">{choice.description}</p>
              ) : null}
            </div>
          </div>
        ))}
      </RadioGroup>
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}

const YES_NO: readonly Choice<'yes' | 'no'>[] = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A yes-or-no question; unanswered until one is picked. */
export function YesNoField({
  value,
  onChange,
  ...frame
}: FieldFrame & { value: boolean | null | undefined; onChange: (value: boolean) => void }) {
  return (
    <RadioChoiceField
      {...frame}
      choices={YES_NO}
      value={value === true ? 'yes' : value === false ? 'no' : null}
      onChange={(next) => onChange(next === 'yes')}
    />
  );
}

/** Several answers from a list, as checkboxes in a labelled group. */
export function CheckboxListField<V extends string>({
  label,
  hint,
  error,
  className,
  value,
  onChange,
  choices,
}: FieldFrame & {
  value: readonly V[];
  onChange: (value: V[]) => void;
  choices: readonly Choice<V>[];
}) {
  const ids = useFieldIds();
  return (
    <div
      role="group"
      aria-labelledby={`${ids.id}-legend`}
      aria-describedby={describedBy(ids, hint, error)}
      className={cn('grid gap-3', className)}
    >
      <p id={`${ids.id}-legend`} className="text-sm font-medium">
        {label}
      </p>
      {hint ? <Hint id={ids.hint}>{hint}</Hint> : null}
      {choices.map((choice) => {
        const checked = value.includes(choice.value);
        return (
          <div key={choice.value} className="flex items-start gap-3">
            <Checkbox
              id={`${ids.id}-${choice.value}`}
              checked={checked}
              className="mt-0.5"
              onCheckedChange={(next) =>
                onChange(
                  next === true
                    ? [...value, choice.value]
                    : value.filter((entry) => entry !== choice.value),
                )
              }
            />
            <Label htmlFor={`${ids.id}-${choice.value}`} className="leading-snug font-normal">
              {choice.label}
            </Label>
          </div>
        );
      })}
      <FieldError id={ids.error}>{error}</FieldError>
    </div>
  );
}

/**
 * A list of short entries (symptoms) typed one per line. Blank lines are not entries; the text
 * itself stays as typed while the control is on screen.
 */
export function LinesField({
  value,
  onChange,
  maxItems,
  hint,
  ...frame
}: FieldFrame & {
  value: readonly string[] | undefined;
  onChange: (value: string[]) => void;
  /** Said in the hint; more lines are kept, and the form's check refuses them. */
  maxItems: number;
}) {
  const [text, setText] = useState(() => (value ?? []).join('\n'));
  return (
    <TextAreaField
      {...frame}
      hint={
        <>
          {hint} Up to {maxItems}.
        </>
      }
      rows={4}
      value={text}
      onChange={(next) => {
        setText(next ?? '');
        onChange(
          (next ?? '')
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== ''),
        );
      }}
    />
  );
}
