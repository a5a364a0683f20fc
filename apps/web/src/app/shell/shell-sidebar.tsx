import { lazy, type CSSProperties } from 'react';

import { NonEssential } from '@/components/errors/non-essential';
import { useSidebar } from '@/components/layouts/sidebar-state';
import { SIDEBAR } from '@/config/constants';
import { MilitaryThemeProvider } from '@/features/military-theme/components/military-theme-provider';

import { AppSidebarContent } from './app-sidebar';

// The drawer (Radix Dialog) loads the first time it opens on a phone.
const MobileSidebar = lazy(() =>
  import('./mobile-sidebar').then((module) => ({ default: module.MobileSidebar })),
);

/** Desktop: a 16rem column that collapses to 3rem icons; mobile: an 18rem drawer. */
function SidebarFrame() {
  const { isOpen, isMobile, isMobileOpen } = useSidebar();
  if (isMobile) {
    return isMobileOpen ? (
      <NonEssential>
        <MobileSidebar />
      </NonEssential>
    ) : null;
  }
  return (
    <aside
      aria-label="Sidebar"
      data-state={isOpen ? 'expanded' : 'collapsed'}
      style={{ width: isOpen ? SIDEBAR.width : SIDEBAR.widthIcon } as CSSProperties}
      className="bg-sidebar shrink-0 border-r transition-[width] duration-200 motion-reduce:transition-none print:hidden"
    >
      {/* The tint runs the page's full height; the content stays in view while the page scrolls. */}
      <div className="sticky top-0 h-dvh">
        <AppSidebarContent isCompact={!isOpen} />
      </div>
    </aside>
  );
}

/**
 * The signed-in sidebar with the military theme it controls. Loaded
 * after the first page; the theme provider stays mounted while the drawer is closed on phones.
 */
export function AppSidebar({ userId }: { userId: string }) {
  return (
    <MilitaryThemeProvider userId={userId}>
      <SidebarFrame />
    </MilitaryThemeProvider>
  );
}
