import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISABILITY_TITLE_MAX,
  MAX_BULK_DISABILITIES,
  type Disability,
} from '@muster/contract/disabilities';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form';

import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-error';
import { toastSuccess } from '@/lib/toast';

import { useBulkCreateDisabilities } from '../api/bulk-create-disabilities';
import { disabilitiesQueryOptions, useDisabilities } from '../api/get-disabilities';
import {
  bulkAddFormSchema,
  currentMatch,
  ENTRY_FIELD_LABELS,
  parseEntryFieldErrors,
  submitLabel,
  toBulkInput,
  type BulkAddFormValues,
  type BulkEntryValues,
} from '../utils/bulk-add-entries';
import { SIDE_OF_BODY_LABELS } from '../utils/disability-labels';
import { BulkAddPickers } from './bulk-add-pickers';

export type BulkAddFormProps = {
  /** After the API added them all (a toast says so too). */
  onSaved?: (disabilities: Disability[]) => void;
};

/** The veteran's disabilities that new titles are compared with: the first page of 100. */
const EXISTING_PARAMS = { q: '', page: 1, pageSize: 100 };
const SAVED_TOAST_ID = 'disabilities-added';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Several disabilities at once: the veteran fills a list (from VA's catalogue, in their own words,
 * or pasted), checks it, and sends it in one request that adds all or none. Each entry is checked
 * with the contract's rules as it is edited; titles listed twice or already among the veteran's
 * disabilities are flagged before anything is sent. The API's refusals land under their rows, the
 * first refused row takes focus, and a failure keeps the whole list.
 */
