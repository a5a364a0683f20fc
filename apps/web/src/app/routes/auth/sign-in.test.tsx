import { ERR } from '@muster/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { STORAGE_KEYS } from '@/config/constants';
import { env } from '@/config/env';
import { apiError, json } from '@/testing/api-mock';
import { buildAuthUser, buildBillingConfig, buildProfile } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn, mockSignedOut } from '@/testing/session';

const user = buildAuthUser();

function signedOutApi(routes = {}) {
  return mockSignedOut({
    'POST /auth/email-otp/send-verification-otp': json({ success: true }),
    'POST /auth/sign-in/email-otp': json({ token: 'fresh-token', user }),
    'GET /users/user-1': json(buildProfile()),
    'GET /billing/config': json(buildBillingConfig()),
    ...routes,
  });
}

async function sendCodeTo(email: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByLabelText('Code');
}

describe('/sign-in', () => {
  it('validates the email with the contract messages', async () => {
    const api = signedOutApi();
    renderApp({ path: '/sign-in' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Required')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Invalid email address')).toBeVisible();
    expect(api.calls('POST', '/auth/email-otp/send-verification-otp')).toHaveLength(0);
  });

  it('sends a code, validates it (Required / OTP too long), signs in and lands on the dashboard', async () => {
    const api = signedOutApi();
    const { router } = renderApp({ path: '/sign-in' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    const codeInput = await sendCodeTo('jane@example.com');
    expect(api.calls('POST', '/auth/email-otp/send-verification-otp')[0]?.body).toEqual({
      email: 'jane@example.com',
      type: 'sign-in',
    });
    expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent('jane@example.com');
    await waitFor(() => expect(codeInput).toHaveFocus());

    await userEvent.type(codeInput, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Required')).toBeVisible();

    await userEvent.type(codeInput, '4567');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('OTP too long')).toBeVisible();

    await userEvent.clear(codeInput);
    await userEvent.type(codeInput, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(api.calls('POST', '/auth/sign-in/email-otp')[0]?.body).toEqual({
      email: 'jane@example.com',
      otp: '123456',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBe('fresh-token');
    expect(api.calls('GET', '/users/user-1')[0]?.headers.get('Authorization')).toBe(
      'Bearer fresh-token',
    );
  });

  it('puts a wrong code on the field, without a toast repeating it', async () => {
    signedOutApi({
      'POST /auth/sign-in/email-otp': apiError(400, ERR.INVALID_INPUT, {
        detail: 'The code is not correct',
        fields: { otp: 'Invalid code' },
        sign_in: { attempts_left: 3 },
      }),
    });
    renderApp({ path: '/sign-in' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const codeInput = await sendCodeTo('jane@example.com');

    await userEvent.type(codeInput, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Invalid code')).toBeVisible();
    expect(codeInput).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(codeInput).toHaveFocus());
    expect(screen.queryByText('Invalid input provided')).not.toBeInTheDocument();
    expect(screen.queryByText('The code is not correct')).not.toBeInTheDocument();
  });

  it('warns on the field before the last try', async () => {
    const warning = 'Invalid code. 1 try left before sign-in is locked for 15 minutes.';
    signedOutApi({
      'POST /auth/sign-in/email-otp': apiError(400, ERR.INVALID_INPUT, {
        detail: 'The code is not correct',
        fields: { otp: warning },
        sign_in: { attempts_left: 1 },
      }),
    });
    renderApp({ path: '/sign-in' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await userEvent.type(await sendCodeTo('jane@example.com'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(warning)).toBeVisible();
  });

  it('says an expired code expired and sends a new one from the form, by keyboard', async () => {
    const api = signedOutApi({
      'POST /auth/sign-in/email-otp': apiError(400, ERR.INVALID_INPUT, {
        detail: 'The code has expired',
        fields: { otp: 'This code has expired. Send a new code to sign in.' },
        sign_in: { code_expired: true },
      }),
    });
    renderApp({ path: '/sign-in' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    const codeInput = await sendCodeTo('jane@example.com');
    await userEvent.type(codeInput, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('This code has expired. Send a new code to sign in.'),
    ).toBeVisible();
    expect(screen.queryByText('Invalid code')).not.toBeInTheDocument();
    expect(screen.queryByText('The code has expired')).not.toBeInTheDocument();
    const sendNew = screen.getByRole('button', { name: 'Send a new code' });
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();

    sendNew.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(api.calls('POST', '/auth/email-otp/send-verification-otp')).toHaveLength(2),
    );
    expect(await screen.findByText('We sent you a new code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it('says until when a locked email can sign in again, in local time', async () => {
    const lockedUntil = '2026-11-23T14:32:00.000Z';
    signedOutApi({
      'POST /auth/sign-in/email-otp': apiError(403, ERR.ACCOUNT_LOCKED, {
        detail: 'Too many wrong codes. Try again in 15 minutes.',
        sign_in: { locked_until: lockedUntil },
      }),
    });
    renderApp({ path: '/sign-in' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await userEvent.type(await sendCodeTo('jane@example.com'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(
      new Date(lockedUntil),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Too many wrong codes. Try again after ${time}.`,
    );
    expect(screen.queryByText('Account temporarily locked')).not.toBeInTheDocument();
  });

  it('resends the code and lets the user change the email', async () => {
    const api = signedOutApi();
    renderApp({ path: '/sign-in' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await sendCodeTo('jane@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() =>
      expect(api.calls('POST', '/auth/email-otp/send-verification-otp')).toHaveLength(2),
    );
    expect(await screen.findByText('We sent you a new code')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText('Email')).toBeVisible();
  });

  it('goes to /service-outage when the API cannot be reached', async () => {
    signedOutApi();
    const { router } = renderApp({ path: '/sign-in' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Service Outage' })).toBeVisible();
    expect(router.state.location.search).toBe('?from=%2Fsign-in');
  });

  it('shows provider buttons only when configured, and starts there', async () => {
    signedOutApi({ 'GET /auth/providers': json({ google: true, discord: false }) });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderApp({ path: '/sign-in' });

    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(screen.queryByRole('button', { name: 'Continue with Discord' })).not.toBeInTheDocument();
    expect(assign).toHaveBeenCalledWith(`${env.API_URL}/auth-bridge/oauth/google/start?to=sign-in`);
  });

  it('toasts a failed provider sign-in from ?error= and drops the parameter', async () => {
    signedOutApi();
    const { router } = renderApp({ path: '/sign-in?error=discord_failed' });

    expect(await screen.findByText('Discord Sign-In failed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('sends a signed-in visitor on to where they were going', async () => {
    mockSignedIn();
    const { router } = renderApp({ path: '/sign-in' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('returns to the page the gate turned away after signing in', async () => {
    signedOutApi();
    const { router } = renderApp({ path: '/vault' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await userEvent.type(await sendCodeTo('jane@example.com'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'File Vault' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/vault');
  });
});

describe('/sign-up', () => {
  it('creates the account with the same code flow, then goes to plan selection', async () => {
    signedOutApi({
      'GET /users/user-1': json(
        buildProfile({ subscription_status: null, price_id: null, plan: null }),
      ),
      'GET /auth/providers': json({ google: true, discord: true }),
    });
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { router } = renderApp({ path: '/sign-up' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Discord' }));
    expect(assign).toHaveBeenCalledWith(
      `${env.API_URL}/auth-bridge/oauth/discord/start?to=sign-up`,
    );

    await userEvent.type(await sendCodeTo('new@example.com'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Plan selection' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/plan-selection');
  });
});
