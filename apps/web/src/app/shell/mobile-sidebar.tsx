import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';
import { useSidebar } from '@/components/layouts/sidebar-state';
import { LiveAnnouncer } from '@/components/ui/live-announcer';
import { SIDEBAR } from '@/config/constants';

import { AppSidebarContent } from './app-sidebar';

/** The sidebar as a drawer below 768 px, 18rem wide. */
export function MobileSidebar() {
  const { isMobileOpen, setMobileOpen } = useSidebar();
  return (
    <Sheet open={isMobileOpen} onOpenChange={setMobileOpen}>
      <SheetContent side="left" className="bg-sidebar p-0" style={{ width: SIDEBAR.widthMobile }}>
        <SheetTitle className="sr-only">Sidebar</SheetTitle>
        <SheetDescription className="sr-only">Navigation and account settings</SheetDescription>
        <AppSidebarContent />
        {/* Toasts raised while the drawer hides the page are read out here. */}
        <LiveAnnouncer />
      </SheetContent>
    </Sheet>
  );
}
