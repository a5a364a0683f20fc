import { useId, useRef, useState, type ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

import { lastFour } from '../utils/veteran-labels';
import type { VeteranFormValues } from '../utils/veteran-form-values';

type IdentifierName = 'ssn' | 'va_file_number';

export type IdentifierFieldProps = {
  name: IdentifierName;
  label: string;
  /** Help shown while the number is being typed. */
  description: ReactNode;
  placeholder?: string;
  /** The saved number as the API shows it (masked), or null when none is saved. */
  masked: string | null;
  /** Fetches the saved number in full; null when it could not be had (the failure was reported). */
  onReveal: () => Promise<string | null>;
  isRevealing: boolean;
};

/**
 * An SSN or VA file number. A saved number shows masked (its last four characters) and is kept as
 * it is unless changed. "Show" asks the API for it in full and puts it in the control; "Hide" puts
 * it away again. "Change" opens an empty control. Only a revealed or typed number is ever in the
 * page.
 */
export function IdentifierField({
  name,
  label,
  description,
  placeholder,
  masked,
  onReveal,
  isRevealing,
}: IdentifierFieldProps) {
  const form = useFormContext<VeteranFormValues>();
  const value = useWatch({ control: form.control, name });
  const labelId = useId();
  /** The full number "Show" put in the control, to tell a shown number from a changed one. */
  const [revealed, setRevealed] = useState<string | null>(null);
  const showButton = useRef<HTMLButtonElement>(null);

  const keep = () => {
    form.setValue(name, undefined, { shouldDirty: true });
    form.clearErrors(name);
    setRevealed(null);
    // The control and this button are gone: focus the button that brings the number back.
    window.requestAnimationFrame(() => showButton.current?.focus());
  };

  const open = (text: string) => {
    form.setValue(name, text, { shouldDirty: true });
    window.requestAnimationFrame(() => form.setFocus(name));
  };

  const reveal = async () => {
    const full = await onReveal();
    if (full === null) return;
    setRevealed(full);
    open(full);
  };

  if (masked !== null && value === undefined) {
    const ending = lastFour(masked);
    return (
      <div role="group" aria-labelledby={labelId} className="grid gap-2">
        <p id={labelId} className="text-sm leading-none font-medium">
          {label}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <p className="min-w-0 font-mono text-sm">
            <span aria-hidden>{masked}</span>
            <span className="sr-only">{`Saved, ending in ${ending}`}</span>
          </p>
          <Button
            ref={showButton}
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Show ${label}`}
            disabled={isRevealing}
            onClick={() => void reveal()}
          >
            {isRevealing ? 'Showing…' : 'Show'}
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={`Change ${label}`}
            onClick={() => {
              setRevealed(null);
              open('');
            }}
          >
            Change
          </Button>
        </div>
      </div>
    );
  }

  const isShownUnchanged = revealed !== null && value === revealed;
  return (
    <div className="grid gap-2">
      <TextField
        control={form.control}
        name={name}
        label={label}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        description={
          masked !== null ? (
            <>{description} Leave it empty to remove the saved number.</>
          ) : (
            description
          )
        }
      />
      {masked !== null ? (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={isShownUnchanged ? `Hide ${label}` : `Keep the saved number: ${label}`}
            onClick={keep}
          >
            {isShownUnchanged ? 'Hide' : 'Keep the saved number'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
