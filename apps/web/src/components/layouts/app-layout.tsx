import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { Logo } from '@/components/brand/logo';
import { DisclaimerFooter } from '@/components/layouts/disclaimer-footer';
import { ModeToggle } from '@/components/theme/mode-toggle';
import { paths } from '@/config/paths';

export type AppLayoutProps = {
  children: ReactNode;
  /** Shown above the page while a navigation is loading. */
  isNavigating?: boolean;
  /** Header controls next to the colour mode switch (the account menu). */
  headerActions?: ReactNode;
  /** A full-width strip under the header (the upgrade banner). */
  banner?: ReactNode;
  /** The signed-in shell's sidebar; the brand link then lives in it. */
  sidebar?: ReactNode;
  /** Header controls before the brand (sidebar toggle, search button). */
  headerStart?: ReactNode;
};

/**
 * The frame around every page: skip link, header, main landmark, footer with the disclaimer.
 * Signed in, the sidebar shell sits beside it.
 */
export function AppLayout({
  children,
  isNavigating = false,
  headerActions,
  banner,
  sidebar,
  headerStart,
}: AppLayoutProps) {
  return (
    <div className="flex min-h-dvh">
      {sidebar}
      {/* While a full-screen status covers everything, or the first page's code is loading, the
          footer is left out: laid out under them, it would sit near the top of the screen and
          jump down when the page arrives. */}
      <div className="flex min-w-0 flex-1 flex-col [&:has([data-slot=full-screen-status],[data-slot=first-load])>footer]:hidden">
        <a
          href="#main-content"
          className="bg-background focus:ring-ring/50 sr-only z-50 rounded-md px-3 py-2 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-[3px]"
        >
          Skip to main content
        </a>
        {/* Solid, so its text keeps a measured contrast; the brand stripe carries the theme. */}
        <header className="bg-header border-b-brand sticky top-0 z-40 border-b-2 print:hidden">
          <div className="mx-auto flex h-14 w-full max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
            <div className="flex min-w-0 flex-1 items-center gap-2">
              {headerStart}
              <Link
                to={paths.dashboard.getHref()}
                className="focus-visible:ring-ring/50 shrink-0 rounded-sm outline-none focus-visible:ring-[3px]"
              >
                {/* Beside the search button on a phone, the mark alone keeps the header in 375 px. */}
                <Logo hideWordmarkOnPhones={Boolean(sidebar)} />
              </Link>
            </div>
            <div className="flex items-center gap-1">
              {sidebar ? null : <ModeToggle />}
              {headerActions}
            </div>
          </div>
          {isNavigating ? (
            <div
              className="bg-primary/20 absolute inset-x-0 bottom-0 h-0.5 overflow-hidden"
              aria-hidden
            >
              <div className="bg-primary h-full w-1/3 animate-pulse motion-reduce:animate-none" />
            </div>
          ) : null}
        </header>
        {banner}
        <main
          id="main-content"
          tabIndex={-1}
          className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 outline-none sm:px-6 print:max-w-none print:p-0"
        >
          {children}
        </main>
        <DisclaimerFooter />
      </div>
    </div>
  );
}
