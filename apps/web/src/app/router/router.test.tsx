import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { DISCLAIMER_TEXT } from '@/components/layouts/disclaimer-footer';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { buildAppRoutes, getRouteDepth } from './router';
import type { AppRoute, RouteModule } from './route-types';

const page =
  (text: string): (() => Promise<RouteModule>) =>
  () =>
    Promise.resolve({ Component: () => <h1>{text}</h1> });

function nest(depth: number): AppRoute {
  const route: AppRoute = {
    path: `/d${depth}`,
    title: `Depth ${depth}`,
    isProtected: false,
    lazy: page('x'),
  };
  return depth === 1 ? route : { ...route, children: [nest(depth - 1)] };
}

describe('getRouteDepth', () => {
  it('counts nesting levels', () => {
    expect(getRouteDepth([])).toBe(0);
    expect(getRouteDepth([nest(1)])).toBe(1);
    expect(getRouteDepth([nest(1), nest(4)])).toBe(4);
  });
});

describe('buildAppRoutes', () => {
  it('refuses a configuration nested deeper than 10', () => {
    expect(() => buildAppRoutes({ routes: [nest(10)] })).not.toThrow();
    expect(() => buildAppRoutes({ routes: [nest(11)] })).toThrow(/nest 11 deep; the limit is 10/);
  });

  it('renders a layout around a page and its children', async () => {
    const { Outlet } = await import('react-router');
    const routes: AppRoute[] = [
      {
        path: '/wizard',
        title: 'Wizard',
        isProtected: true,
        layout: () =>
          Promise.resolve({
            Component: () => (
              <section aria-label="Wizard layout">
                <Outlet />
              </section>
            ),
          }),
        lazy: page('Wizard start'),
        children: [
          { path: '/wizard/step', title: 'Step', isProtected: true, lazy: page('Wizard step') },
        ],
      },
    ];

    mockSignedIn();
    const first = renderApp({ path: '/wizard', routes: buildAppRoutes({ routes }) });
    const layout = await screen.findByRole('region', { name: 'Wizard layout' });
    expect(layout).toContainElement(screen.getByRole('heading', { name: 'Wizard start' }));
    first.unmount();

    renderApp({ path: '/wizard/step', routes: buildAppRoutes({ routes }) });
    expect(await screen.findByRole('heading', { name: 'Wizard step' })).toBeInTheDocument();
  });
});

describe('the app router', () => {
  it('redirects / to /dashboard', async () => {
    mockSignedIn();
    const { router } = renderApp({ path: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('renders the frame: header, main landmark and the footer disclaimer', async () => {
    mockSignedIn();
    renderApp({ path: '/vault' });

    expect(await screen.findByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
    expect(screen.getByRole('banner')).toHaveTextContent('Muster');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('contentinfo')).toHaveTextContent(DISCLAIMER_TEXT);
    expect(screen.getByRole('link', { name: /Find an accredited representative/ })).toHaveAttribute(
      'href',
      'https://www.va.gov/get-help-from-accredited-representative/find-rep/',
    );
  });

  it('renders public pages too, such as the privacy policy', async () => {
    renderApp({ path: '/privacy-policy' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'What we never do' })).toBeVisible();
    expect(screen.getByText(/We do not sell your information/)).toBeVisible();
    expect(
      screen.getByText(/each of these is encrypted on its own with AES-256-GCM: your name/),
    ).toBeVisible();
    expect(
      screen.getByText(
        /stay unencrypted: the names of your\s+disabilities and conditions, the names of your documents,\s+and the names you give your\s+claims/,
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Your records and uploaded files are encrypted/)).toBeNull();
    // The titles of conversations are encrypted, so they are not among the plain labels.
    expect(screen.queryByText(/stay unencrypted: the titles of your conversations/)).toBeNull();
  });

  it('renders the terms of use', async () => {
    renderApp({ path: '/terms' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    expect(screen.getAllByText(/legal or medical advice/).length).toBeGreaterThan(0);
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp({ path: '/no/such/page' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Lost in Cyberspace' }),
    ).toBeVisible();
  });

  it('shows the service outage page with a retry button', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderApp({ path: '/service-outage?from=%2Fvault' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Service Outage' })).toBeVisible();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(assign).toHaveBeenCalledWith('/vault');
  });
});
