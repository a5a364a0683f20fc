import { DISABILITY_TITLE_MAX, MAX_BULK_DISABILITIES } from '@muster/contract/disabilities';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type Ref } from 'react';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

import { conditionSearchQueryOptions } from '../api/search-conditions';
import {
  entryFromLine,
  matchFromCondition,
  splitPastedLines,
  type BulkEntryValues,
} from '../utils/bulk-add-entries';
import { ConditionCombobox } from './condition-combobox';

export type BulkAddPickersProps = {
  /** How many more entries the list takes. */
  room: number;
  /** While the list is being sent. */
  isDisabled: boolean;
  /** New entries for the list, with a note on anything left out. */
  onAdd: (entries: BulkEntryValues[], note?: string) => void;
  comboboxRef?: Ref<HTMLInputElement>;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The two ways to fill the list: one condition at a time from VA's catalogue (a picked suggestion
 * goes in at once; the veteran's own words with Add or Enter), or a pasted list, one condition per
 * line. A typed or pasted line that is exactly one of VA's labels (in any case) becomes that
 * condition, with its codes and side; any other line stays as typed.
 */
export function BulkAddPickers({ room, isDisabled, onAdd, comboboxRef }: BulkAddPickersProps) {
  const queryClient = useQueryClient();
  const comboboxId = useId();
  const comboboxHintId = useId();
  const comboboxErrorId = useId();
  const pasteId = useId();
  const pasteHintId = useId();
  const pasteErrorId = useId();
  const [text, setText] = useState('');
  const [pasted, setPasted] = useState('');
  const [textError, setTextError] = useState('');
  const [pasteError, setPasteError] = useState('');
  const [isLooking, setLooking] = useState(false);
  const isFull = room <= 0;

  const lookUp = async (lines: readonly string[]) => {
    setLooking(true);
    try {
      return await Promise.all(
        lines.map((line) =>
          entryFromLine(line, (q) =>
            // One try: a slow or failed catalogue only leaves the words as typed.
            queryClient.fetchQuery({ ...conditionSearchQueryOptions(q), retry: false }),
          ),
        ),
      );
    } finally {
      setLooking(false);
    }
  };

  const handleAddText = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const line = text.trim();
    if (line === '') {
      setTextError('Type a condition to add.');
      return;
    }
    setTextError('');
    const entries = await lookUp([line]);
    onAdd(entries);
    // Words typed while the catalogue was asked stay.
    setText((current) => (current.trim() === line ? '' : current));
  };

  const handleAddPasted = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = pasted;
    const lines = splitPastedLines(typed);
    if (lines.length === 0) {
      setPasteError('Paste or type at least one condition, one per line.');
      return;
    }
    setPasteError('');
    const taken = lines.slice(0, room);
    const left = lines.slice(room);
    const entries = await lookUp(taken);
    onAdd(
      entries,
      left.length > 0
        ? `The list holds ${MAX_BULK_DISABILITIES} at once: ${plural(left.length, 'line was', 'lines were')} not added and ${left.length === 1 ? 'is' : 'are'} still in the box.`
        : undefined,
    );
    // What did not fit stays, so nothing typed is lost (nor anything typed meanwhile).
    setPasted((current) => (current === typed ? left.join('\n') : current));
  };

  return (
    <div className="flex min-w-0 flex-col gap-6" aria-busy={isLooking}>
      {isFull ? (
        <p className="rounded-md border p-3 text-sm">
          {`Your list has ${MAX_BULK_DISABILITIES} conditions, the most you can add at once. Add these first, then come back for more.`}
        </p>
      ) : null}

      <form onSubmit={(event) => void handleAddText(event)} noValidate className="min-w-0">
        <fieldset disabled={isDisabled || isFull} className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={comboboxId}>Find a condition</Label>
          <div className="flex min-w-0 flex-wrap items-start gap-2">
            <div className="min-w-0 flex-1 basis-56">
              <ConditionCombobox
                ref={comboboxRef}
                id={comboboxId}
                value={text}
                maxLength={DISABILITY_TITLE_MAX}
                aria-describedby={
                  textError ? `${comboboxHintId} ${comboboxErrorId}` : comboboxHintId
                }
                aria-invalid={textError ? true : undefined}
                onChange={(value) => {
                  setText(value);
                  if (textError) setTextError('');
                }}
                onPick={(condition) => {
                  onAdd([{ title: condition.label, match: matchFromCondition(condition) }]);
                  setText('');
                }}
              />
            </div>
            <Button type="submit" variant="outline" disabled={isLooking}>
              Add
            </Button>
          </div>
          <p id={comboboxHintId} className="text-muted-foreground text-sm">
            Describe it in your own words, such as “bad knee”. Choose VA’s name from the suggestions
            to add it, or add your own words as they are.
          </p>
          {textError ? (
            <p id={comboboxErrorId} className="text-destructive text-sm">
              {textError}
            </p>
          ) : null}
        </fieldset>
      </form>

      <form onSubmit={(event) => void handleAddPasted(event)} noValidate className="min-w-0">
        <fieldset disabled={isDisabled || isFull} className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={pasteId}>Paste a list, one condition per line</Label>
          <Textarea
            id={pasteId}
            value={pasted}
            rows={5}
            aria-describedby={pasteError ? `${pasteHintId} ${pasteErrorId}` : pasteHintId}
            aria-invalid={pasteError ? true : undefined}
            onChange={(event) => {
              setPasted(event.target.value);
              if (pasteError) setPasteError('');
            }}
          />
          <p id={pasteHintId} className="text-muted-foreground text-sm">
            {`Each line becomes one condition, up to ${MAX_BULK_DISABILITIES} at once. A line that is exactly one of VA’s names for a condition gets VA’s details; any other line stays in your words.`}
          </p>
          {pasteError ? (
            <p id={pasteErrorId} className="text-destructive text-sm">
              {pasteError}
            </p>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="outline" disabled={isLooking}>
              Add these
            </Button>
            <p role="status" className="text-muted-foreground text-sm">
              {isLooking ? 'Looking up VA’s names for these conditions…' : ''}
            </p>
          </div>
        </fieldset>
      </form>
    </div>
  );
}
