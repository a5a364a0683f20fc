import { ERR } from '@muster/contract/errors';
import type { SubscriptionStatus } from '@muster/contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';
import { apiError, json } from '@/testing/api-mock';
import { buildProfile } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn, mockSignedOut } from '@/testing/session';

import { decide } from './protected-route-gate';

function mockAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

describe('decide', () => {
  it('follows the subscription gate for every status', () => {
    const at = (status: SubscriptionStatus | null, pathname = '/vault') =>
      decide({ is_deleted: false, subscription_status: status }, pathname, `${pathname}?tab=2`)
        .kind;
    for (const status of ['trialing', 'active', 'lifetime'] as const)
      expect(at(status)).toBe('render');
    for (const status of ['past_due', 'unpaid', 'paused'] as const) {
      expect(at(status)).toBe('billing-portal');
    }
    for (const status of ['canceled', 'incomplete', 'incomplete_expired', null] as const) {
      expect(at(status)).toBe('sign-up');
    }
    expect(
      decide({ is_deleted: false, subscription_status: 'past_due' }, '/vault', '/vault?tab=2'),
    ).toEqual({ kind: 'billing-portal', returnPath: '/dashboard?from=%2Fvault%3Ftab%3D2' });
  });

  it('puts a deleted profile first, and lets billing pages through without a subscription', () => {
    expect(
      decide({ is_deleted: true, subscription_status: 'active' }, '/vault', '/vault').kind,
    ).toBe('deleted');
    expect(
      decide({ is_deleted: false, subscription_status: null }, '/stripe-portal-return', '/x').kind,
    ).toBe('render');
    expect(
      decide({ is_deleted: false, subscription_status: 'canceled' }, '/redirect-to-stripe', '/x')
        .kind,
    ).toBe('render');
  });
});

