import { lazy } from 'react';
import { Outlet, ScrollRestoration, useMatches, useNavigation, useRouteError } from 'react-router';

import { NonEssential } from '@/components/errors/non-essential';
import { ErrorScreen } from '@/components/errors/error-screen';
import { AppLayout } from '@/components/layouts/app-layout';
import { SidebarProvider } from '@/components/layouts/sidebar-state';
import { UpdateNotice } from '@/components/layouts/update-notice';
import { isMemberSession } from '@/lib/auth-session';
import { useAuthState, useCurrentUser } from '@/lib/use-auth';
import { useUpgradePrompt } from '@/lib/upgrade-prompt';

import { SearchControl, SidebarTrigger } from './app-shell';
import { isAppRouteHandle } from '../router/route-types';

const APP_NAME = 'Muster';

// Signed-in extras load after the first page (first-load budget).
const AppSidebar = lazy(() =>
  import('./shell-sidebar').then((module) => ({ default: module.AppSidebar })),
);
const UpgradeBannerControl = lazy(() =>
  import('./account-controls').then((module) => ({ default: module.UpgradeBannerControl })),
);
const UpgradeDialogContainer = lazy(() =>
  import('./upgrade-dialog-container').then((module) => ({
    default: module.UpgradeDialogContainer,
  })),
);

/** The deepest matched route's title, for the document title. */
function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isAppRouteHandle(handle)) return handle.title;
  }
  return undefined;
}

/** Opens the upgrade dialog while a quota or permission answer asks for it. */
function UpgradeDialogHost() {
  const request = useUpgradePrompt();
  if (!request) return null;
  return (
    <NonEssential>
      <UpgradeDialogContainer request={request} />
    </NonEssential>
  );
}

/** The root route's element: the app frame, the document title and scroll restoration. */
export function RootLayout() {
  const title = useRouteTitle();
  const navigation = useNavigation();
  const isSignedIn = isMemberSession(useAuthState());
  const user = useCurrentUser();
  const page = (
    <>
      <title>{title ? `${title} · ${APP_NAME}` : APP_NAME}</title>
      <Outlet />
      <UpgradeDialogHost />
      <ScrollRestoration />
      {/* Production only: development servers and tests have no deploys to announce. */}
      {import.meta.env.PROD ? <UpdateNotice /> : null}
    </>
  );
  // One tree whether signed in or not: signing in must not remount the page (auth callbacks).
  const isShell = isSignedIn && user !== null;
  return (
    <SidebarProvider>
      <AppLayout
        isNavigating={navigation.state === 'loading'}
        sidebar={
          isShell ? (
            <NonEssential>
              <AppSidebar userId={user.id} />
            </NonEssential>
          ) : null
        }
        headerStart={
          isShell ? (
            <>
              <SidebarTrigger />
              <SearchControl />
            </>
          ) : null
        }
        banner={
          isShell ? (
            <NonEssential>
              <UpgradeBannerControl />
            </NonEssential>
          ) : null
        }
      >
        {page}
      </AppLayout>
    </SidebarProvider>
  );
}

/** The root route's errorElement: the frame itself failed, so render without it. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main-content" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6">
      <title>{`Something went wrong · ${APP_NAME}`}</title>
      <ErrorScreen error={error} onRetry={() => window.location.reload()} />
    </main>
  );
}
