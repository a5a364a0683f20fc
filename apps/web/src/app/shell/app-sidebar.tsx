import { planLabel } from '@muster/domain/subscription';
import {
  FileDownIcon,
  FilePlusIcon,
  FileTextIcon,
  FolderLockIcon,
  LayoutDashboardIcon,
  ListIcon,
  ListPlusIcon,
  MessageSquarePlusIcon,
  MessagesSquareIcon,
  PlusIcon,
  ScanSearchIcon,
  Share2Icon,
  type LucideIcon,
} from 'lucide-react';
import { Suspense, lazy, type ReactElement, type ReactNode } from 'react';
import { NavLink } from 'react-router';

import { Logo } from '@/components/brand/logo';
import { ErrorBoundary } from '@/components/errors/error-boundary';
import { NonEssential } from '@/components/errors/non-essential';
import { useSidebar } from '@/components/layouts/sidebar-state';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { SOCIAL_LINK_LABEL } from '@/config/constants';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { freePriceIdOf, useBillingConfig } from '@/features/billing/api/get-billing-config';
import { SidebarDisabilities } from '@/features/disabilities/components/sidebar-disabilities';
import { BranchBadge } from '@/features/military-theme/components/branch-badge';
import { SidebarThreads } from '@/features/threads/components/sidebar-threads';
import { useProfile } from '@/features/users/api/get-profile';
import { useCurrentUser } from '@/lib/use-auth';
import { cn } from '@/utils/cn';

// Dropdown menus carry Radix popper code: they load after the first page (first-load budget).
const AccountMenuControl = lazy(() =>
  import('./account-controls').then((module) => ({ default: module.AccountMenuControl })),
);
const MilitaryThemeMenu = lazy(() =>
  import('@/features/military-theme/components/military-theme-menu').then((module) => ({
    default: module.MilitaryThemeMenu,
  })),
);

// Tooltips carry the positioning engine too: they load only once the sidebar is collapsed.
const SidebarTooltip = lazy(() =>
  import('./sidebar-tooltip').then((module) => ({ default: module.SidebarTooltip })),
);

/** In the icon-only sidebar, `children` shows `label` as a tooltip; expanded, it shows its text. */
function IconTooltip({
  label,
  isCompact,
  children,
}: {
  label: string;
  isCompact: boolean;
  children: ReactElement;
}) {
  if (!isCompact) return children;
  return (
    <ErrorBoundary fallback={() => children}>
      <Suspense fallback={children}>
        <SidebarTooltip label={label}>{children}</SidebarTooltip>
      </Suspense>
    </ErrorBoundary>
  );
}

/** A control loaded on demand keeps its place (a 36 px square) while its code loads. */
function SidebarControl({ children }: { children: ReactNode }) {
  return (
    <NonEssential placeholder={<span className="size-9" aria-hidden />}>{children}</NonEssential>
  );
}

/** `name` is the accessible name where the visible `label` alone is ambiguous ("View All"). */
type Item = { label: string; name?: string; href: string; Icon: LucideIcon };

function SidebarLink({ item, isCompact }: { item: Item; isCompact: boolean }) {
  const { setMobileOpen } = useSidebar();
  return (
    <li>
      <IconTooltip label={item.name ?? item.label} isCompact={isCompact}>
        <NavLink
          to={item.href}
          end
          aria-label={item.name}
          onClick={() => setMobileOpen(false)}
          className={({ isActive }) =>
            cn(
              'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-ring/50 flex h-9 items-center gap-2 rounded-md px-2 text-sm outline-none focus-visible:ring-[3px]',
              isActive && 'bg-sidebar-accent text-sidebar-accent-foreground font-medium',
              isCompact && 'justify-center px-0',
            )
          }
        >
          <item.Icon className="size-4 shrink-0" aria-hidden />
          <span className={cn('truncate', isCompact && 'sr-only')}>{item.label}</span>
        </NavLink>
      </IconTooltip>
    </li>
  );
}

