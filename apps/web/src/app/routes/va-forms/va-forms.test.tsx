import { ERR } from '@muster/contract/errors';
import type { IntentToFileState } from '@muster/contract/intent-to-file';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };

const ACTIVE = {
  intent_file_id: '600131328',
  type: 'compensation' as const,
  status: 'active',
  creation_date: '2026-11-20',
  expiration_date: '2099-11-20',
  is_active: true,
  updated_at: '2026-11-20T12:00:00.000Z',
};

function state(overrides: Partial<IntentToFileState> = {}): IntentToFileState {
  return {
    va_configured: true,
    intent_to_file: null,
    va_active: null,
    va_connected: false,
    can_access_526ez: false,
    ...overrides,
  };
}

function stubAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

describe('VA forms', { timeout: 30_000 }, () => {
  it('/va-forms on a server without VA.gov says so plainly and offers the paper Intent to File', async () => {
    mockSignedIn({
      routes: {
        'GET /va-forms/intent-to-file': json(state({ va_configured: false })),
      },
    });
    renderApp({ path: '/va-forms' });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'VA.gov is not connected on this server' },
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Connect to VA.gov' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download VA Form 21-0966 (PDF)' })).toBeVisible();
    expect(
      within(screen.getByRole('list', { name: 'VA forms' })).getAllByRole('link'),
    ).toHaveLength(3);
  });

  it('Connect sends the browser to VA.gov’s sign-in; a failure shows the Connection Failed alert', async () => {
    const assign = stubAssign();
    let fails = true;
    mockSignedIn({
      routes: {
        'GET /va-forms/intent-to-file': json(state()),
        'GET /va-integrations/get-auth-endpoint-parameters/benefit-claims': () =>
          fails
            ? apiError(502, ERR.BAD_GATEWAY)
            : json({
                url: 'https://sandbox-api.va.gov/oauth2/authorization?state=s1',
                client_id: 'muster',
                redirect_uri: 'http://localhost:3000/va-integrations/callback',
                scope: 'openid claim.read claim.write',
                state: 's1',
                response_type: 'code',
              }),
      },
    });
    renderApp({ path: '/va-forms' });
    const connect = await screen.findByRole('button', { name: 'Connect to VA.gov' }, FIRST_LOAD);
    await userEvent.click(connect);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Connection Failed');
    expect(alert).toHaveTextContent('Failed to connect to VA.gov. Please try again.');
    fails = false;
    await userEvent.click(connect);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://sandbox-api.va.gov/oauth2/authorization?state=s1',
      ),
    );
  });

  it('back from VA.gov with success: a toast, then the 526EZ', async () => {
    mockSignedIn({
      routes: { 'GET /va-forms/intent-to-file': json(state({ va_connected: true })) },
    });
    const { router } = renderApp({ path: '/va-forms?message=success' });
    expect(
      await screen.findByText('Successfully connected to VA.gov!', {}, FIRST_LOAD),
    ).toBeVisible();
    expect(screen.getByText('You can now access VA forms and services.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/va-forms/526ez'));
  });

  it('back from VA.gov refused or down: the reason, then the dashboard', async () => {
    mockSignedIn({ routes: { 'GET /va-forms/intent-to-file': json(state()) } });
    const { router } = renderApp({ path: '/va-forms?message=forbidden' });
    expect(await screen.findByText('VA.gov authentication expired', {}, FIRST_LOAD)).toBeVisible();
    expect(
      screen.getByText(
        'Please try connecting again. Make sure to complete the process within 15 minutes.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('/va-forms/intent-to-file files one through VA.gov and shows it with its expiry', async () => {
    const { api } = mockSignedIn({
      routes: {
        'GET /va-forms/intent-to-file': json(state({ va_connected: true })),
        'POST /va-forms/intent-to-file': json(
          state({
            va_connected: true,
            va_active: ACTIVE,
            intent_to_file: ACTIVE,
            can_access_526ez: true,
          }),
          201,
        ),
      },
    });
    renderApp({ path: '/va-forms/intent-to-file' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'File my Intent to File with VA' }, FIRST_LOAD),
    );
    expect(await screen.findByText('Active since November 20, 2026.')).toBeVisible();
    expect(screen.getByText(/It expires on November 20, 2099, in \d+ days/)).toBeVisible();
    expect(screen.getByText('VA’s reference: 600131328')).toBeVisible();
    expect(api.calls('POST', '/va-forms/intent-to-file')[0]?.body).toEqual({
      type: 'compensation',
    });
  });
});
