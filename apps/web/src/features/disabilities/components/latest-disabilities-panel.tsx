import { diagnosisLabel } from '@muster/contract/disabilities';
import { ClipboardListIcon, ClipboardPlusIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';

import { useLatestDisabilities } from '../api/get-disabilities';
import { LATEST_DISABILITIES } from './sidebar-disabilities';

/** Shown on the dashboard out of the latest disabilities the sidebar already loads (one request). */
const DASHBOARD_DISABILITIES = 5;

const EMPTY_STATE_CLASS = 'border-0 p-0';

/** The dashboard's latest disabilities, newest first, each a link to its page; or where to start. */
export function LatestDisabilitiesPanel() {
  const disabilities = useLatestDisabilities(LATEST_DISABILITIES);
  if (disabilities.isPending) {
    // About the room the empty state takes: two lines of text and its link.
    return (
      <div className="flex flex-col gap-2" role="status">
        <span className="sr-only">Loading your disabilities…</span>
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-44" />
      </div>
    );
  }
  if (disabilities.isError) {
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <p className="text-muted-foreground">Couldn’t load your disabilities.</p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void disabilities.refetch()}
        >
          Retry
        </Button>
      </div>
    );
  }
  const { results, meta } = disabilities.data;
  if (results.length === 0) {
    return (
      <EmptyState
        icon={ClipboardListIcon}
        className={EMPTY_STATE_CLASS}
        action={{ label: 'Add your first disability', href: paths.disabilities.new.getHref() }}
      >
        You have not added any conditions yet. Each one gets its own statement that you complete at
        your own pace.
      </EmptyState>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Latest disabilities" className="-mx-2 flex flex-col">
        {results.slice(0, DASHBOARD_DISABILITIES).map((disability) => (
          <li key={disability.id}>
            <Link
              to={paths.disabilities.wizard.getHref(disability.id)}
              className="hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/50 flex min-w-0 flex-col rounded-md px-2 py-2 text-sm outline-none focus-visible:ring-[3px]"
            >
              <span className="truncate font-medium">{disability.title}</span>
              <span className="text-muted-foreground truncate text-xs">
                {diagnosisLabel(disability)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link
          to={paths.disabilities.list.getHref()}
          className="text-primary focus-visible:ring-ring/50 rounded-sm font-medium underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px]"
        >
          {meta.total > DASHBOARD_DISABILITIES
            ? `View all ${meta.total} disabilities`
            : 'View all disabilities'}
        </Link>
        <Link
          to={paths.disabilities.new.getHref()}
          className="text-primary focus-visible:ring-ring/50 inline-flex items-center gap-1 rounded-sm font-medium underline underline-offset-4 outline-none hover:no-underline focus-visible:ring-[3px]"
        >
          <ClipboardPlusIcon className="size-4" aria-hidden />
          Add a disability
        </Link>
      </div>
    </div>
  );
}