function SidebarGroup({
  title,
  items,
  isCompact,
  children,
}: {
  title: string;
  items: Item[];
  isCompact: boolean;
  children?: ReactNode;
}) {
  const id = `sidebar-group-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h2
        id={id}
        className={cn(
          'text-muted-foreground px-2 text-xs font-semibold tracking-wide uppercase',
          isCompact && 'sr-only',
        )}
      >
        {title}
      </h2>
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <SidebarLink key={item.href + item.label} item={item} isCompact={isCompact} />
        ))}
      </ul>
      {children}
    </section>
  );
}

function usePlanLabel(): string | null {
  const user = useCurrentUser();
  const profile = useProfile(user?.id ?? '', { enabled: user !== null });
  const config = useBillingConfig();
  if (!profile.data) return null;
  return planLabel({
    status: profile.data.subscription_status,
    priceId: profile.data.price_id,
    freePriceId: freePriceIdOf(config.data),
  });
}

/** The sidebar's content; `isCompact` is the icon-only (3rem) state. */
export function AppSidebarContent({ isCompact = false }: { isCompact?: boolean }) {
  const user = useCurrentUser();
  const plan = usePlanLabel();
  return (
    <div className="flex h-full flex-col gap-4 py-3">
      <div
        className={cn(
          'flex min-h-8 flex-wrap items-center gap-2 px-3',
          isCompact && 'justify-center px-0',
        )}
      >
        <Logo isCompact={isCompact} />
        {plan && !isCompact ? (
          <span className="bg-secondary text-secondary-foreground rounded-full px-2 py-0.5 text-xs font-medium">
            {plan}
          </span>
        ) : null}
        {isCompact ? null : <BranchBadge />}
      </div>
      <nav aria-label="Main" className="flex flex-1 flex-col gap-4 overflow-y-auto px-2">
        <ul className="flex flex-col gap-0.5">
          <SidebarLink
            item={{
              label: 'Dashboard',
              href: paths.dashboard.getHref(),
              Icon: LayoutDashboardIcon,
            }}
            isCompact={isCompact}
          />
        </ul>
        <SidebarGroup
          title="Chats"
          isCompact={isCompact}
          items={[
            {
              label: 'Create new chat',
              href: paths.chats.new.getHref(),
              Icon: MessageSquarePlusIcon,
            },
          ]}
        >
          <SidebarThreads isCompact={isCompact} userId={user?.id} />
        </SidebarGroup>
        <SidebarGroup
          title="Disabilities"
          isCompact={isCompact}
          items={[
            { label: 'Add Disability', href: paths.disabilities.new.getHref(), Icon: PlusIcon },
            {
              label: 'Add Many Disabilities',
              href: paths.disabilities.bulkAdd.getHref(),
              Icon: ListPlusIcon,
            },
          ]}
        >
          <SidebarDisabilities isCompact={isCompact} userId={user?.id} />
          <ul className="flex flex-col gap-0.5">
            <SidebarLink
              item={{
                label: 'View All',
                name: 'View all disabilities',
                href: paths.disabilities.list.getHref(),
                Icon: ListIcon,
              }}
              isCompact={isCompact}
            />
          </ul>
        </SidebarGroup>
        <SidebarGroup
          title="Decision Letters"
          isCompact={isCompact}
          items={[
            {
              label: 'Analyze New',
              href: paths.decisionLetterAnalyzer.getHref(),
              Icon: FilePlusIcon,
            },
            {
              label: 'View All',
              name: 'View all decision letters',
              href: paths.decisionLetters.list.getHref(),
              Icon: FileTextIcon,
            },
          ]}
        />
        <ul className="flex flex-col gap-0.5">
          <SidebarLink
            item={{ label: 'File Vault', href: paths.vault.getHref(), Icon: FolderLockIcon }}
            isCompact={isCompact}
          />
          <SidebarLink
            item={{ label: 'Documents', href: paths.documents.getHref(), Icon: FileDownIcon }}
            isCompact={isCompact}
          />
          <SidebarLink
            item={{
              label: 'Rating calculator',
              href: paths.calculator.getHref(),
              Icon: ScanSearchIcon,
            }}
            isCompact={isCompact}
          />
          <li>
            <IconTooltip label="Join our Discord" isCompact={isCompact}>
              <a
                href={env.DISCORD_URL}
                target="_blank"
                rel="noreferrer"
                className={cn(
                  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-ring/50 flex h-9 items-center gap-2 rounded-md px-2 text-sm outline-none focus-visible:ring-[3px]',
                  isCompact && 'justify-center px-0',
                )}
              >
                <MessagesSquareIcon className="size-4 shrink-0" aria-hidden />
                <span className={cn(isCompact && 'sr-only')}>Join our Discord</span>
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </IconTooltip>
          </li>
        </ul>
      </nav>
      <div
        className={cn(
          'flex flex-wrap items-center gap-1 border-t px-2 pt-3',
          isCompact && 'flex-col',
        )}
      >
        <SidebarControl>
          <AccountMenuControl />
        </SidebarControl>
        {/* Collapsed, the three modes stack so the switch stays in reach. */}
        <ModeToggle className={cn(isCompact && 'flex-col')} />
        <SidebarControl>
          <MilitaryThemeMenu />
        </SidebarControl>
        <IconTooltip label={SOCIAL_LINK_LABEL} isCompact>
          <a
            href={env.SOCIAL_URL}
            target="_blank"
            rel="noreferrer"
            className="hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-ring/50 inline-flex size-9 items-center justify-center rounded-md outline-none focus-visible:ring-[3px]"
          >
            <Share2Icon className="size-4" aria-hidden />
            <span className="sr-only">{`${SOCIAL_LINK_LABEL} (opens in a new tab)`}</span>
          </a>
        </IconTooltip>
      </div>
    </div>
  );
}
