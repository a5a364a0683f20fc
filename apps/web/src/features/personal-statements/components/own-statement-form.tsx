import { useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { useRegisterAutosave } from '@/hooks/save-registry';
import { useAutosave } from '@/hooks/use-autosave';

import { useCreatePersonalStatement } from '../api/create-personal-statement';
import { useUpdatePersonalStatement } from '../api/update-personal-statement';
import { StatementTextField, statementError } from './statement-text-field';

export type OwnStatementFormProps = {
  disabilityId: string;
  /** After the statement was saved (the page then shows it in the editor). */
  onCreated: () => void;
};

/**
 * A statement the veteran writes from scratch: kept as typed, and not counted against the month's
 * allowance. Like every form of the wizard, leaving the page saves what was typed.
 */
export function OwnStatementForm({ disabilityId, onCreated }: OwnStatementFormProps) {
  const create = useCreatePersonalStatement();
  const update = useUpdatePersonalStatement();
  /** Chosen once for this new statement: sending it again never makes a second one. */
  const idempotencyKey = useRef(crypto.randomUUID());
  /** Once made, the statement is saved as new versions of it: never a second create. */
  const createdId = useRef<string | null>(null);
  const [text, setText] = useState('');
  const [isTouched, setTouched] = useState(false);
  const textBox = useRef<HTMLTextAreaElement>(null);
  const autosave = useAutosave({
    value: text,
    save: async (body: string) => {
      if (createdId.current !== null) {
        const ref = { disabilityId, statementId: createdId.current };
        return update.mutateAsync({ ref, input: { body } });
      }
      const created = await create.mutateAsync({
        disabilityId,
        input: { body },
        idempotencyKey: idempotencyKey.current,
      });
      createdId.current = created.id;
      return created;
    },
    isValid: (value) => statementError(value) === null,
    delayMs: null,
  });
  useRegisterAutosave(autosave);
  const error = isTouched ? statementError(text) : null;
  const isSaving = autosave.state === 'saving';

  const handleSave = async () => {
    setTouched(true);
    if (statementError(text) !== null) {
      textBox.current?.focus();
      return;
    }
    if (await autosave.flush()) onCreated();
  };

  return (
    <div className="flex flex-col gap-3">
      <StatementTextField
        ref={textBox}
        label="Your own statement"
        value={text}
        onChange={setText}
        error={error}
      />
      <div>
        <Button
          type="button"
          aria-disabled={isSaving || undefined}
          onClick={() => {
            if (!isSaving) void handleSave();
          }}
        >
          {isSaving ? 'Saving…' : 'Save my statement'}
        </Button>
      </div>
    </div>
  );
}
