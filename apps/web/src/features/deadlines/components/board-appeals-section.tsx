import { zodResolver } from '@hookform/resolvers/zod';
import {
  createBoardAppealInputSchema,
  type BoardAppeal,
  type BoardDocket,
} from '@muster/contract/deadlines';
import { formatLongDay } from '@muster/domain/format';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { Form } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { toastError, toastSuccess } from '@/lib/toast';

import { useCreateBoardAppeal } from '../api/create-board-appeal';
import { useDeleteBoardAppeal } from '../api/delete-board-appeal';
import { useBoardAppeals } from '../api/get-board-appeals';

const DOCKET_NAMES: Record<BoardDocket, string> = {
  evidence: 'Evidence submission',
  hearing: 'Hearing',
  direct: 'Direct review',
};

const formSchema = createBoardAppealInputSchema.pick({ docket: true, filed_on: true });
type FormValues = z.infer<typeof formSchema>;
const FORM_FIELDS: readonly (keyof FormValues)[] = ['docket', 'filed_on'];

function AppealForm() {
  const create = useCreateBoardAppeal();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { docket: 'evidence', filed_on: '' },
  });
  const submit = form.handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: () => {
        toastSuccess('Your Board appeal is recorded');
        form.reset({ docket: 'evidence', filed_on: '' });
      },
      onError: (error) => {
        // The server's word on a field goes under that field; anything else is a toast.
        const fields = isApiError(error) ? (error.fields ?? {}) : {};
        const known = FORM_FIELDS.filter((name) => fields[name] !== undefined);
        for (const name of known) form.setError(name, { message: fields[name] });
        if (known.length === 0) toastError(error);
      },
    });
  });
  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
        <fieldset disabled={create.isPending} className="flex min-w-0 flex-col gap-4">
          <SelectField control={form.control} name="docket" label="Docket">
            {Object.entries(DOCKET_NAMES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </SelectField>
          <TextField
            control={form.control}
            name="filed_on"
            type="date"
            label="Date the Board received your VA Form 10182"
            description="On the evidence docket you may send evidence for 90 days from this date."
          />
          <div>
            <Button type="submit">{create.isPending ? 'Saving…' : 'Record appeal'}</Button>
          </div>
        </fieldset>
      </form>
    </Form>
  );
}

function AppealItem({ appeal }: { appeal: BoardAppeal }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useDeleteBoardAppeal();
  const received = formatLongDay(appeal.filed_on);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="min-w-0">
        {DOCKET_NAMES[appeal.docket]} docket, received{' '}
        <time dateTime={appeal.filed_on}>{received}</time>
        {appeal.evidence_due_on ? (
          <>
            {' '}
            — evidence by{' '}
            <time dateTime={appeal.evidence_due_on}>{formatLongDay(appeal.evidence_due_on)}</time>
          </>
        ) : null}
      </span>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={`Remove the appeal received ${received}`}
        onClick={() => setIsConfirming(true)}
      >
        Remove
      </Button>
      <ConfirmDeleteDialog
        open={isConfirming}
        title="Remove this Board appeal?"
        description="Its deadline leaves your list and no more reminders are sent for it."
        confirmLabel="Remove appeal"
        isPending={remove.isPending}
        onOpenChange={setIsConfirming}
        onConfirm={() =>
          remove.mutate(appeal.id, {
            onSuccess: () => setIsConfirming(false),
            onError: (error) => toastError(error),
          })
        }
      />
    </li>
  );
}

/** Board appeals the veteran filed (VA Form 10182), so the evidence window can be tracked. */
export function BoardAppealsSection() {
  const headingId = useId();
  const appeals = useBoardAppeals();
  return (
    <section aria-labelledby={headingId} className="flex max-w-prose flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        Board appeals
      </h2>
      <p className="text-muted-foreground text-sm">
        Filed a Board Appeal? Record the docket and the date the Board received it, and we track
        your deadline to send evidence.
      </p>
      {renderList()}
      <AppealForm />
    </section>
  );

  function renderList() {
    if (appeals.isPending) return <Spinner label="Loading your Board appeals" />;
    if (appeals.isError) {
      return (
        <QueryErrorPanel
          title="We could not load your Board appeals"
          error={appeals.error}
          onRetry={() => void appeals.refetch()}
          isRetrying={appeals.isFetching}
          headingLevel={3}
        />
      );
    }
    if (appeals.data.length === 0) return null;
    return (
      <ul aria-label="Recorded Board appeals" className="flex flex-col gap-2">
        {appeals.data.map((appeal) => (
          <AppealItem key={appeal.id} appeal={appeal} />
        ))}
      </ul>
    );
  }
}
