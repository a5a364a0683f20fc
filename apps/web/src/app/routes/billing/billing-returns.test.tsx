import { ERR } from '@muster/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';
import { apiError, json } from '@/testing/api-mock';
import { buildProfile } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { parseBillingTarget } from './redirect-to-stripe';

function mockAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

describe('/stripe-portal-return', () => {
  it('a completed checkout refreshes the profile and continues to the dashboard', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.PENDING_CHECKOUT, 'now');
    const { api } = mockSignedIn({
      profile: { subscription_status: null, plan: null, price_id: null },
    });
    api.use({
      // The provider's webhook has landed by the time the checkout verifies as complete.
      'GET /subscriptions/verify-stripe-session': () => {
        api.use({
          'GET /users/user-1': json(
            buildProfile({
              subscription_status: 'active',
              plan: 'PRO_MONTHLY',
              price_id: 'price_pro_monthly',
            }),
          ),
        });
        return json({ status: 'complete', subscription_status: 'active' });
      },
    });
    const { router } = renderApp({ path: '/stripe-portal-return?session_id=cs_123' });

    await waitFor(() =>
      expect(api.calls('GET', '/subscriptions/verify-stripe-session')).toHaveLength(1),
    );
    expect(api.calls('GET', '/subscriptions/verify-stripe-session')[0]?.url.search).toBe(
      '?session_id=cs_123',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() =>
      expect(window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT)).toBeNull(),
    );
  });

  it('an unfinished checkout says nothing was charged and clears the pending flag', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.PENDING_CHECKOUT, 'now');
    mockSignedIn({
      profile: { subscription_status: null, plan: null, price_id: null },
      routes: {
        'GET /subscriptions/verify-stripe-session': json({
          status: 'open',
          subscription_status: null,
        }),
      },
    });
    renderApp({ path: '/stripe-portal-return?session_id=cs_123' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your payment was not completed' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/plan-selection',
    );
    expect(window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT)).toBeNull();
  });

  it('a portal return goes back to `from`', async () => {
    mockSignedIn();
    const { router } = renderApp({ path: '/stripe-portal-return?from=%2Fvault' });
    expect(await screen.findByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/vault');
  });
});

describe('/redirect-to-stripe', () => {
  it('parses its targets', () => {
    const parse = (search: string) => parseBillingTarget(new URLSearchParams(search));
    expect(parse('to=checkout&plan=LIFETIME')).toEqual({ to: 'checkout', plan: 'LIFETIME' });
    expect(parse('to=checkout&plan=FREE')).toBeNull();
    expect(parse('to=customer-portal')).toEqual({
      to: 'customer-portal',
      returnPath: '/stripe-portal-return',
    });
    expect(parse('to=elsewhere')).toBeNull();
  });

  it('opens the customer portal ("Billing" in the menu)', async () => {
    const assign = mockAssign();
    const { api } = mockSignedIn({
      profile: {
        subscription_status: 'active',
        plan: 'PRO_MONTHLY',
        price_id: 'price_pro_monthly',
      },
      routes: { 'POST /stripe/customer-portal': json({ url: 'https://billing.example/portal' }) },
    });
    renderApp({ path: '/redirect-to-stripe?to=customer-portal' });

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/portal'));
    expect(api.calls('POST', '/stripe/customer-portal')[0]?.body).toEqual({
      return_url: `${window.location.origin}/stripe-portal-return`,
    });
  });

  it('offers to try again when billing cannot be reached', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const assign = mockAssign();
    const { api } = mockSignedIn({
      routes: { 'POST /stripe/lifetime-checkout': apiError(500, ERR.INTERNAL) },
    });
    renderApp({ path: '/redirect-to-stripe?to=checkout&plan=LIFETIME' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Opening billing' })).toBeVisible();
    api.use({ 'POST /stripe/lifetime-checkout': json({ url: 'https://checkout.example/life' }) });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/life'));
  });
});

describe('/stripe-portal-return without a session', () => {
  it('a checkout left unfinished clears the pending flag and leads back to the plans', async () => {
    window.sessionStorage.setItem(STORAGE_KEYS.PENDING_CHECKOUT, 'now');
    mockSignedIn({ profile: { subscription_status: null, plan: null, price_id: null } });
    const { router } = renderApp({ path: '/stripe-portal-return' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Plan selection' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/plan-selection');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT)).toBeNull();
  });
});
