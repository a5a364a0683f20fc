import { formatLongDay } from '@muster/domain/format';
import { CalendarClockIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

import { DASHBOARD_LETTERS, useLetters } from '../api/get-letters';
import { localToday } from '../utils/countdown';
import { REVIEW_OPTIONS } from '../utils/labels';
import { letterTitle } from '../utils/letter-text';
import { upcomingDeadlines } from '../utils/next-deadline';

const DEADLINES_SHOWN = 5;

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** The dashboard's next deadlines: each recent letter's review deadline still open, soonest first. */
export function DeadlinesPanel() {
  const letters = useLetters(DASHBOARD_LETTERS);
  if (letters.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status">
        <span className="sr-only">Loading your deadlines…</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  if (letters.isError) {
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <p className="text-muted-foreground">Couldn’t load your deadlines.</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void letters.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const deadlines = upcomingDeadlines(letters.data.results, localToday()).slice(0, DEADLINES_SHOWN);
  if (deadlines.length === 0) {
    return (
      <EmptyState
        icon={CalendarClockIcon}
        className="border-0 p-0"
        action={{ label: 'File an Intent to File', href: paths.vaForms.intentToFile.getHref() }}
      >
        No deadlines yet. An Intent to File gives you one year to submit your claim and can protect
        the date your benefits start from. A decision letter you analyze adds its review deadlines
        here.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Next deadlines" className="flex flex-col gap-3">
      {deadlines.map(({ letter, due, kinds, left }) => (
        <li key={letter.id} className="flex flex-col gap-0.5 text-sm">
          <span>
            <time dateTime={due} className="font-medium">
              {formatLongDay(due)}
            </time>{' '}
            <span className={cn(left.tone === 'urgent' && 'text-destructive font-semibold')}>
              ({left.text.toLowerCase()})
            </span>
          </span>
          <span className="text-muted-foreground">
            {`${kinds.map((kind) => REVIEW_OPTIONS[kind].name).join(', ')}: `}
            <Link to={paths.decisionLetters.results.getHref(letter.id)} className={linkClass}>
              {letterTitle(letter)}
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}