export function BulkAddForm({ onSaved }: BulkAddFormProps) {
  const queryClient = useQueryClient();
  const bulkCreate = useBulkCreateDisabilities();
  const isSaving = bulkCreate.isPending;
  const existing = useDisabilities(EXISTING_PARAMS);
  const listHeadingId = useId();
  const comboboxRef = useRef<HTMLInputElement>(null);
  const [announcement, setAnnouncement] = useState('');

  // Read from the cache when validating, so titles that arrived since the last render count too.
  const resolver: Resolver<BulkAddFormValues> = (values, context, options) => {
    const page = queryClient.getQueryData(disabilitiesQueryOptions(EXISTING_PARAMS).queryKey);
    const titles = page?.results.map((disability) => disability.title) ?? [];
    return zodResolver(bulkAddFormSchema(titles), undefined, { raw: true })(
      values,
      context,
      options,
    );
  };
  const form = useForm<BulkAddFormValues>({
    resolver,
    defaultValues: { disabilities: [] },
    // Focus is moved by hand: to the first refused row, or to the search box when the list is empty.
    shouldFocusError: false,
  });
  const { setFocus } = form;
  const entries = useFieldArray({ control: form.control, name: 'disabilities' });
  const count = entries.fields.length;

  // A refused row takes focus once the fieldset is enabled again (a disabled field cannot).
  const pendingFocus = useRef<number | null>(null);
  const isSavingNow = useRef(isSaving);
  useEffect(() => {
    isSavingNow.current = isSaving;
    if (isSaving || pendingFocus.current === null) return;
    setFocus(`disabilities.${pendingFocus.current}.title`);
    pendingFocus.current = null;
  }, [isSaving, setFocus]);

  const focusRow = (index: number) => {
    if (isSavingNow.current) pendingFocus.current = index;
    else setFocus(`disabilities.${index}.title`);
  };

  /**
   * Checks every title again: a change to one entry can make another one a repeat or stop it being
   * one. Answers how many entries are flagged.
   */
  const validateTitles = async (): Promise<number> => {
    const names = form
      .getValues('disabilities')
      .map((_, index) => `disabilities.${index}.title` as const);
    if (names.length === 0) return 0;
    await form.trigger(names);
    return names.filter((name) => form.getFieldState(name).invalid).length;
  };

  const handleAdd = (added: BulkEntryValues[], note?: string) => {
    const current = form.getValues('disabilities').length;
    const taken = added.slice(0, Math.max(0, MAX_BULK_DISABILITIES - current));
    if (taken.length === 0) {
      setAnnouncement(note ?? '');
      return;
    }
    // "Add at least one" no longer applies.
    if (current === 0) form.clearErrors('disabilities');
    entries.append(taken, { shouldFocus: false });
    void validateTitles().then((flagged) => {
      const total = current + taken.length;
      setAnnouncement(
        [
          `Added ${plural(taken.length, 'condition', 'conditions')} to the list, ${total} in all.`,
          flagged > 0
            ? `${flagged === 1 ? 'One entry needs' : `${flagged} entries need`} your attention.`
            : '',
          note ?? '',
        ]
          .filter(Boolean)
          .join(' '),
      );
    });
  };

  const handleRemove = (index: number) => {
    entries.remove(index);
    const left = form.getValues('disabilities').length;
    // Focus stays in the list: on the row now in that place, or the last; else the search box.
    if (left > 0) setFocus(`disabilities.${Math.min(index, left - 1)}.title`);
    else comboboxRef.current?.focus();
    setAnnouncement(
      `Removed condition ${index + 1}. ${plural(left, 'condition', 'conditions')} left.`,
    );
    void validateTitles();
  };

  const focusFirstInvalid = (errors: FieldErrors<BulkAddFormValues>) => {
    const rows = errors.disabilities;
    const index = Array.isArray(rows) ? rows.findIndex(Boolean) : -1;
    if (index >= 0) setFocus(`disabilities.${index}.title`);
    else comboboxRef.current?.focus();
  };

  /** The API's refusals under their rows: the title's own message first, then the other fields'. */
  const showServerErrors = (error: unknown) => {
    if (!isApiError(error) || !error.fields) return;
    const parsed = parseEntryFieldErrors(error.fields, form.getValues('disabilities').length);
    const byRow = new Map<number, string[]>();
    for (const { index, field, message } of parsed.entries) {
      const messages = byRow.get(index) ?? [];
      const label = ENTRY_FIELD_LABELS[field] ?? field;
      if (field === 'title') messages.unshift(message);
      else messages.push(`${label}: ${message}`);
      byRow.set(index, messages);
    }
    for (const [index, messages] of byRow) {
      form.setError(`disabilities.${index}.title`, { type: 'server', message: messages.join(' ') });
    }
    if (parsed.other.length > 0) {
      form.setError('root.server', { type: 'server', message: parsed.other.join(' ') });
    }
    const first = parsed.entries[0];
    if (first) focusRow(first.index);
  };

  const handleValid = (values: BulkAddFormValues) =>
    bulkCreate.mutate(toBulkInput(values), {
      onSuccess: ({ results }) => {
        form.reset({ disabilities: [] });
        toastSuccess(`${plural(results.length, 'disability', 'disabilities')} added`, {
          id: SAVED_TOAST_ID,
        });
        onSaved?.(results);
      },
      onError: (error) => {
        showServerErrors(error);
        // Another tab may have added some meanwhile: compare with the list as it is now.
        void existing.refetch();
      },
    });

  const { errors } = form.formState;
  const listError =
    errors.disabilities?.root?.message ??
    errors.disabilities?.message ??
    errors.root?.server?.message;

  return (
    <div className="flex max-w-2xl min-w-0 flex-col gap-8">
      <BulkAddPickers
        room={MAX_BULK_DISABILITIES - count}
        isDisabled={isSaving}
        onAdd={handleAdd}
        comboboxRef={comboboxRef}
      />

      <Form {...form}>
        <form
          onSubmit={(event) => void form.handleSubmit(handleValid, focusFirstInvalid)(event)}
          noValidate
          aria-labelledby={listHeadingId}
          aria-busy={isSaving}
          className="min-w-0"
        >
          <fieldset disabled={isSaving} className="flex min-w-0 flex-col gap-4">
            <h2 id={listHeadingId} className="text-xl font-semibold">
              Conditions to add
            </h2>
            {count === 0 ? (
              <p className="text-muted-foreground text-sm">
                None yet. Find conditions or paste a list above; you can check and change each one
                here before adding them.
              </p>
            ) : (
              <ol aria-labelledby={listHeadingId} className="flex min-w-0 flex-col gap-3">
                {entries.fields.map((entry, index) => (
                  <EntryRow
                    key={entry.id}
                    control={form.control}
                    index={index}
                    onEdit={() => void validateTitles()}
                    onRemove={() => handleRemove(index)}
                  />
                ))}
              </ol>
            )}
            {listError ? (
              <p role="alert" className="text-destructive text-sm">
                {listError}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit">{isSaving ? 'Adding…' : submitLabel(count)}</Button>
              <p role="status" className="text-muted-foreground min-w-0 text-sm break-words">
                {isSaving ? 'Adding the disabilities…' : announcement}
              </p>
            </div>
          </fieldset>
        </form>
      </Form>
    </div>
  );
}

type EntryRowProps = {
  control: Control<BulkAddFormValues>;
  index: number;
  onEdit: () => void;
  onRemove: () => void;
};

/** One entry: its title to edit, where it comes from (VA's list, with the side), and Remove. */
function EntryRow({ control, index, onEdit, onRemove }: EntryRowProps) {
  const entry = useWatch({ control, name: `disabilities.${index}` });
  const match = currentMatch(entry);
  const number = index + 1;
  return (
    <li className="min-w-0 rounded-lg border p-3">
      <FormField
        control={control}
        name={`disabilities.${index}.title`}
        render={({ field }) => (
          <FormItem className="min-w-0">
            <FormLabel>{`Condition ${number}`}</FormLabel>
            <div className="flex min-w-0 flex-wrap items-start gap-2">
              <FormControl>
                <Input
                  {...field}
                  maxLength={DISABILITY_TITLE_MAX}
                  className="min-w-0 flex-1 basis-48"
                  onChange={(event) => {
                    field.onChange(event);
                    onEdit();
                  }}
                />
              </FormControl>
              <Button
                type="button"
                variant="outline"
                aria-label={`Remove condition ${number}`}
                onClick={onRemove}
              >
                Remove
              </Button>
            </div>
            <FormDescription className="break-words">
              {match
                ? `VA’s condition${match.side_of_body ? ` · Side of the body: ${SIDE_OF_BODY_LABELS[match.side_of_body]}` : ''}`
                : 'In your own words'}
            </FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </li>
  );
}
