import { describe, expect, it, vi } from 'vitest';

import { paths } from '@/config/paths';

import { APP_ROUTES } from './route-config';
import { matchesPattern, preloadRouteModules, routeModulesFor } from './route-preload';
import type { AppRoute, LazyRouteModule } from './route-types';

const page = (): LazyRouteModule => vi.fn(() => Promise.resolve({ Component: () => null }));

function flatten(routes: readonly AppRoute[]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

describe('matchesPattern', () => {
  it('matches segment by segment, parameters standing for one segment', () => {
    expect(matchesPattern('/sign-in', '/sign-in')).toBe(true);
    expect(matchesPattern('/disabilities/:id/type', '/disabilities/42/type')).toBe(true);
    expect(matchesPattern('/disabilities/:id', '/disabilities/42/type')).toBe(false);
    expect(matchesPattern('/disabilities/:id/type', '/disabilities/type')).toBe(false);
    expect(matchesPattern('/sign-in', '/sign-up')).toBe(false);
  });

  it('ignores a trailing slash and letter case, as the router does', () => {
    expect(matchesPattern('/sign-in', '/sign-in/')).toBe(true);
    expect(matchesPattern('/sign-in', '/Sign-In')).toBe(true);
    expect(matchesPattern('/', '/')).toBe(true);
  });
});

describe('routeModulesFor', () => {
  it('finds the page of every route in the app, with concrete values for its parameters', () => {
    for (const route of flatten(APP_ROUTES)) {
      const pathname = route.path.replace(/:(\w+)/g, 'value-$1');
      expect(routeModulesFor(pathname).at(-1), route.path).toBe(route.lazy);
    }
  });

  it('follows a redirect: the root path loads the dashboard', () => {
    const dashboard = APP_ROUTES.find((route) => route.path === paths.dashboard.path);
    expect(routeModulesFor('/')).toEqual([dashboard?.lazy]);
  });

  it('puts the layouts around a page first, outermost first', () => {
    const [outer, inner, list, detail] = [page(), page(), page(), page()];
    const routes: AppRoute[] = [
      {
        path: '/items',
        title: 'Items',
        isProtected: true,
        layout: outer,
        lazy: list,
        children: [
          { path: '/items/:id', title: 'Item', isProtected: true, layout: inner, lazy: detail },
        ],
      },
    ];
    expect(routeModulesFor('/items', routes, [])).toEqual([outer, list]);
    expect(routeModulesFor('/items/7', routes, [])).toEqual([outer, inner, detail]);
  });

  it('prefers a fixed segment to a parameter, whatever the order of the routes', () => {
    const [byId, fresh] = [page(), page()];
    const routes: AppRoute[] = [
      { path: '/chats/:id', title: 'Chat', isProtected: true, lazy: byId },
      { path: '/chats/new', title: 'New chat', isProtected: true, lazy: fresh },
    ];
    expect(routeModulesFor('/chats/new', routes, [])).toEqual([fresh]);
    expect(routeModulesFor('/chats/17', routes, [])).toEqual([byId]);
  });

  it('gives nothing for an unknown path (the not-found page loads as usual)', () => {
    expect(routeModulesFor('/no/such/page')).toEqual([]);
  });
});

describe('preloadRouteModules', () => {
  it('starts loading the page and swallows a failure, which the router reports itself', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      preloadRouteModules('/anything', () => [failing]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(failing).toHaveBeenCalledOnce();
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
