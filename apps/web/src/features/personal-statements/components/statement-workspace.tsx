import { LoaderCircleIcon, PenLineIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toastFeedback } from '@/lib/toast';

import { useCreatePersonalStatement } from '../api/create-personal-statement';
import { useDeletePersonalStatement } from '../api/delete-personal-statement';
import { usePersonalStatement } from '../api/get-personal-statement';
import { useLatestPersonalStatement } from '../api/get-personal-statements';
import { COMPOSE_NOTE } from '../utils/statement-labels';
import { OwnStatementForm } from './own-statement-form';
import { StatementEditor } from './statement-editor';
import { latestStatementPending } from './latest-statement-pending';

export type StatementWorkspaceProps = { disabilityId: string };

/**
 * The disability's personal statement in the wizard: without one, a way to have it written from
 * the answers (or to write it oneself); with one, its latest version to read, change and keep
 * versions of.
 */
export function StatementWorkspace({ disabilityId }: StatementWorkspaceProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const latest = useLatestPersonalStatement(disabilityId);
  const create = useCreatePersonalStatement();
  const remove = useDeletePersonalStatement();
  /** Set once a statement was written here: the editor then starts with focus on its text. */
  const [shouldFocusEditor, setShouldFocusEditor] = useState(false);

  /** Set from the click until the answer: two quick clicks never write (and count) two statements. */
  const isComposing = useRef(false);

  const compose = () => {
    if (create.isPending || isComposing.current) return;
    isComposing.current = true;
    // One key per click: a create sent again after a lost answer is answered, not counted, twice.
    create.mutate(
      { disabilityId, input: {}, idempotencyKey: crypto.randomUUID() },
      {
        onSettled: () => {
          isComposing.current = false;
        },
        onSuccess: () => {
          setShouldFocusEditor(true);
          toastFeedback('success', 'Your statement is written.', {
            description: 'Read it and change anything that is not right.',
          });
        },
      },
    );
  };

  let body = latestStatementPending(latest);
  if (body === null && latest.data === null) {
    body = (
      <StartStatement
        disabilityId={disabilityId}
        onCompose={compose}
        isComposing={create.isPending}
        onCreated={() => {
          setShouldFocusEditor(true);
          toastFeedback('success', 'Your statement is saved.');
        }}
      />
    );
  } else if (body === null && latest.data) {
    const statementId = latest.data.id;
    body = (
      <LatestStatement
        key={statementId}
        disabilityId={disabilityId}
        statementId={statementId}
        shouldFocus={shouldFocusEditor}
        onWriteAgain={compose}
        isComposing={create.isPending}
        isDeleting={remove.isPending}
        onDelete={() =>
          remove.mutate(
            { disabilityId, statementId },
            {
              onSuccess: () => {
                setShouldFocusEditor(false);
                toastFeedback('success', 'Statement deleted.');
                heading.current?.focus();
              },
            },
          )
        }
      />
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        Your personal statement
      </h2>
      {body}
    </section>
  );
}

function StartStatement({
  disabilityId,
  onCompose,
  isComposing,
  onCreated,
}: {
  disabilityId: string;
  onCompose: () => void;
  isComposing: boolean;
  onCreated: () => void;
}) {
  const noteId = useId();
  const ownFormId = useId();
  const [isWritingOwn, setWritingOwn] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      <p className="max-w-prose">
        You have no personal statement for this condition yet. It tells VA in your own words how the
        condition began and how it affects you. We can write it from your answers below.
      </p>
      <div className="flex flex-col items-start gap-2">
        <Button
          type="button"
          aria-describedby={noteId}
          aria-disabled={isComposing || undefined}
          onClick={onCompose}
        >
          {isComposing ? (
            <LoaderCircleIcon aria-hidden className="animate-spin motion-reduce:animate-none" />
          ) : (
            <PenLineIcon aria-hidden />
          )}
          {isComposing ? 'Writing your statement…' : 'Write my statement'}
        </Button>
        <p id={noteId} className="text-muted-foreground max-w-prose text-sm">
          {COMPOSE_NOTE}
        </p>
      </div>
      <div className="flex flex-col gap-3">
        <Button
          type="button"
          variant="link"
          aria-expanded={isWritingOwn}
          aria-controls={isWritingOwn ? ownFormId : undefined}
          onClick={() => setWritingOwn((open) => !open)}
          className="h-auto w-fit px-0"
        >
          I would rather write it myself
        </Button>
        {isWritingOwn ? (
          <div id={ownFormId}>
            <OwnStatementForm disabilityId={disabilityId} onCreated={onCreated} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

function LatestStatement({
  disabilityId,
  statementId,
  ...editor
}: {
  disabilityId: string;
  statementId: string;
  shouldFocus: boolean;
  onWriteAgain: () => void;
  isComposing: boolean;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const statement = usePersonalStatement({ disabilityId, statementId });
  if (statement.isError) {
    return (
      <QueryErrorPanel
        title="We could not load your statement"
        error={statement.error}
        headingLevel={3}
        onRetry={() => void statement.refetch()}
        isRetrying={statement.isFetching}
      />
    );
  }
  if (!statement.data) return <Spinner label="Loading your statement" />;
  return <StatementEditor statement={statement.data} {...editor} />;
}
