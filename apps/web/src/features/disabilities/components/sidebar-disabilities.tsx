import { ClipboardListIcon } from 'lucide-react';
import { NavLink } from 'react-router';

import { useSidebar } from '@/components/layouts/sidebar-state';
import { paths } from '@/config/paths';
import { cn } from '@/utils/cn';

import { useLatestDisabilities } from '../api/get-disabilities';

/** How many disabilities the sidebar lists (the dashboard shows some of the same page). */
export const LATEST_DISABILITIES = 5;

/**
 * The Disabilities group's latest few, newest first, each a link to its page. Nothing shows in the
 * icon-only sidebar, while loading, on failure (the group's own links still lead to the list), or
 * when there are none.
 */
export function SidebarDisabilities({
  isCompact,
  userId,
}: {
  isCompact: boolean;
  /** The signed-in user; the list loads once it is known. */
  userId: string | undefined;
}) {
  const disabilities = useLatestDisabilities(LATEST_DISABILITIES, {
    enabled: userId !== undefined,
  });
  const { setMobileOpen } = useSidebar();
  const items = disabilities.data?.results ?? [];
  if (isCompact || items.length === 0) return null;
  return (
    <ul aria-label="Latest disabilities" className="flex flex-col gap-0.5">
      {items.map((disability) => (
        <li key={disability.id}>
          <NavLink
            to={paths.disabilities.wizard.getHref(disability.id)}
            end
            onClick={() => setMobileOpen(false)}
            className={({ isActive }) =>
              cn(
                'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-ring/50 flex h-9 items-center gap-2 rounded-md px-2 text-sm outline-none focus-visible:ring-[3px]',
                isActive && 'bg-sidebar-accent text-sidebar-accent-foreground font-medium',
              )
            }
          >
            <ClipboardListIcon className="size-4 shrink-0" aria-hidden />
            <span className="truncate">{disability.title}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
