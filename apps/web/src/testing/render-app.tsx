import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';

import { AppProvider } from '@/app/provider';
import { buildAppRoutes } from '@/app/router';
import { queryConfig } from '@/lib/query-client';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } },
  });
}

export type RenderAppOptions = {
  /** Where the app starts. */
  path?: string;
  /** Defaults to the app's route tree. */
  routes?: RouteObject[];
};

/** Renders the real providers and router in memory, starting at `path`. */
export function renderApp({ path = '/', routes = buildAppRoutes() }: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
