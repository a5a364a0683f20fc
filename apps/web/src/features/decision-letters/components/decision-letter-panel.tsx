import type { DecisionLetterSummary } from '@muster/contract/decision-letters';
import { formatLongDay } from '@muster/domain/format';
import { FileSearchIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

import { DASHBOARD_LETTERS, useLetters } from '../api/get-letters';
import { localToday } from '../utils/countdown';
import { REVIEW_OPTIONS } from '../utils/labels';
import { letterTitle, statusText } from '../utils/letter-text';
import { nextDeadlineOf } from '../utils/next-deadline';

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** The letter's next review deadline not yet passed, with the days left. */
function NextDeadline({ letter }: { letter: DecisionLetterSummary }) {
  const next = nextDeadlineOf(letter, localToday());
  if (!next) {
    return letter.deadlines.length > 0 ? (
      <p className="text-muted-foreground text-sm">
        Its review deadlines have passed; a Supplemental Claim with new evidence can still be filed.
      </p>
    ) : null;
  }
  return (
    <p className="text-sm">
      <span className="font-medium">Next deadline: </span>
      <time dateTime={next.due}>{formatLongDay(next.due)}</time>{' '}
      <span className={cn(next.left.tone === 'urgent' && 'text-destructive font-semibold')}>
        ({next.left.text.toLowerCase()})
      </span>
      <span className="text-muted-foreground">
        {` for ${next.kinds.map((kind) => REVIEW_OPTIONS[kind].name).join(', ')}`}
      </span>
    </p>
  );
}

/** The dashboard's latest decision letter and its next review deadline, or where to start. */
export function DecisionLetterPanel() {
  // The deadlines panel asks for the same page: one request serves both.
  const letters = useLetters(DASHBOARD_LETTERS);
  if (letters.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status">
        <span className="sr-only">Loading your latest letter…</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  if (letters.isError) {
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <p className="text-muted-foreground">Couldn’t load your decision letters.</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void letters.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const latest = letters.data.results[0];
  if (!latest) {
    return (
      <EmptyState
        icon={FileSearchIcon}
        className="border-0 p-0"
        action={{
          label: 'Analyze a decision letter',
          href: paths.decisionLetterAnalyzer.getHref(),
        }}
      >
        No decision letter yet. Upload one to see each condition, the rating VA gave and why.
      </EmptyState>
    );
  }
  const href =
    latest.status === 'complete'
      ? paths.decisionLetters.results.getHref(latest.id)
      : paths.decisionLetters.detail.getHref(latest.id);
  return (
    <div className="flex flex-col gap-2">
      <Link to={href} className={linkClass}>
        {letterTitle(latest)}
      </Link>
      <p className="text-muted-foreground text-sm">
        {statusText(latest)}
        {latest.combined_rating === null ? '' : ` · combined rating ${latest.combined_rating}%`}
      </p>
      {latest.status === 'complete' ? <NextDeadline letter={latest} /> : null}
      <p className="text-sm">
        <Link
          to={paths.decisionLetters.list.getHref()}
          className={cn(linkClass, 'text-primary underline')}
        >
          All your letters
        </Link>
      </p>
    </div>
  );
}
