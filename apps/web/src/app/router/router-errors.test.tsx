import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { AppRoute } from '@/app/router/route-types';
import { buildAppRoutes } from '@/app/router/router';
import { STORAGE_KEYS } from '@/config/constants';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

let shouldThrow = true;

function FlakyPage() {
  if (shouldThrow) throw new Error('Statement preview crashed');
  return <h1>Statement preview</h1>;
}

function routesWith(lazy: AppRoute['lazy']) {
  return buildAppRoutes({
    routes: [
      {
        path: '/dashboard',
        title: 'Dashboard',
        isProtected: true,
        lazy: () => Promise.resolve({ Component: () => <h1>Dashboard</h1> }),
      },
      { path: '/flaky', title: 'Flaky', isProtected: true, lazy },
    ],
  });
}

function mockReload() {
  const reload = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
  return reload;
}

describe('route errors', () => {
  beforeEach(() => {
    mockSignedIn();
  });

  it('render errors show the error screen inside the frame; "Try Again" renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    renderApp({
      path: '/flaky',
      routes: routesWith(() => Promise.resolve({ Component: FlakyPage })),
    });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('main')).toContainElement(
      screen.getByRole('heading', { name: 'Something went wrong' }),
    );
    expect(screen.getByRole('contentinfo')).toBeVisible();
    expect(screen.getByText('Statement preview crashed')).toBeInTheDocument();

    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(await screen.findByRole('heading', { name: 'Statement preview' })).toBeVisible();
  });

  it('a route module that throws while loading shows the error screen; "Try Again" reloads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = mockReload();
    renderApp({
      path: '/flaky',
      routes: routesWith(() => Promise.reject(new Error('Module evaluation failed'))),
    });

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByText('Module evaluation failed')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a chunk that fails to download reloads the page once, behind a spinner', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = mockReload();
    const failingChunk = () =>
      Promise.reject(
        new TypeError('Failed to fetch dynamically imported module: /assets/flaky-1.js'),
      );

    const first = renderApp({ path: '/flaky', routes: routesWith(failingChunk) });

    expect(await screen.findByText('Loading the latest version of Muster')).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(STORAGE_KEYS.CHUNK_RELOAD)).not.toBeNull();
    first.unmount();

    // Same session, the chunk still fails: no second reload, the error screen instead.
    renderApp({ path: '/flaky', routes: routesWith(failingChunk) });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
