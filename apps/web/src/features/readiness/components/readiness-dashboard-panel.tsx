import { ClipboardCheckIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

import { useReadinessSummary } from '../api/get-readiness-summary';

/** How many conditions that are not ready yet the panel lists. */
const LISTED = 5;

const LINK_CLASS =
  'text-primary focus-visible:ring-ring/50 rounded-sm font-medium underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px]';

/** The dashboard's claim readiness: how many conditions are ready, and what each other one needs. */
export function ReadinessDashboardPanel() {
  const summary = useReadinessSummary();
  if (summary.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status">
        <span className="sr-only">Checking how ready your claims are…</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-5 w-11/12" />
      </div>
    );
  }
  if (summary.isError) {
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <p className="text-muted-foreground">Couldn’t check how ready your claims are.</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void summary.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const { total, ready, results } = summary.data;
  if (total === 0) {
    return (
      <EmptyState
        icon={ClipboardCheckIcon}
        className="border-0 p-0"
        action={{ label: 'Add a disability', href: paths.disabilities.new.getHref() }}
      >
        Add a condition to see how ready its claim is and what to do next.
      </EmptyState>
    );
  }
  const label = `${ready} of ${total} ${total === 1 ? 'condition' : 'conditions'} ready`;
  const notReady = results.filter((item) => !item.ready);
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="grid gap-1.5">
        <p className="font-medium">{label}</p>
        <Progress value={ready} max={total} aria-label={`Claim readiness: ${label}`} />
      </div>
      {notReady.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Every condition shows the three things VA looks for.
        </p>
      ) : (
        <ul aria-label="Not ready yet" className="flex min-w-0 flex-col gap-3">
          {notReady.slice(0, LISTED).map((item) => (
            <li key={item.disability_id} className="flex min-w-0 flex-col gap-0.5 text-sm">
              <Link
                to={paths.disabilities.wizard.getHref(item.disability_id)}
                className={`${LINK_CLASS} w-fit max-w-full break-words`}
              >
                {item.title}
              </Link>
              <span className="text-muted-foreground break-words">
                {item.next_step
                  ? `Next: ${item.next_step.text}`
                  : 'Open it to see what is missing.'}
              </span>
            </li>
          ))}
        </ul>
      )}
      {notReady.length > LISTED ? (
        <Link to={paths.disabilities.list.getHref()} className={`${LINK_CLASS} w-fit text-sm`}>
          {`And ${notReady.length - LISTED} more not ready yet`}
        </Link>
      ) : null}
    </div>
  );
}
