import { ERR } from '@muster/contract/errors';
import { SHARE_TOKEN_PATTERN, type SharedItem, type SharedView } from '@muster/contract/vso';
import { LinkIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageSpinner, Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';

import { useSharedItem, useSharedView } from '../api/shared';
import { KIND_LABELS } from './share-records-form';

const isGoneError = (error: unknown) => isApiError(error) && error.code === ERR.NOT_FOUND;

function LinkGone() {
  return (
    <EmptyState icon={LinkIcon} title="This link has expired or was revoked">
      Ask the veteran for a new link if you still need to see their records.
    </EmptyState>
  );
}

/**
 * What a veteran shared with their representative, read-only: the list of records, each opened on
 * request. Every opening is logged for the veteran. A link that does not work says so and nothing
 * else.
 */
export function SharedRecords({ token }: { token: string }) {
  // A token of the wrong shape is no link: nothing is asked of the API (not even a session).
  const isToken = SHARE_TOKEN_PATTERN.test(token);
  const view = useSharedView(token, { enabled: isToken });
  if (!isToken || isGoneError(view.error)) return <LinkGone />;
  if (view.isPending) return <PageSpinner label="Opening the shared records" />;
  if (view.isError) {
    return (
      <QueryErrorPanel
        title="We could not open these records"
        error={view.error}
        onRetry={() => void view.refetch()}
        isRetrying={view.isFetching}
      />
    );
  }
  return <SharedList token={token} view={view.data} />;
}

function SharedList({ token, view }: { token: string; view: SharedView }) {
  const [open, setOpen] = useState<{ kind: string; id: string } | null>(null);
  const item = useSharedItem(token, open);
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p className="max-w-prose">
        {view.organization
          ? `${view.veteran_first_name} shared these records with ${view.organization}, read-only.`
          : `${view.veteran_first_name} shared these records with you, read-only.`}{' '}
        {`The link works until ${new Date(view.expires_at).toLocaleDateString('en-US', { dateStyle: 'long' })}. ${view.veteran_first_name} can see each time it is opened.`}
      </p>
      {view.items.length === 0 ? (
        <p>No records are left in this share.</p>
      ) : (
        <ul className="flex min-w-0 flex-col gap-2">
          {view.items.map((entry) => {
            const isOpen = open?.kind === entry.kind && open.id === entry.id;
            return (
              <li
                key={`${entry.kind}:${entry.id}`}
                className="flex min-w-0 flex-wrap items-center justify-between gap-2 rounded-lg border p-3"
              >
                <span className="min-w-0 break-words">
                  <span className="text-muted-foreground block text-sm">
                    {KIND_LABELS[entry.kind]}
                  </span>
                  {entry.title ?? 'A record'}
                </span>
                <Button
                  type="button"
                  variant={isOpen ? 'default' : 'outline'}
                  size="sm"
                  aria-pressed={isOpen}
                  aria-label={`Open ${entry.title ?? 'this record'}`}
                  onClick={() => {
                    // Opened again: a file link is asked afresh, the one shown may have expired.
                    if (isOpen && item.data?.download) void item.refetch();
                    else setOpen({ kind: entry.kind, id: entry.id });
                  }}
                >
                  Open
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {open ? (
        <section className="min-w-0">
          {item.isError ? (
            isGoneError(item.error) ? (
              <p>This record is no longer shared.</p>
            ) : (
              <QueryErrorPanel
                title="We could not open this record"
                error={item.error}
                onRetry={() => void item.refetch()}
                isRetrying={item.isFetching}
              />
            )
          ) : item.data && !(item.isFetching && item.data.download) ? (
            <SharedRecord item={item.data} onNewLink={() => void item.refetch()} />
          ) : (
            <Spinner label="Opening the record" />
          )}
        </section>
      ) : null}
    </div>
  );
}

/** True once the time given has passed (rechecked when it comes). */
function useHasPassed(at: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const time = at ? Date.parse(at) : null;
  useEffect(() => {
    if (time === null) return;
    const left = time - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [time]);
  return time !== null && now >= time;
}

function SharedRecord({ item, onNewLink }: { item: SharedItem; onNewLink: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus goes to the record once it is shown, so a screen reader reads it from its title.
  useEffect(() => {
    heading.current?.focus();
  }, [item.kind, item.id]);
  const linkExpired = useHasPassed(item.download?.expires_at ?? null);
  return (
    <article className="bg-card flex min-w-0 flex-col gap-4 rounded-lg border p-4">
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold break-words">
        {item.title}
      </h2>
      {item.facts.length > 0 ? (
        <dl className="grid min-w-0 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
          {item.facts.map((fact) => (
            <div key={fact.label} className="contents">
              <dt className="text-muted-foreground text-sm">{fact.label}</dt>
              <dd className="min-w-0 break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {item.sections.map((section, index) => (
        <section key={`${section.heading}-${index}`} className="flex min-w-0 flex-col gap-2">
          <h3 className="font-medium">{section.heading}</h3>
          {section.lines.length === 0 ? (
            <p className="text-muted-foreground">None.</p>
          ) : section.style === 'list' ? (
            <ul className="list-disc space-y-1 pl-6">
              {section.lines.map((line, lineIndex) => (
                <li key={lineIndex} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          ) : (
            section.lines.map((line, lineIndex) => (
              <p key={lineIndex} className="break-words whitespace-pre-line">
                {line}
              </p>
            ))
          )}
        </section>
      ))}
      {item.download ? (
        linkExpired ? (
          <div>
            <p className="text-muted-foreground mb-1 text-sm">The file link has expired.</p>
            <Button type="button" variant="outline" onClick={onNewLink}>
              Get a new file link
            </Button>
          </div>
        ) : (
          <div>
            <Button asChild variant="outline">
              <a
                href={item.download.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Open the file of ${item.title} (opens in a new tab)`}
              >
                Open the file
              </a>
            </Button>
            <p className="text-muted-foreground mt-1 text-sm">
              {`The file link works until ${new Date(item.download.expires_at).toLocaleTimeString('en-US', { timeStyle: 'short' })}; open the record again for a new one.`}
            </p>
          </div>
        )
      ) : null}
    </article>
  );
}
