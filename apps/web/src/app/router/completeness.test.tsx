import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { screen, within } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { toPaletteGroups } from '@/features/search/components/palette-groups';
import { DISABILITY_WIZARD_STEPS, paths } from '@/config/paths';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { APP_ROUTES, ROUTE_REDIRECTS } from './route-config';
import type { AppRoute } from './route-types';

/**
 * The product is complete when no screen is a stand-in: every link the app offers (the sidebar,
 * the dashboard, the search palette, every path builder) leads to a real page of the route table,
 * and no page's source carries the words a stand-in screen shows.
 */

const flatten = (routes: readonly AppRoute[]): AppRoute[] =>
  routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);

const routeObjects = [
  ...flatten(APP_ROUTES).map((route) => ({ path: route.path })),
  ...ROUTE_REDIRECTS.map((redirect) => ({ path: redirect.from })),
];

/** The route an app link opens, or null when only the not-found page would answer it. */
function routeFor(href: string): string | null {
  const pathname = new URL(href, 'https://app.example').pathname;
  const matches = matchRoutes(routeObjects, pathname);
  return matches?.at(-1)?.route.path ?? null;
}

type Builder = { path?: string; getHref?: (...args: string[]) => string };

/** Every `getHref` of the paths tree, called with sample ids. */
function everyHref(tree: object, trail = 'paths'): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] => {
    if (typeof value !== 'object' || value === null) return [];
    const builder = value as Builder;
    if (typeof builder.getHref === 'function') {
      // A builder that takes a wizard step is tried with every step.
      return DISABILITY_WIZARD_STEPS.map((step): [string, string] => [
        `${trail}.${key}`,
        builder.getHref?.('sample-id', step) ?? '',
      ]);
    }
    return everyHref(value as object, `${trail}.${key}`);
  });
}

describe('completeness: every link leads to a real page', () => {
  it('every path builder opens a route of the route table', () => {
    const hrefs = everyHref(paths);
    expect(hrefs.length).toBeGreaterThan(40);
    const lost = hrefs.filter(([, href]) => routeFor(href) === null);
    expect(lost).toEqual([]);
  });

  it('every link of the sidebar and the dashboard opens a route of the route table', async () => {
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    const main = screen.getByRole('main');
    const links = [
      ...within(sidebar).getAllByRole('link'),
      ...within(main).getAllByRole('link'),
    ].map((link) => link.getAttribute('href') ?? '');
    const inApp = links.filter((href) => href.startsWith('/'));
    expect(inApp.length).toBeGreaterThan(10);
    expect(inApp.filter((href) => routeFor(href) === null)).toEqual([]);
  });

  it('every kind of search palette result opens a route of the route table', () => {
    const groups = toPaletteGroups({
      disabilities: [{ id: 'd1', title: 'Tinnitus', diagnosis: null }],
      documents: [{ id: 'f1', name: 'DD214', extension: 'pdf' }],
      threads: [{ id: 't1', title: 'Back pain' }],
    } as unknown as Parameters<typeof toPaletteGroups>[0]);
    const hrefs = groups.flatMap((group) => group.items.map((item) => item.href));
    expect(hrefs).toHaveLength(3);
    expect(hrefs.filter((href) => routeFor(href) === null)).toEqual([]);
  });
});

/** Words a stand-in screen shows; no page of the product may show them. */
const STAND_IN_WORDS = /coming soon|not built yet|under construction|placeholder screen/i;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const file = path.join(folder, name);
    if (statSync(file).isDirectory()) return name === 'testing' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('completeness: no stand-in screens', () => {
  it('no page or component of the app says it is coming soon', () => {
    const source = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const files = sourceFiles(source);
    expect(files.length).toBeGreaterThan(100);
    const standIns = files
      .filter((file) => STAND_IN_WORDS.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(source, file));
    expect(standIns).toEqual([]);
  });
});
