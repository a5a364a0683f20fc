import { describe, expect, it } from 'vitest';

import { MAX_ROUTE_DEPTH } from '@/config/constants';

import { APP_ROUTES, NOT_FOUND_ROUTE, PROTECTED_ROUTES, PUBLIC_ROUTES } from './route-config';
import type { AppRoute } from './route-types';
import { getRouteDepth } from './router';

/** Every public screen's path, written with {id} parameters. */
const SPEC_PUBLIC_PATHS = [
  '/service-outage',
  '/sign-in',
  '/sign-up',
  '/plan-selection',
  '/layman-sign/{tokenId}',
  '/privacy-policy',
  '/terms',
  '/auth/session',
];

const WIZARD_STEPS = [
  'type',
  'military-symptoms',
  'post-military-symptoms',
  'flare-ups',
  'treatments',
  'professional-impacts',
  'social-impacts',
  'generate',
  'download',
  'exposures',
  'trauma-events',
  'trauma-behaviors',
  'trauma-evidences',
  'trauma-criteria',
];

const SPEC_PROTECTED_PATHS = [
  '/dashboard',
  '/profile',
  '/loading-profile',
  '/welcome',
  '/welcome/profile',
  '/chats',
  '/chats/new',
  '/chats/{id}',
  '/decision-letter',
  '/decision-letters',
  '/decision-letters/{id}',
  '/decision-letters/{id}/results',
  '/disabilities',
  '/disabilities/new',
  '/disabilities/new/create',
  '/disabilities/bulk-add',
  '/disabilities/buddy-statement/new',
  '/disabilities/{id}',
  ...WIZARD_STEPS.map((step) => `/disabilities/{id}/${step}`),
  '/claims',
  '/documents',
  '/review',
  '/nexus',
  '/nexus/new',
  '/nexus/{id}',
  '/vault',
  '/veterans',
  '/veterans/new',
  '/veterans/{id}',
  '/stripe-portal-return',
  '/redirect-to-stripe',
  '/link-vso',
  '/va-forms',
  '/va-forms/intent-to-file',
  '/va-forms/526ez',
  '/va-forms/claims',
  '/va-forms/claims/{id}',
  '/va-conditions',
  '/cfile',
  '/cfile/queue',
  '/cfile/medications',
  '/cfile/disabilities',
  '/cfile/complete',
];

/** `/chats/:threadId` and `/chats/{id}` both become `/chats/:param`. */
const normalise = (path: string) => path.replace(/:\w+|\{\w+\}/g, ':param');

function flatten(routes: readonly AppRoute[], depth = 1): (AppRoute & { depth: number })[] {
  return routes.flatMap((route) => [
    { ...route, depth },
    ...flatten(route.children ?? [], depth + 1),
  ]);
}

const allRoutes = flatten(APP_ROUTES);

/** Protected screens that are extras, not product screens (checked on their own below). */
const APP_EXTRA_PROTECTED_PATHS = ['/calculator'];
/** Public screens beyond the spec's: where a physician uploads a signed nexus letter. */
const APP_EXTRA_PUBLIC_PATHS = ['/provider-upload/:token', '/shared/:token'];

describe('route configuration', () => {
  it(`nests at most ${MAX_ROUTE_DEPTH} levels deep`, () => {
    expect(MAX_ROUTE_DEPTH).toBe(10);
    expect(getRouteDepth(APP_ROUTES)).toBeLessThanOrEqual(MAX_ROUTE_DEPTH);
    expect(getRouteDepth(APP_ROUTES)).toBe(2);
  });

  it('has every public path, outside the gate', () => {
    const publicPaths = flatten(PUBLIC_ROUTES)
      .map((route) => normalise(route.path))
      .filter((path) => path !== '/dev/outbox')
      .filter((path) => !APP_EXTRA_PUBLIC_PATHS.map(normalise).includes(path));
    expect(publicPaths.sort()).toEqual(SPEC_PUBLIC_PATHS.map(normalise).sort());
  });

  it('has every protected path, behind the gate', () => {
    const protectedPaths = flatten(PROTECTED_ROUTES)
      .map((route) => normalise(route.path))
      .filter((path) => !APP_EXTRA_PROTECTED_PATHS.includes(path));
    expect(protectedPaths.sort()).toEqual(SPEC_PROTECTED_PATHS.map(normalise).sort());
  });

  it('has the rating calculator as a protected extra with its own page', () => {
    const calculator = allRoutes.find((route) => route.path === '/calculator');
    expect(calculator).toMatchObject({ title: 'Rating calculator', isProtected: true });
  });

  it('has the developer outbox as a public extra (not a product screen)', () => {
    const outbox = allRoutes.filter((route) => route.path.startsWith('/dev'));
    expect(outbox.map((route) => [route.path, route.isProtected])).toEqual([
      ['/dev/outbox', false],
    ]);
  });

  it('has no duplicate paths', () => {
    const paths = allRoutes.map((route) => normalise(route.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('marks each route consistently: children share their parent’s gate', () => {
    for (const route of PUBLIC_ROUTES) expect(route.isProtected).toBe(false);
    for (const route of PROTECTED_ROUTES) expect(route.isProtected).toBe(true);
    for (const route of allRoutes) {
      for (const child of route.children ?? []) {
        expect(child.isProtected).toBe(route.isProtected);
        expect(child.path.startsWith(`${route.path}/`)).toBe(true);
      }
    }
  });

  it('gives every route an absolute path and a title', () => {
    for (const route of allRoutes) {
      expect(route.path).toMatch(/^\/[a-z0-9/:-]+$/i);
      expect(route.title.trim()).not.toBe('');
    }
  });

  it('loads every route lazily as a module with a component', async () => {
    for (const route of [...allRoutes, NOT_FOUND_ROUTE]) {
      expect(typeof route.lazy).toBe('function');
      const module = await route.lazy();
      expect(typeof module.Component).toBe('function');
    }
  });

  it('names the pages of the chat assistant, the vault, the C-file and the VSO link', () => {
    const titleOf = (path: string) => allRoutes.find((route) => route.path === path)?.title;
    expect(
      [
        '/chats',
        '/chats/new',
        '/chats/:threadId',
        '/vault',
        '/documents',
        '/cfile',
        '/cfile/queue',
        '/cfile/medications',
        '/cfile/disabilities',
        '/cfile/complete',
        '/link-vso',
      ].map(titleOf),
    ).toEqual([
      'Chats',
      'New chat',
      'Chat',
      'File Vault',
      'Documents',
      'C-file',
      'C-file processing',
      'C-file medications',
      'C-file conditions',
      'C-file summary',
      'Link a VSO',
    ]);
  });

  it('uses the product’s screen names as titles', () => {
    const titleOf = (path: string) => allRoutes.find((route) => route.path === path)?.title;
    expect(titleOf('/service-outage')).toBe('Service Outage');
    expect(titleOf('/sign-in')).toBe('Sign in');
    expect(titleOf('/sign-up')).toBe('Sign up');
    expect(titleOf('/plan-selection')).toBe('Plan selection');
    expect(titleOf('/layman-sign/:tokenId')).toBe('Sign Layman Statement');
    expect(titleOf('/privacy-policy')).toBe('Privacy policy');
    expect(titleOf('/dashboard')).toBe('Dashboard');
    expect(titleOf('/profile')).toBe('Account');
    expect(titleOf('/decision-letter')).toBe('Decision Letter Analyzer');
    expect(titleOf('/vault')).toBe('File Vault');
  });
});
