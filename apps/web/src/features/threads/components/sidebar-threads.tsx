import { threadTitle, type Thread } from '@muster/contract/threads';
import { MessageSquareIcon, MessagesSquareIcon, Trash2Icon } from 'lucide-react';
import { lazy, useRef, useState } from 'react';
import { Link, NavLink, matchPath, useLocation, useNavigate } from 'react-router';

import { NonEssential } from '@/components/errors/non-essential';
import { useSidebar } from '@/components/layouts/sidebar-state';
import { EmptyState } from '@/components/ui/empty-state';
import { SIDEBAR } from '@/config/constants';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

import { useLatestThreads } from '../api/get-threads';

// The confirmation carries Radix dialog code: it loads on the first delete (first-load budget).
const DeleteThreadDialog = lazy(() =>
  import('./delete-thread-dialog').then((module) => ({ default: module.DeleteThreadDialog })),
);

type PendingDelete = Pick<Thread, 'id' | 'title'>;

/**
 * The chat group's threads: the latest 8, newest first, each a link to its chat
 * with a delete button that asks for confirmation. Nothing shows in the icon-only sidebar.
 */
export function SidebarThreads({
  isCompact,
  userId,
}: {
  isCompact: boolean;
  /** The signed-in user; the list loads once it is known. */
  userId: string | undefined;
}) {
  const threads = useLatestThreads(SIDEBAR.maxRecentThreads, { enabled: userId !== undefined });
  const { setMobileOpen } = useSidebar();
  const location = useLocation();
  const navigate = useNavigate();
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  // Mounted from the first delete on, so the dialog can play its closing animation.
  const [isDialogMounted, setDialogMounted] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  /** The thread whose delete button opened the dialog, and whether it was deleted. */
  const lastDelete = useRef<{ id: string; deleted: boolean } | null>(null);

  /**
   * Focus after the dialog closes: back on the delete button when cancelled; after a delete (its
   * button is gone), on the newest thread's link, or on the empty-state text.
   */
  const restoreFocus = (event: Event) => {
    const last = lastDelete.current;
    if (!last) return;
    const target =
      (last.deleted
        ? listRef.current?.querySelector<HTMLElement>('a')
        : listRef.current?.querySelector<HTMLElement>(
            `[data-thread-id="${CSS.escape(last.id)}"]`,
          )) ?? statusRef.current;
    if (!target) return; // Nothing of the list is shown (icon-only sidebar).
    event.preventDefault();
    target.focus();
  };

  const retry = () => {
    void threads.refetch().then((result) => {
      // The Retry button is gone: put focus on what replaced it.
      if (!result.isSuccess) return;
      window.requestAnimationFrame(() => {
        (listRef.current?.querySelector<HTMLElement>('a') ?? statusRef.current)?.focus();
      });
    });
  };

  // Kept mounted whatever the sidebar shows, so a delete in progress can finish and report.
  const dialog = isDialogMounted ? (
    <NonEssential>
      <DeleteThreadDialog
        thread={pendingDelete}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        onCloseAutoFocus={restoreFocus}
        onDeleted={(threadId) => {
          lastDelete.current = { id: threadId, deleted: true };
          const open = matchPath(paths.chats.detail.path, location.pathname);
          if (open?.params.threadId === threadId) {
            void navigate(paths.chats.new.getHref(), { replace: true });
          }
        }}
      />
    </NonEssential>
  ) : null;

  // One shape whatever is shown, so the dialog keeps its place (and state) in the tree.
  return (
    <>
      {renderList()}
      {dialog}
    </>
  );

  function renderList() {
    // The icon-only sidebar shows no threads.
    if (isCompact) return null;
    if (threads.isPending) {
      return (
        <p className="text-muted-foreground px-2 text-xs" role="status">
          Loading conversations…
        </p>
      );
    }
    if (threads.isError) {
      return (
        <div className="flex items-center gap-2 px-2 text-xs">
          <p className="text-muted-foreground" role="status">
            Couldn’t load your conversations.
          </p>
          <button
            type="button"
            className="text-foreground underline underline-offset-2"
            onClick={retry}
          >
            Retry
          </button>
        </div>
      );
    }
    const items = threads.data.results;
    if (items.length === 0) {
      return (
        <EmptyState
          ref={statusRef}
          size="compact"
          icon={MessagesSquareIcon}
          action={
            <Link
              to={paths.chats.new.getHref()}
              onClick={() => setMobileOpen(false)}
              className="text-foreground focus-visible:ring-ring/50 rounded-sm font-medium underline underline-offset-2 outline-none focus-visible:ring-[3px]"
            >
              Ask the assistant
            </Link>
          }
        >
          No conversations yet. Your latest chats will appear here.
        </EmptyState>
      );
    }
    return (
      <ul ref={listRef} aria-label="Latest conversations" className="flex flex-col gap-0.5">
        {items.map((thread) => {
          const title = threadTitle(thread);
          return (
            <li key={thread.id} className="group/thread relative">
              <NavLink
                to={paths.chats.detail.getHref(thread.id)}
                onClick={() => setMobileOpen(false)}
                className={({ isActive }) =>
                  cn(
                    'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-ring/50 flex h-9 items-center gap-2 rounded-md px-2 pr-9 text-sm outline-none focus-visible:ring-[3px]',
                    isActive && 'bg-sidebar-accent text-sidebar-accent-foreground font-medium',
                  )
                }
              >
                <MessageSquareIcon className="size-4 shrink-0" aria-hidden />
                <span className="truncate">{title}</span>
              </NavLink>
              <button
                type="button"
                data-thread-id={thread.id}
                aria-label={`Delete conversation: ${title}`}
                title="Delete conversation"
                onClick={() => {
                  lastDelete.current = { id: thread.id, deleted: false };
                  setPendingDelete({ id: thread.id, title: thread.title });
                  setDialogMounted(true);
                }}
                className="text-muted-foreground hover:text-destructive hover:bg-sidebar-accent focus-visible:ring-ring/50 absolute top-1/2 right-1 inline-flex size-7 -translate-y-1/2 items-center justify-center rounded-md outline-none focus-visible:ring-[3px]"
              >
                <Trash2Icon className="size-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    );
  }
}
