import { Outlet, ScrollRestoration, useMatches, useNavigation, useRouteError } from 'react-router';

import { ErrorScreen } from '@/components/errors/error-screen';
import { AppLayout } from '@/components/layouts/app-layout';

import { isAppRouteHandle } from './route-types';

const APP_NAME = 'Muster';

/** The deepest matched route's title, for the document title. */
function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isAppRouteHandle(handle)) return handle.title;
  }
  return undefined;
}

/** The root route's element: the app frame, the document title and scroll restoration. */
export function RootLayout() {
  const title = useRouteTitle();
  const navigation = useNavigation();
  return (
    <AppLayout isNavigating={navigation.state === 'loading'}>
      <title>{title ? `${title} · ${APP_NAME}` : APP_NAME}</title>
      <Outlet />
      <ScrollRestoration />
    </AppLayout>
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
