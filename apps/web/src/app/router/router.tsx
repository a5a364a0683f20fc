import { Navigate, Outlet, createBrowserRouter, redirect, type RouteObject } from 'react-router';

import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PageSpinner } from '@/components/ui/spinner';
import { MAX_ROUTE_DEPTH } from '@/config/constants';
import { authClient, type AuthClient } from '@/lib/auth-client';
import { trackModuleLoad } from '@/lib/chunk-errors';

import { ProtectedRouteGate } from './protected-route-gate';
import { APP_ROUTES, NOT_FOUND_ROUTE, ROUTE_REDIRECTS } from './route-config';
import type { AppRoute, AppRouteHandle, LazyRouteModule } from './route-types';
import { RootErrorBoundary, RootLayout } from '../shell/root-layout';

/** How deep `children` nest: a route without children has depth 1. */
export function getRouteDepth(routes: readonly AppRoute[]): number {
  return routes.reduce(
    (deepest, route) => Math.max(deepest, 1 + getRouteDepth(route.children ?? [])),
    0,
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  const handle: AppRouteHandle = { title: route.title };
  const page = { handle, lazy: trackModuleLoad(route.lazy) };
  const children = route.children ?? [];
  if (children.length === 0 && !route.layout) return { path: route.path, ...page };

  // A layout (or, without one, a bare <Outlet />) around the page itself and its children.
  return {
    path: route.path,
    ...(route.layout ? { lazy: trackModuleLoad(route.layout) } : {}),
    children: [{ index: true, ...page }, ...children.map(toRouteObject)],
  };
}

/**
 * The spinner while the first page's code loads. Marked so the layout leaves the footer out
 * meanwhile: shown under a spinner it would jump down when the page arrives.
 */
function FirstLoadSpinner() {
  return (
    <div data-slot="first-load">
      <PageSpinner />
    </div>
  );
}

function ProtectedRoutes() {
  return (
    <ProtectedRouteGate>
      <Outlet />
    </ProtectedRouteGate>
  );
}

export type BuildAppRoutesOptions = {
  routes?: readonly AppRoute[];
  redirects?: readonly { from: string; to: string }[];
  notFound?: { title: string; lazy: LazyRouteModule };
};

/** The React Router tree for a route configuration (the app's by default). */
export function buildAppRoutes({
  routes = APP_ROUTES,
  redirects = ROUTE_REDIRECTS,
  notFound = NOT_FOUND_ROUTE,
}: BuildAppRoutesOptions = {}): RouteObject[] {
  const depth = getRouteDepth(routes);
  if (depth > MAX_ROUTE_DEPTH) {
    throw new Error(`Routes nest ${depth} deep; the limit is ${MAX_ROUTE_DEPTH}.`);
  }

  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          // Page errors render inside the frame, so the header and footer stay usable.
          id: 'pages',
          ErrorBoundary: RouteErrorBoundary,
          HydrateFallback: FirstLoadSpinner,
          children: [
            // The loader redirects before anything renders; the element covers a render without it.
            ...redirects.map(({ from, to }) => ({
              path: from,
              loader: () => redirect(to),
              element: <Navigate to={to} replace />,
            })),
            ...routes.filter((route) => !route.isProtected).map(toRouteObject),
            {
              id: 'protected',
              Component: ProtectedRoutes,
              children: routes.filter((route) => route.isProtected).map(toRouteObject),
            },
            {
              path: '*',
              handle: { title: notFound.title } satisfies AppRouteHandle,
              lazy: trackModuleLoad(notFound.lazy),
            },
          ],
        },
      ],
    },
  ];
}

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

/**
 * Lets the auth client navigate with the router (sign-out → /sign-in, outage → /service-outage);
 * absolute URLs (another host) load as pages.
 */
export function bindAuthNavigation(router: AppRouter, client: AuthClient = authClient) {
  client.setNavigator({
    navigate: (to, state) => {
      if (/^https?:\/\//.test(to)) window.location.assign(to);
      else void router.navigate(to, { state });
    },
    getCurrentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
}

export function createAppRouter() {
  const router = createBrowserRouter(buildAppRoutes());
  bindAuthNavigation(router);
  return router;
}
