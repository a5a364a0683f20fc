import {
  DISABILITY_RECORDS,
  type DisabilityRecord,
  type DisabilityRecordKind,
} from '@muster/contract/disability-records';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { toastError } from '@/lib/toast';

import { useStepForm } from './use-step-form';
import { useRecordWriter, useRecords, type RecordParent } from './wizard-api';

/**
 * A list of records of one kind (treatments, exposures, traumatic events…), each edited in its own
 * card and saved on its own:
 * - the saved records come first, oldest first; "Add" appends a blank card and moves focus into it;
 * - a new card is created on the server once what it holds passes the kind's rules, and changed
 *   from then on (the whole card each time); until the veteran types in a new card it shows no
 *   errors;
 * - deleting a card that holds nothing asks nothing; deleting anything else asks first. Focus then
 *   returns to the Add button.
 * The step decides the fields: it renders them from the card's form (the render prop).
 */

/** What a card hands the step to render its fields. */
export type RecordForm<D> = {
  value: D;
  set: <F extends keyof D>(field: F, next: D[F]) => void;
  /** Changes several fields at once. */
  patch: (changes: Partial<D>) => void;
  /** The first message per field path (`facility_name`, `medications.0.name`). */
  errors: Record<string, string>;
  /** The card's name, e.g. "Treatment 2". */
  label: string;
};

export type RecordListProps<K extends DisabilityRecordKind, D extends object> = {
  kind: K;
  parent: RecordParent;
  /** One record in words, lower case: "treatment" gives "Add a treatment", "Treatment 2". */
  noun: string;
  /** The list's heading. */
  heading: string;
  headingLevel?: 2 | 3;
  /** Shown under the heading. */
  description?: ReactNode;
  /** Shown while the list is empty. */
  emptyText: ReactNode;
  /** A new card's fields: required text as '', the rest empty (null, [], false). */
  blank: D;
  /** The editable fields of a saved record. */
  fromRecord: (record: DisabilityRecord<K>) => D;
  /** The message of a required field left empty, instead of the schema's generic one. */
  requiredMessages?: Partial<Record<Extract<keyof D, string>, string>>;
  /** Opens the list with one blank card, focused (the veteran asked to add one). */
  startWithBlank?: boolean;
  children: (form: RecordForm<D>) => ReactNode;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isEmpty = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
const capitalized = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const article = (noun: string) => (/^[aeiou]/i.test(noun) ? 'an' : 'a');

/** The controls a card can start with, in the order they appear. */
const FIRST_FIELD =
  'input:not([type=hidden]), select, textarea, button[role="checkbox"], button[role="radio"]';

export function RecordList<K extends DisabilityRecordKind, D extends object>(
  props: RecordListProps<K, D>,
) {
  const { kind, parent, heading, headingLevel = 2 } = props;
  const records = useRecords(kind, parent);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();

  let body: ReactNode;
  if (records.isError) {
    body = (
      <QueryErrorPanel
        title={`We could not load your ${props.noun}s`}
        error={records.error}
        onRetry={() => void records.refetch()}
        isRetrying={records.isFetching}
        headingLevel={3}
      />
    );
  } else if (!records.data) {
    body = <Spinner label={`Loading your ${props.noun}s`} />;
  } else {
    body = <RecordCards {...props} records={records.data} />;
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="grid gap-1">
        <Heading id={headingId} className="text-lg font-semibold">
          {heading}
        </Heading>
        {props.description ? (
          <div className="text-muted-foreground text-sm">{props.description}</div>
        ) : null}
      </div>
      {body}
    </section>
  );
}

type Card<K extends DisabilityRecordKind> = {
  key: string;
  record: DisabilityRecord<K> | null;
  /** Move focus into the card once it is on screen (it was just added). */
  focus: boolean;
};

type DeleteRequest = {
  key: string;
  label: string;
  destroy: () => Promise<void>;
};

/**
 * The cards, seeded once from the saved records: from then on the page owns the list, so a record
 * created by a card stays in that card (and keeps the veteran's focus and typing).
 */
function RecordCards<K extends DisabilityRecordKind, D extends object>({
  kind,
  parent,
  noun,
  emptyText,
  blank,
  fromRecord,
  requiredMessages,
  startWithBlank = false,
  children,
  records,
}: RecordListProps<K, D> & { records: DisabilityRecord<K>[] }) {
  const nextKey = useRef(0);
  const [cards, setCards] = useState<Card<K>[]>(() => [
    ...[...records]
      .sort((a, b) => a.created_at.localeCompare(b.created_at))
      .map((record) => ({ key: record.id, record, focus: false })),
    ...(startWithBlank ? [{ key: 'new-start', record: null, focus: true }] : []),
  ]);
  const addButton = useRef<HTMLButtonElement>(null);
  const [request, setRequest] = useState<DeleteRequest | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);
  // After a delete, focus continues from the Add button: at once for a blank card (counted, so
  // each delete moves it), once the dialog has closed for a confirmed one.
  const [blankDeletes, setBlankDeletes] = useState(0);
  const focusAddOnClose = useRef(false);

  useEffect(() => {
    if (blankDeletes > 0) addButton.current?.focus();
  }, [blankDeletes]);

  const handleAdd = () => {
    nextKey.current += 1;
    const key = `new-${nextKey.current}`;
    setCards((previous) => [...previous, { key, record: null, focus: true }]);
  };

  const removeCard = (key: string) =>
    setCards((previous) => previous.filter((card) => card.key !== key));

  const handleDeleteRequest = (next: DeleteRequest & { isBlank: boolean }) => {
    if (next.isBlank) {
      void next.destroy();
      removeCard(next.key);
      setBlankDeletes((count) => count + 1);
      return;
    }
    setRequest(next);
    setConfirmOpen(true);
  };

  const handleConfirm = () => {
    if (!request) return;
    setDeleting(true);
    request.destroy().then(
      () => {
        setDeleting(false);
        focusAddOnClose.current = true;
        removeCard(request.key);
        setConfirmOpen(false);
      },
      (error: unknown) => {
        setDeleting(false);
        setConfirmOpen(false);
        toastError(error);
      },
    );
  };

  const nounLabel = capitalized(noun);
  return (
    <>
      {cards.length === 0 ? <p className="text-muted-foreground text-sm">{emptyText}</p> : null}
      {cards.map((card, index) => (
        <RecordCard
          key={card.key}
          cardKey={card.key}
          kind={kind}
          parent={parent}
          record={card.record}
          label={`${nounLabel} ${index + 1}`}
          shouldFocus={card.focus}
          blank={blank}
          fromRecord={fromRecord}
          requiredMessages={requiredMessages}
          onDeleteRequest={handleDeleteRequest}
        >
          {children}
        </RecordCard>
      ))}
      <div>
        <Button ref={addButton} type="button" variant="outline" onClick={handleAdd}>
          <PlusIcon aria-hidden />
          Add {article(noun)} {noun}
        </Button>
      </div>
      <ConfirmDeleteDialog
        open={isConfirmOpen}
        title={`Delete this ${noun}?`}
        description={
          request
            ? `${request.label} and everything you wrote in it will be deleted. This cannot be undone.`
            : null
        }
        confirmLabel={`Delete ${noun}`}
        isPending={isDeleting}
        onConfirm={handleConfirm}
        onOpenChange={setConfirmOpen}
        onCloseAutoFocus={(event) => {
          // The card and its Delete button are gone: continue from the Add button.
          if (focusAddOnClose.current) {
            focusAddOnClose.current = false;
            event.preventDefault();
            addButton.current?.focus();
          }
        }}
      />
    </>
  );
}

