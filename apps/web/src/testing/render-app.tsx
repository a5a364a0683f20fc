import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';

import { AppProvider } from '@/app/provider';
import { bindAuthNavigation, buildAppRoutes } from '@/app/router/router';
import { createQueryClient, queryConfig } from '@/lib/query-client';

export function createTestQueryClient(): QueryClient {
  return createQueryClient({ ...queryConfig, queries: { ...queryConfig.queries, retry: false } });
}

export type RenderAppOptions = {
  /** Where the app starts. */
  path?: string;
  /** Defaults to the app's route tree. */
  routes?: RouteObject[];
  queryClient?: QueryClient;
  /** Render in StrictMode, as `app/mount.tsx` does (effects run twice in development). */
  isStrict?: boolean;
};

/** Renders the real providers and router in memory, starting at `path`. */
export function renderApp({
  path = '/',
  routes = buildAppRoutes(),
  queryClient = createTestQueryClient(),
  isStrict = false,
}: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  bindAuthNavigation(router);
  const app = (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  const view = render(isStrict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient };
}
