import {
  STATEMENT_FORMAT_LABELS,
  STATEMENT_FORMATS,
  type StatementFormat,
} from '@muster/contract/personal-statements';
import { DownloadIcon, FileTextIcon, LoaderCircleIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';
import { toastFeedback } from '@/lib/toast';

import { useDownloadPersonalStatement } from '../api/download-personal-statement';
import { useLatestPersonalStatement } from '../api/get-personal-statements';
import { STATEMENT_FORMAT_DESCRIPTIONS, formatStatementDate } from '../utils/statement-labels';
import { latestStatementPending } from './latest-statement-pending';

export type StatementDownloadsProps = {
  disabilityId: string;
  /** VA's form about traumatic events is offered only for a mental-health condition. */
  isMentalHealth: boolean;
};

/** The formats offered for a condition, in the order they are listed. */
export function offeredFormats(isMentalHealth: boolean): StatementFormat[] {
  return STATEMENT_FORMATS.filter((format) => format !== 'va-21-0781' || isMentalHealth);
}

/**
 * The latest version of the disability's statement as files: the statement alone (PDF, Word) and
 * the VA forms it fills. Without a statement, the way to the page that writes one.
 */
export function StatementDownloads({ disabilityId, isMentalHealth }: StatementDownloadsProps) {
  const headingId = useId();
  const latest = useLatestPersonalStatement(disabilityId);
  const download = useDownloadPersonalStatement();

  let body = latestStatementPending(latest);
  if (body === null && latest.data === null) {
    body = (
      <EmptyState
        icon={FileTextIcon}
        action={{
          label: 'Write your statement',
          href: paths.disabilities.wizardStep.getHref(disabilityId, 'generate'),
        }}
      >
        You have no personal statement for this condition yet, so there is nothing to download.
        Write it first, then come back here.
      </EmptyState>
    );
  } else if (body === null && latest.data) {
    const statement = latest.data;
    const ref = { disabilityId, statementId: statement.id };
    const isBusy = download.isPending;
    body = (
      <>
        <p className="text-muted-foreground max-w-prose text-sm">
          Each file holds the latest version of your statement (version {statement.latest_version},
          saved {formatStatementDate(statement.updated_at)}). To change it,{' '}
          <Link
            to={paths.disabilities.wizardStep.getHref(disabilityId, 'generate')}
            className="text-primary underline underline-offset-4 hover:no-underline"
          >
            edit your statement
          </Link>
          .
        </p>
        <ul className="flex flex-col gap-4">
          {offeredFormats(isMentalHealth).map((format) => {
            const label = STATEMENT_FORMAT_LABELS[format];
            const isThisOne = isBusy && download.variables.format === format;
            return (
              <li key={format} className="flex min-w-0 flex-col items-start gap-1">
                <Button
                  type="button"
                  variant={format === 'pdf' ? 'default' : 'outline'}
                  aria-describedby={`${headingId}-${format}`}
                  aria-disabled={isBusy || undefined}
                  aria-busy={isThisOne || undefined}
                  onClick={() => {
                    if (isBusy) return;
                    download.mutate(
                      { ref, format, version: statement.latest_version },
                      { onSuccess: () => toastFeedback('success', `${label} downloaded.`) },
                    );
                  }}
                >
                  {isThisOne ? (
                    <LoaderCircleIcon
                      aria-hidden
                      className="animate-spin motion-reduce:animate-none"
                    />
                  ) : (
                    <DownloadIcon aria-hidden />
                  )}
                  {label}
                </Button>
                <p id={`${headingId}-${format}`} className="text-muted-foreground text-sm">
                  {STATEMENT_FORMAT_DESCRIPTIONS[format]}
                </p>
              </li>
            );
          })}
        </ul>
        <p className="bg-muted/50 max-w-prose rounded-md border p-3 text-sm">
          VA forms are left unsigned: print them, then sign and date them yourself before you send
          them to VA.
        </p>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Your statement and VA forms
      </h2>
      {body}
    </section>
  );
}
