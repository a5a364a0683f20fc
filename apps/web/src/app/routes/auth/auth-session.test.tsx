import { ERR } from '@muster/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';
import { apiError, json } from '@/testing/api-mock';
import { buildAuthUser, buildBillingConfig, buildProfile } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedOut } from '@/testing/session';

const user = buildAuthUser();

describe('/auth/session (Google and Discord sign-in)', () => {
  it('exchanges the code once, stores the token and continues to the profile', async () => {
    const api = mockSignedOut({
      'POST /auth-bridge/exchange': json({ token: 'oauth-token', user }),
      'GET /users/user-1': json(buildProfile()),
      'GET /billing/config': json(buildBillingConfig()),
    });
    const { router } = renderApp({ path: '/auth/session?code=one-time-code-123', isStrict: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls('POST', '/auth-bridge/exchange')).toHaveLength(1);
    expect(api.calls('POST', '/auth-bridge/exchange')[0]?.body).toEqual({
      code: 'one-time-code-123',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBe('oauth-token');
  });

  it('continues a sign-up to plan selection', async () => {
    mockSignedOut({
      'POST /auth-bridge/exchange': json({ token: 'oauth-token', user }),
      'GET /users/user-1': json(
        buildProfile({ subscription_status: null, price_id: null, plan: null }),
      ),
    });
    const { router } = renderApp({ path: '/auth/session?code=one-time-code-123&to=sign-up' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Plan selection' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/plan-selection');
  });

  it('toasts an invalid or expired code and goes back to sign-in', async () => {
    mockSignedOut({
      'POST /auth-bridge/exchange': apiError(401, ERR.AUTH_FAILED, {
        detail: 'This sign-in link is invalid or has expired',
      }),
    });
    const { router } = renderApp({ path: '/auth/session?code=expired-code-123' });

    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
  });

  it('without a code, says sign-in failed and goes back to sign-up when it started there', async () => {
    const api = mockSignedOut();
    const { router } = renderApp({ path: '/auth/session?to=sign-up' });

    expect(await screen.findByText('Sign-In failed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-up'));
    expect(api.calls('POST', '/auth-bridge/exchange')).toHaveLength(0);
  });
});