type RecordCardProps<K extends DisabilityRecordKind, D extends object> = {
  cardKey: string;
  kind: K;
  parent: RecordParent;
  record: DisabilityRecord<K> | null;
  label: string;
  shouldFocus: boolean;
  blank: D;
  fromRecord: (record: DisabilityRecord<K>) => D;
  requiredMessages: Partial<Record<Extract<keyof D, string>, string>> | undefined;
  onDeleteRequest: (request: DeleteRequest & { isBlank: boolean }) => void;
  children: (form: RecordForm<D>) => ReactNode;
};

function RecordCard<K extends DisabilityRecordKind, D extends object>({
  cardKey,
  kind,
  parent,
  record,
  label,
  shouldFocus,
  blank,
  fromRecord,
  requiredMessages,
  onDeleteRequest,
  children,
}: RecordCardProps<K, D>) {
  const writer = useRecordWriter(kind, parent);
  /** The record's id once it exists: later saves change it instead of creating another. */
  const recordId = useRef<string | null>(record?.id ?? null);
  /** The save under way, if any: a delete waits for it. */
  const saving = useRef<Promise<void>>(Promise.resolve());
  /**
   * The new record's id, chosen here: a create sent again after a lost answer names the same
   * record, so it is never made twice.
   */
  const createKey = useRef(crypto.randomUUID());
  /** Set once the veteran deleted the card: a save still due then sends nothing. */
  const isDeleted = useRef(false);
  const [isTouched, setTouched] = useState(record !== null);

  const save = (value: D) => {
    const next = saving.current
      .catch(() => {
        // The failed save is retried on its own; this one goes ahead.
      })
      .then(async () => {
        if (isDeleted.current) return;
        if (recordId.current) {
          await writer.update(recordId.current, value);
          return;
        }
        const created = await writer.create(value, createKey.current);
        recordId.current = created.id;
      });
    saving.current = next;
    return next;
  };

  const form = useStepForm<D>({
    initial: record ? fromRecord(record) : blank,
    schema: DISABILITY_RECORDS[kind].create,
    save,
    validate: isTouched,
  });

  const errors = { ...form.errors };
  for (const [field, message] of Object.entries(requiredMessages ?? {})) {
    if (errors[field] && isEmpty((form.value as Record<string, unknown>)[field])) {
      errors[field] = message as string;
    }
  }

  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (shouldFocus) section.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [shouldFocus]);

  const headingId = useId();

  const destroy = async () => {
    isDeleted.current = true;
    try {
      await saving.current.catch(() => {
        // A failed save created nothing more than what `recordId` says.
      });
      if (recordId.current) await writer.remove(recordId.current);
    } catch (error) {
      // Already gone on the server: the card can go too.
      if (isApiError(error) && error.status === 404) return;
      isDeleted.current = false;
      throw error;
    }
  };

  const handleDelete = () => {
    // Nothing saved and nothing typed: there is nothing to lose, so nothing to confirm.
    const isBlank = recordId.current === null && same(form.value, blank);
    onDeleteRequest({ key: cardKey, label, destroy, isBlank });
  };

  return (
    <section
      ref={section}
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-lg border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold">
          {label}
        </h3>
        <Button type="button" variant="ghost" size="sm" onClick={handleDelete}>
          <Trash2Icon aria-hidden />
          Delete <span className="sr-only">{label.toLowerCase()}</span>
        </Button>
      </div>
      {children({
        value: form.value,
        set: (field, next) => {
          setTouched(true);
          form.set(field, next);
        },
        patch: (changes) => {
          setTouched(true);
          for (const [field, next] of Object.entries(changes)) {
            form.set(field as keyof D, next as D[keyof D]);
          }
        },
        errors,
        label,
      })}
    </section>
  );
}
