import type { LaymanStatementSummary } from '@muster/contract/layman-statements';
import { formatLongDay } from '@muster/domain/format';
import { DownloadIcon, UsersIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';

import {
  useDownloadLaymanStatement,
  useLaymanRequests,
  useLaymanStatement,
  useRevokeLaymanLink,
  useUpdateLaymanNotes,
} from '../api/requests';
import { LAYMAN_STATUS_TEXT } from './status-text';

const NOTES_MAX = 5_000;

/** The veteran's own notes on a statement: for themselves, never part of the statement. */
function NotesEditor({ id, notes }: { id: string; notes: string | null }) {
  const update = useUpdateLaymanNotes();
  const [value, setValue] = useState(notes ?? '');
  const fieldId = useId();
  const hintId = useId();
  const changed = value.trim() !== (notes ?? '').trim();
  return (
    <form
      className="flex min-w-0 flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        // Nothing to save: the button stays where it is (a disabled button would drop the focus).
        if (!changed || update.isPending) return;
        update.mutate(
          { id, notes: value },
          { onSuccess: () => toastFeedback('success', 'Notes saved') },
        );
      }}
    >
      <Label htmlFor={fieldId}>Your notes</Label>
      <p id={hintId} className="text-muted-foreground text-sm">
        Only you see these: what to follow up, or how the statement fits your claim.
      </p>
      <Textarea
        id={fieldId}
        aria-describedby={hintId}
        rows={3}
        maxLength={NOTES_MAX}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <div>
        <Button type="submit" size="sm" variant="outline">
          {update.isPending ? 'Saving…' : 'Save notes'}
        </Button>
      </div>
    </form>
  );
}

/** A submitted statement: what the witness wrote and signed, the notes, and the downloads. */
function SubmittedStatement({ request }: { request: LaymanStatementSummary }) {
  const statement = useLaymanStatement(request.id);
  const download = useDownloadLaymanStatement();
  if (statement.isPending) return <Spinner label="Loading the statement" />;
  if (statement.isError) {
    return (
      <QueryErrorPanel
        title="We could not load this statement"
        error={statement.error}
        headingLevel={3}
        onRetry={() => void statement.refetch()}
        isRetrying={statement.isFetching}
      />
    );
  }
  const data = statement.data;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <blockquote className="border-primary/40 border-l-4 pl-4 text-sm break-words whitespace-pre-wrap">
        {data.statement}
      </blockquote>
      <p className="text-muted-foreground text-sm">
        {`Signed “${data.signature ?? ''}”${
          data.submitted_at ? ` on ${formatLongDay(data.submitted_at.slice(0, 10))}` : ''
        }, certified true and correct.${
          data.attachment_file_id ? ' They attached a file: it is in your vault.' : ''
        }`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={download.isPending}
          onClick={() => download.mutate({ id: request.id, format: 'va-21-10210' })}
        >
          <DownloadIcon aria-hidden />
          VA Form 21-10210
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={download.isPending}
          onClick={() => download.mutate({ id: request.id, format: 'pdf' })}
        >
          <DownloadIcon aria-hidden />
          PDF
        </Button>
      </div>
      <NotesEditor key={data.id} id={data.id} notes={data.notes} />
    </div>
  );
}

function RequestItem({ request }: { request: LaymanStatementSummary }) {
  const [isOpen, setOpen] = useState(false);
  const revoke = useRevokeLaymanLink();
  const panelId = useId();
  return (
    <li className="flex min-w-0 flex-col gap-2 py-3">
      <p className="font-medium break-words">{`${request.name} (${request.relationship})`}</p>
      <p className="text-muted-foreground text-sm">
        {request.status === 'requested'
          ? `${LAYMAN_STATUS_TEXT.requested}: the link works until ${formatLongDay(request.expires_at.slice(0, 10))}`
          : LAYMAN_STATUS_TEXT[request.status]}
      </p>
      {request.status === 'submitted' ? (
        <>
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-expanded={isOpen}
              aria-controls={panelId}
              onClick={() => setOpen((open) => !open)}
            >
              {isOpen ? `Hide ${request.name}’s statement` : `Read ${request.name}’s statement`}
            </Button>
          </div>
          <div id={panelId} hidden={!isOpen}>
            {isOpen ? <SubmittedStatement request={request} /> : null}
          </div>
        </>
      ) : null}
      {request.status === 'requested' ? (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(request.id, {
                onSuccess: () => toastFeedback('success', 'Link withdrawn'),
              })
            }
          >
            {`Withdraw the link for ${request.name}`}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The buddy (lay) statements asked for one disability: where each stands, what a witness wrote
 * once they signed, the veteran's notes on it, and its downloads.
 */
export function DisabilityBuddyStatements({ disabilityId }: { disabilityId: string }) {
  const requests = useLaymanRequests({ page: 1, pageSize: 50, disabilityId });
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          Buddy statements
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link
            to={`${paths.disabilities.buddyStatementNew.getHref()}?disability=${encodeURIComponent(disabilityId)}`}
          >
            <UsersIcon aria-hidden />
            Ask someone for a statement
          </Link>
        </Button>
      </div>
      {requests.isPending ? (
        <Spinner label="Loading the buddy statements" />
      ) : requests.isError ? (
        <QueryErrorPanel
          title="We could not load the buddy statements"
          error={requests.error}
          headingLevel={3}
          onRetry={() => void requests.refetch()}
          isRetrying={requests.isFetching}
        />
      ) : requests.data.results.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          None yet. Someone who saw the event or how the condition affects you can back your claim
          with a signed statement.
        </p>
      ) : (
        <ul aria-label="Buddy statements for this disability" className="flex flex-col divide-y">
          {requests.data.results.map((request) => (
            <RequestItem key={request.id} request={request} />
          ))}
        </ul>
      )}
    </section>
  );
}
