import type { ClaimReview as ClaimReviewData } from '@muster/contract/claims';
import { READINESS_ELEMENT_LABELS, READINESS_STATUS_LABELS } from '@muster/contract/readiness';
import { useId } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { NextStepText } from '@/components/next-step-text';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { useClaimReview } from '../api/claims';
import { ClaimPacket } from './claim-packet';

const linkClass = 'text-primary font-medium underline underline-offset-4 hover:no-underline';

const NEXUS_STATUS: Record<
  ClaimReviewData['results'][number]['nexus_letters'][number]['status'],
  string
> = {
  draft: 'draft',
  requested: 'sent to a provider',
  signed: 'signed',
};

function Totals({ review }: { review: ClaimReviewData }) {
  const { totals } = review;
  const items: [string, string][] = [
    ['Disabilities ready', `${totals.ready} of ${totals.disabilities}`],
    ['With a personal statement', `${totals.with_statement} of ${totals.disabilities}`],
    [
      'Elements of service connection met',
      `${totals.elements_met} of ${totals.elements_met + totals.elements_weak + totals.elements_missing}`,
    ],
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      {items.map(([term, value]) => (
        <div key={term} className="bg-card rounded-lg border p-3">
          <dt className="text-muted-foreground text-sm">{term}</dt>
          <dd className="text-2xl font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DisabilityReview({ item }: { item: ClaimReviewData['results'][number] }) {
  const headingId = useId();
  const { disability, readiness, statements, missing } = item;
  const buddies = item.buddy_statements;
  const letters = item.nexus_letters;
  const signedBuddies = buddies.filter((buddy) => buddy.status === 'submitted');
  const waiting = buddies.filter((buddy) => buddy.status === 'requested');
  return (
    <article
      aria-labelledby={headingId}
      className="bg-card text-card-foreground flex min-w-0 flex-col gap-3 rounded-lg border p-4"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 id={headingId} className="text-lg font-semibold break-words">
          <Link to={paths.disabilities.wizard.getHref(disability.id)} className="hover:underline">
            {disability.title}
          </Link>
        </h3>
        <p className="text-sm font-medium">{readiness.ready ? 'Ready' : 'Not ready yet'}</p>
      </header>
      <ul className="grid gap-1 text-sm">
        {readiness.elements.map((element) => (
          <li key={element.element}>
            <span className="font-medium">{READINESS_ELEMENT_LABELS[element.element]}:</span>{' '}
            {READINESS_STATUS_LABELS[element.status]}
          </li>
        ))}
      </ul>
      <p className="text-sm">
        {statements.length === 0
          ? 'No personal statement yet.'
          : `Personal statements: ${statements.map((s) => `${s.title} (version ${s.version})`).join(', ')}.`}
      </p>
      <p className="text-sm">
        {letters.length === 0
          ? 'No nexus letter yet. '
          : `Nexus letters: ${letters.map((letter) => NEXUS_STATUS[letter.status]).join(', ')}. `}
        <Link
          to={
            letters[0]
              ? paths.nexus.detail.getHref(letters[0].id)
              : `${paths.nexus.new.getHref()}?disability=${encodeURIComponent(disability.id)}`
          }
          className={linkClass}
        >
          {letters[0] ? 'Open the latest letter' : 'Draft a nexus letter'}
        </Link>
      </p>
      <p className="text-sm">
        {buddies.length === 0
          ? 'No buddy statement yet. '
          : `Buddy statements: ${signedBuddies.length} signed${
              signedBuddies.length > 0
                ? ` (${signedBuddies.map((buddy) => buddy.name).join(', ')})`
                : ''
            }, ${waiting.length} waiting. `}
        <Link
          to={`${paths.disabilities.buddyStatementNew.getHref()}?disability=${encodeURIComponent(disability.id)}`}
          className={linkClass}
        >
          Ask someone for a statement
        </Link>
      </p>
      {missing.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-semibold">Still missing</h4>
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
            {missing.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {readiness.next_step ? (
        <p className="text-sm">
          <span className="font-medium">Next step: </span>
          <NextStepText step={readiness.next_step} />
        </p>
      ) : null}
    </article>
  );
}

/**
 * One claim reviewed: the totals, each disability's readiness, evidence and what it lacks, and
 * the packet of it all.
 */
export function ClaimReview({ claimId }: { claimId: string }) {
  const review = useClaimReview(claimId);
  const listId = useId();
  if (review.isPending) return <PageSpinner label="Reviewing your claim" />;
  if (review.isError) {
    return (
      <QueryErrorPanel
        title="We could not review this claim"
        error={review.error}
        onRetry={() => void review.refetch()}
        isRetrying={review.isFetching}
      />
    );
  }
  const data = review.data;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <p className="text-lg font-medium">
        {data.ready
          ? 'Every disability in this claim is ready.'
          : 'Some disabilities in this claim are not ready yet.'}
      </p>
      <Totals review={data} />
      {data.missing.length > 0 ? (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {data.missing.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
      {data.next_step ? (
        <p>
          <span className="font-medium">The step that would help most: </span>
          <NextStepText step={data.next_step} />
        </p>
      ) : null}
      <section aria-labelledby={listId} className="flex min-w-0 flex-col gap-3">
        <h2 id={listId} className="text-xl font-semibold">
          Each disability
        </h2>
        {data.results.map((item) => (
          <DisabilityReview key={item.disability.id} item={item} />
        ))}
      </section>
      <ClaimPacket claimId={claimId} />
      <p className="text-sm">
        <Link to={paths.claims.getHref()} className={linkClass}>
          All your claims
        </Link>
      </p>
    </div>
  );
}