describe('ProtectedRouteGate', () => {
  it('sends a visitor without a session to /sign-in', async () => {
    mockSignedOut();
    const { router } = renderApp({ path: '/vault' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('treats an anonymous (buddy signer) session as signed out', async () => {
    const { api } = mockSignedIn({ user: { isAnonymous: true } });
    const { router } = renderApp({ path: '/vault' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByLabelText('Email')).toBeVisible();
    expect(api.calls('GET', '/users/user-1')).toHaveLength(0);
  });

  it('shows "Loading your account..." full screen while the account loads', async () => {
    const { api } = mockSignedIn();
    let release: () => void = () => {};
    api.use({
      'GET /users/user-1': () =>
        new Promise((resolve) => {
          release = () => resolve(json(buildProfile()));
        }),
    });
    renderApp({ path: '/vault' });

    expect(await screen.findByText('Loading your account...')).toBeVisible();
    await waitFor(() => expect(api.calls('GET', '/users/user-1')).toHaveLength(1));
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
  });

  it.each(['trialing', 'active', 'lifetime'] as const)(
    'lets a %s subscription in',
    async (status) => {
      mockSignedIn({ profile: { subscription_status: status } });
      renderApp({ path: '/vault' });
      expect(await screen.findByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
    },
  );

  it.each(['past_due', 'unpaid', 'paused'] as const)(
    'opens the billing portal for a %s subscription, returning to the dashboard with from',
    async (status) => {
      const assign = mockAssign();
      const { api } = mockSignedIn({
        profile: { subscription_status: status },
        routes: {
          'POST /stripe/subscription-portal': json({ url: 'https://billing.example/session/1' }),
        },
      });
      renderApp({ path: '/vault?tab=2' });

      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/session/1'));
      expect(api.calls('POST', '/stripe/subscription-portal')).toHaveLength(1);
      expect(api.calls('POST', '/stripe/subscription-portal')[0]?.body).toEqual({
        return_url: `${window.location.origin}/dashboard?from=%2Fvault%3Ftab%3D2`,
      });
      expect(screen.getByRole('status')).toHaveTextContent('Opening the billing portal...');
      expect(window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT)).not.toBeNull();
    },
  );

  it('says so when the portal cannot open, clears the pending flag and keeps export available', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockSignedIn({
      profile: { subscription_status: 'past_due' },
      routes: { 'POST /stripe/subscription-portal': apiError(500, ERR.INTERNAL) },
    });
    renderApp({ path: '/vault' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your subscription needs attention' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open billing portal' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export all my data' })).toBeVisible();
    expect(window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT)).toBeNull();
    // Portal failures are only logged, never toasted: the page says what happened.
    expect(screen.queryByText('An unexpected error occurred')).not.toBeInTheDocument();
  });

  it('waits for the confirmation instead of looping back to the portal after a visit', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.PENDING_CHECKOUT, 'earlier');
    const assign = mockAssign();
    const { api } = mockSignedIn({ profile: { subscription_status: 'past_due' } });
    renderApp({ path: '/vault' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Confirming your subscription' }),
    ).toBeVisible();
    expect(assign).not.toHaveBeenCalled();
    expect(api.calls('POST', '/stripe/subscription-portal')).toHaveLength(0);

    // The provider confirms: the next check lets the user in and clears the flag.
    api.use({ 'GET /users/user-1': json(buildProfile({ subscription_status: 'active' })) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'File Vault' }, { timeout: 5000 }),
    ).toBeVisible();
    await waitFor(() =>
      expect(window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT)).toBeNull(),
    );
  });

  it.each(['canceled', 'incomplete', null] as const)(
    'sends a %s subscription to sign-up, which forwards to plan selection',
    async (status) => {
      mockSignedIn({ profile: { subscription_status: status } });
      const { router } = renderApp({ path: '/vault' });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Plan selection' }),
      ).toBeVisible();
      expect(router.state.location.pathname).toBe('/plan-selection');
    },
  );

  it('shows an error panel with Retry when the profile cannot be loaded', async () => {
    const { api } = mockSignedIn({ routes: { 'GET /users/user-1': apiError(500, ERR.INTERNAL) } });
    renderApp({ path: '/vault' });

    expect(
      await screen.findByRole('heading', { name: 'We could not load your account' }),
    ).toBeVisible();
    api.use({ 'GET /users/user-1': json(buildProfile()) });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
  });
});

describe('an account scheduled for deletion', () => {
  const deleted = {
    is_deleted: true,
    deletion_scheduled_for: '2026-12-21T12:00:00.000Z',
  };

  it('offers to keep the account; keeping it cancels the deletion and opens the page', async () => {
    const { api } = mockSignedIn({
      profile: deleted,
      routes: {
        'POST /users/user-1/cancel-deletion': json({
          is_deleted: false,
          deletion_scheduled_for: null,
        }),
      },
    });
    renderApp({ path: '/vault' });

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your account is scheduled for deletion',
      }),
    ).toBeVisible();
    expect(screen.getByText(/December 21, 2026/)).toBeVisible();

    api.use({ 'GET /users/user-1': json(buildProfile()) });
    await userEvent.click(screen.getByRole('button', { name: 'Keep my account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
    expect(api.calls('POST', '/users/user-1/cancel-deletion')).toHaveLength(1);
    expect(await screen.findByText('Welcome back')).toBeInTheDocument();
  });

  it('signs out when the user declines', async () => {
    const { api } = mockSignedIn({ profile: deleted });
    const { router } = renderApp({ path: '/vault' });

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
    await waitFor(() => expect(api.calls('POST', '/auth/sign-out')).toHaveLength(1));
  });
});

describe('signing out and 401s', () => {
  it('a 401 from the API signs out and goes to /sign-in', async () => {
    mockSignedIn({ routes: { 'GET /users/user-1': apiError(401, ERR.SESSION_EXPIRED) } });
    const { router } = renderApp({ path: '/vault' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
  });

  it('"Log out" in the account menu signs out', async () => {
    const { api } = mockSignedIn();
    const { router } = renderApp({ path: '/vault' });
    await screen.findByRole('heading', { level: 1, name: 'File Vault' });

    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Account' })).toBeVisible();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-in');
    await waitFor(() => expect(api.calls('POST', '/auth/sign-out')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    // Chosen sign-out: signing in again starts at the dashboard, not the page left behind.
    expect(router.state.location.state).toBeNull();
  });

  it('a session that ended by itself remembers the page to come back to', async () => {
    mockSignedIn({ routes: { 'GET /users/user-1': apiError(401, ERR.SESSION_EXPIRED) } });
    const { router } = renderApp({ path: '/vault?tab=2' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.state).toEqual({ from: '/vault?tab=2' });
  });
});
