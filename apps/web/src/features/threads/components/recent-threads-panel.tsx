import { threadTitle } from '@muster/contract/threads';
import { MessageSquareIcon, MessagesSquareIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SIDEBAR } from '@/config/constants';
import { paths } from '@/config/paths';

import { useLatestThreads } from '../api/get-threads';

/** Shown on the dashboard out of the latest threads the sidebar already loads (one request). */
const DASHBOARD_THREADS = 5;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The dashboard's latest conversations, newest first, or where to start one. */
export function RecentThreadsPanel() {
  const threads = useLatestThreads(SIDEBAR.maxRecentThreads);
  if (threads.isPending) {
    return (
      <div className="flex flex-col gap-2" role="status">
        <span className="sr-only">Loading conversations…</span>
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-5 w-1/2" />
      </div>
    );
  }
  if (threads.isError) {
    return (
      <div className="flex flex-col items-start gap-2 text-sm">
        <p className="text-muted-foreground">Couldn’t load your conversations.</p>
        <Button type="button" variant="outline" size="sm" onClick={() => void threads.refetch()}>
          Retry
        </Button>
      </div>
    );
  }
  const items = threads.data.results.slice(0, DASHBOARD_THREADS);
  if (items.length === 0) {
    return (
      <EmptyState
        icon={MessagesSquareIcon}
        className="border-0 p-0"
        action={{ label: 'Ask the assistant', href: paths.chats.new.getHref() }}
      >
        No conversations yet. Ask the assistant anything about your claim; your chats appear here.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Recent conversations" className="-mx-2 flex flex-col">
      {items.map((thread) => (
        <li key={thread.id}>
          <Link
            to={paths.chats.detail.getHref(thread.id)}
            className="hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring/50 flex items-center gap-2 rounded-md px-2 py-2 text-sm outline-none focus-visible:ring-[3px]"
          >
            <MessageSquareIcon className="text-muted-foreground size-4 shrink-0" aria-hidden />
            <span className="min-w-0 flex-1 truncate font-medium">{threadTitle(thread)}</span>
            <time className="text-muted-foreground shrink-0 text-xs" dateTime={thread.created_at}>
              {dateFormat.format(new Date(thread.created_at))}
            </time>
          </Link>
        </li>
      ))}
    </ul>
  );
}
