import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';
import { BILLING_DISABLED_NOTE } from '@/features/billing/components/plan-selection';
import { apiError, json } from '@/testing/api-mock';
import { buildProfile } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn, mockSignedOut } from '@/testing/session';

const NEW_ACCOUNT = { subscription_status: null, price_id: null, plan: null } as const;

function mockAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

const freeSubscription = {
  id: 'sub-1',
  user_id: 'user-1',
  plan: 'FREE',
  price_id: 'price_free',
  status: 'active',
  current_period_end: null,
  cancel_at_period_end: false,
  created_at: '2026-11-21T12:00:00.000Z',
};

async function findPlans() {
  await screen.findByRole('heading', { level: 1, name: 'Plan selection' });
  return screen.findAllByRole('article');
}

describe('/plan-selection', () => {
  it('lists the four plans with their prices', async () => {
    mockSignedOut();
    renderApp({ path: '/plan-selection' });

    const plans = await findPlans();
    expect(
      plans.map((plan) => within(plan).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Free', 'Pro Monthly', 'Pro 6 Months', 'Lifetime']);
    expect(within(plans[0]!).getByText('$0')).toBeVisible();
    expect(within(plans[1]!).getByText('$29.99')).toBeVisible();
    expect(within(plans[1]!).getByText('per month')).toBeVisible();
    expect(within(plans[2]!).getByText('$149.99')).toBeVisible();
    expect(within(plans[3]!).getByText('one-time payment')).toBeVisible();
    expect(screen.queryByText(BILLING_DISABLED_NOTE)).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Choose the plan that fits your claim. You can start free and upgrade whenever you need more.',
      ),
    ).toBeVisible();
  });

  it('sends a visitor who is not signed in to sign up', async () => {
    mockSignedOut();
    const { router } = renderApp({ path: '/plan-selection' });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Pro Monthly' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/sign-up');
  });

  it('Free: a brand-new account goes to the welcome screen', async () => {
    const { api } = mockSignedIn({
      profile: NEW_ACCOUNT,
      routes: { 'POST /subscriptions/free': json(freeSubscription) },
    });
    const { router } = renderApp({ path: '/plan-selection' });
    await findPlans();

    api.use({ 'GET /users/user-1': json(buildProfile()) });
    await userEvent.click(screen.getByRole('button', { name: 'Choose Free' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: /^Welcome to Muster/ }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/welcome');
    expect(api.calls('POST', '/subscriptions/free')[0]?.body).toEqual({ plan: 'FREE' });
  });

  it('Free: a canceled account goes back to the dashboard, and can export its data meanwhile', async () => {
    const { api } = mockSignedIn({
      profile: {
        subscription_status: 'canceled',
        plan: 'PRO_MONTHLY',
        price_id: 'price_pro_monthly',
      },
      routes: { 'POST /subscriptions/free': json(freeSubscription) },
    });
    const { router } = renderApp({ path: '/plan-selection' });
    await findPlans();
    expect(screen.getByRole('heading', { name: 'Your data is safe' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export all my data' })).toBeVisible();

    api.use({ 'GET /users/user-1': json(buildProfile()) });
    await userEvent.click(screen.getByRole('button', { name: 'Choose Free' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('a failed free plan toasts the error', async () => {
    mockSignedIn({
      profile: NEW_ACCOUNT,
      routes: { 'POST /subscriptions/free': apiError(409, ERR.CONFLICT) },
    });
    renderApp({ path: '/plan-selection' });
    await findPlans();
    await userEvent.click(screen.getByRole('button', { name: 'Choose Free' }));
    expect(await screen.findByText('Resource conflict')).toBeInTheDocument();
  });

  it('paid plans open checkout with the plan’s price, returning to /stripe-portal-return', async () => {
    const assign = mockAssign();
    const { api } = mockSignedIn({
      profile: NEW_ACCOUNT,
      routes: {
        'POST /subscriptions/stripe-checkout-sessions': json({
          url: 'https://checkout.example/cs_1',
        }),
        'POST /stripe/lifetime-checkout': json({ url: 'https://checkout.example/cs_2' }),
      },
    });
    renderApp({ path: '/plan-selection' });
    await findPlans();

    await userEvent.click(screen.getByRole('button', { name: 'Choose Pro 6 Months' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_1'));
    expect(api.calls('POST', '/subscriptions/stripe-checkout-sessions')[0]?.body).toEqual({
      return_url: { scheme: 'http', domain: window.location.host, path: '/stripe-portal-return' },
      price_id: 'price_pro_biannually',
    });
    expect(window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT)).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Choose Lifetime' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/cs_2'));
    expect(api.calls('POST', '/stripe/lifetime-checkout')[0]?.body).toEqual({
      return_url: `${window.location.origin}/stripe-portal-return`,
    });
  });

  it('a checkout that cannot open says so on the page, without a toast', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockSignedIn({
      profile: NEW_ACCOUNT,
      routes: { 'POST /subscriptions/stripe-checkout-sessions': apiError(500, ERR.INTERNAL) },
    });
    renderApp({ path: '/plan-selection' });
    await findPlans();
    await userEvent.click(screen.getByRole('button', { name: 'Choose Pro Monthly' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('We could not open the checkout');
    expect(window.sessionStorage.getItem(STORAGE_KEYS.PENDING_CHECKOUT)).toBeNull();
    expect(screen.queryByText('An unexpected error occurred')).not.toBeInTheDocument();
  });

  it('with billing off, only Free is offered, with a note that nothing is limited', async () => {
    const { api } = mockSignedIn({
      profile: NEW_ACCOUNT,
      billing: { enabled: false },
      routes: { 'POST /subscriptions/free': json(freeSubscription) },
    });
    renderApp({ path: '/plan-selection' });
    const plans = await findPlans();

    expect(screen.getByRole('note')).toHaveTextContent(BILLING_DISABLED_NOTE);
    expect(BILLING_DISABLED_NOTE).toBe(
      'Payments are off on this server, so there is nothing to buy: every feature is open on the free plan, and your use is counted but never limited.',
    );
    expect(plans).toHaveLength(1);
    for (const name of ['Choose Pro Monthly', 'Choose Pro 6 Months', 'Choose Lifetime']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByText(/not available/i)).not.toBeInTheDocument();
    // Nothing on the page promises an upgrade that cannot happen.
    expect(screen.queryByText(/upgrade/i)).not.toBeInTheDocument();
    expect(screen.getByText('Choose the plan that fits your claim.')).toBeVisible();
    api.use({ 'GET /users/user-1': json(buildProfile()) });
    await userEvent.click(screen.getByRole('button', { name: 'Choose Free' }));
    await waitFor(() => expect(api.calls('POST', '/subscriptions/free')).toHaveLength(1));
  });

  it('marks the current plan of an allowed subscription and links to the dashboard', async () => {
    mockSignedIn({
      profile: {
        subscription_status: 'active',
        plan: 'PRO_MONTHLY',
        price_id: 'price_pro_monthly',
      },
    });
    renderApp({ path: '/plan-selection' });
    const plans = await findPlans();
    expect(within(plans[1]!).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows an error panel with Retry when the plans cannot load', async () => {
    const api = mockSignedOut({ 'GET /billing/config': apiError(500, ERR.INTERNAL) });
    renderApp({ path: '/plan-selection' });
    expect(
      await screen.findByRole('heading', { name: 'We could not load the plans' }),
    ).toBeVisible();
    api.use({
      'GET /billing/config': json({
        enabled: true,
        prices: { FREE: 'a', PRO_MONTHLY: 'b', PRO_BIANNUALLY: 'c', LIFETIME: 'd' },
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Choose Free' })).toBeVisible();
  });
});
