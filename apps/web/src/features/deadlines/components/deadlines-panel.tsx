import type { Deadline, DeadlineOverview } from '@muster/contract/deadlines';
import { formatLongDay } from '@muster/domain/format';
import { BellIcon, CalendarClockIcon, DownloadIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toastError, toastSuccess } from '@/lib/toast';
import { cn } from '@/utils/cn';

import { useDeadlines } from '../api/get-deadlines';
import { useDownloadDeadlinesCalendar } from '../api/download-deadlines-calendar';
import { REMINDER_SETTINGS_ANCHOR } from '../utils/anchors';

const DEADLINES_SHOWN = 6;
/** Within this many days a deadline is shown as urgent. */
const URGENT_DAYS = 30;

const linkClass =
  'focus-visible:ring-ring/50 rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px]';

/** "today", "in 1 day", "in 12 days". */
function daysLeftText(days: number): string {
  if (days <= 0) return 'today';
  return `in ${days} ${days === 1 ? 'day' : 'days'}`;
}

function IntentToFileCountdown({ itf }: { itf: NonNullable<DeadlineOverview['intent_to_file']> }) {
  const isUrgent = itf.days_left <= URGENT_DAYS;
  return (
    <div
      className={cn(
        'flex flex-col gap-1 rounded-md border-l-4 p-3 text-sm',
        isUrgent ? 'border-destructive bg-destructive/5' : 'border-primary bg-muted',
      )}
    >
      <p className="font-semibold">
        Your Intent to File expires {daysLeftText(itf.days_left)} — file your claim by{' '}
        <time dateTime={itf.due_on}>{formatLongDay(itf.due_on)}</time>.
      </p>
      <p>
        <Link to={paths.vaForms.form526ez.getHref()} className={cn(linkClass, 'underline')}>
          File your claim (VA Form 21-526EZ)
        </Link>
      </p>
    </div>
  );
}

function DeadlineItem({ deadline }: { deadline: Deadline }) {
  return (
    <li className="flex flex-col gap-0.5 text-sm">
      <span>
        <time dateTime={deadline.due_on} className="font-medium">
          {formatLongDay(deadline.due_on)}
        </time>{' '}
        <span className={cn(deadline.days_left <= URGENT_DAYS && 'text-destructive font-semibold')}>
          ({daysLeftText(deadline.days_left)})
        </span>
      </span>
      <Link to={deadline.path} className={cn(linkClass, 'text-muted-foreground break-words')}>
        {deadline.title}
      </Link>
      {deadline.opens_on ? (
        <span className="text-muted-foreground">
          Opens <time dateTime={deadline.opens_on}>{formatLongDay(deadline.opens_on)}</time>
        </span>
      ) : null}
    </li>
  );
}

/**
 * The dashboard's next deadlines: every VA deadline the guardian counts (Intent to File, Board
 * evidence, BDD window, decision reviews), soonest first, with the Intent to File countdown on top,
 * a calendar download and a link to the reminder settings.
 */
export function DeadlinesPanel() {
  const overview = useDeadlines();
  const calendar = useDownloadDeadlinesCalendar();

  if (overview.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status">
        <span className="sr-only">Loading your deadlines…</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  if (overview.isError) {
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <p className="text-muted-foreground">Couldn’t load your deadlines.</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void overview.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { deadlines, intent_to_file: itf } = overview.data;
  if (deadlines.length === 0) {
    return (
      <EmptyState
        icon={CalendarClockIcon}
        className="border-0 p-0"
        action={{ label: 'File an Intent to File', href: paths.vaForms.intentToFile.getHref() }}
      >
        No deadlines yet. An Intent to File gives you one year to submit your claim and can protect
        the date your benefits start from. Decision letters you analyze and Board appeals you record
        add their deadlines here.
      </EmptyState>
    );
  }
  // The ITF has its own countdown above the list, so the list shows the others first.
  const others = deadlines.filter((deadline) => !(itf && deadline.kind === 'itf_expiry'));
  return (
    <div className="flex flex-col gap-4">
      {itf ? <IntentToFileCountdown itf={itf} /> : null}
      {others.length > 0 ? (
        <ul aria-label="Next deadlines" className="flex flex-col gap-3">
          {others.slice(0, DEADLINES_SHOWN).map((deadline) => (
            <DeadlineItem key={deadline.key} deadline={deadline} />
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={calendar.isPending}
          aria-busy={calendar.isPending}
          onClick={() =>
            calendar.mutate(undefined, {
              onSuccess: (file) => {
                // The panel hides this button with no deadlines; they may have gone since it loaded.
                if (!file) toastSuccess('You have no upcoming deadlines to add to a calendar');
              },
              onError: (error) => toastError(error),
            })
          }
        >
          <DownloadIcon aria-hidden />
          Download calendar (.ics)
        </Button>
        <Link
          to={`${paths.profile.getHref()}#${REMINDER_SETTINGS_ANCHOR}`}
          className={cn(linkClass, 'inline-flex items-center gap-1 text-sm underline')}
        >
          <BellIcon aria-hidden className="size-4" />
          Reminder settings
        </Link>
      </div>
    </div>
  );
}
