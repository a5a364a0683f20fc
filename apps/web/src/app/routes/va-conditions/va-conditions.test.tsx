import { ERR } from '@muster/contract/errors';
import type { VaConditions, VaConditionsWhatIf } from '@muster/contract/va-conditions';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiError, json, type ApiRequest } from '@/testing/api-mock';
import { buildDisability } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 15_000 };

function conditions(overrides: Partial<VaConditions> = {}): VaConditions {
  return {
    va_configured: true,
    va_connected: true,
    combined_rating: 70,
    combined_effective_date: '2024-03-01',
    conditions: [
      {
        id: '1070379',
        name: 'PTSD',
        rating: 50,
        effective_date: '2024-03-01',
        status: 'active',
        service_connected: true,
        diagnostic_code: '9411',
      },
      {
        id: 'dc-7101-2022-06-01',
        name: 'Hypertension (high blood pressure)',
        rating: 20,
        effective_date: '2022-06-01',
        status: 'active',
        service_connected: false,
        diagnostic_code: '7101',
      },
      {
        id: 'dc-6847-undated',
        name: 'Sleep apnea',
        rating: null,
        effective_date: null,
        status: 'deferred',
        service_connected: false,
        diagnostic_code: '6847',
      },
    ],
    monthly_amount: 1808.45,
    rates_year: 2026,
    ...overrides,
  };
}

const NOT_CONNECTED = conditions({
  va_connected: false,
  combined_rating: null,
  combined_effective_date: null,
  conditions: [],
  monthly_amount: null,
  rates_year: null,
});

function stubAssign() {
  const assign = vi.fn();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
  return assign;
}

describe('VA conditions', { timeout: 30_000 }, () => {
  it('shows the combined rating, the monthly amount and each rated condition', async () => {
    mockSignedIn({ routes: { 'GET /va-conditions': json(conditions()) } });
    renderApp({ path: '/va-conditions' });
    expect(
      await screen.findByRole('heading', { name: 'Your VA rating' }, FIRST_LOAD),
    ).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Your VA rating' });
    expect(within(summary).getByText('70 %')).toBeVisible();
    expect(within(summary).getByText('$1,808.45')).toBeVisible();
    const list = screen.getByRole('list', { name: 'Rated conditions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('PTSD');
    expect(items[0]).toHaveTextContent('50 %');
    expect(items[0]).toHaveTextContent('Active · Effective Mar 1, 2024');
    expect(items[1]).toHaveTextContent('Not service connected: not counted');
    expect(items[2]).toHaveTextContent('Deferred: VA has not decided it yet');
    expect(items[2]).toHaveTextContent('Not rated');
    expect(screen.queryByRole('button', { name: 'Connect to VA.gov' })).toBeNull();
  });

  it('not connected: offers Connect to VA.gov for Veteran Verification', async () => {
    const assign = stubAssign();
    const asked: string[] = [];
    mockSignedIn({
      routes: {
        'GET /va-conditions': json(NOT_CONNECTED),
        'GET /va-integrations/get-auth-endpoint-parameters/veteran-verification': (
          request: ApiRequest,
        ) => {
          asked.push(request.path);
          return json({
            url: 'https://sandbox-api.va.gov/oauth2/authorization?state=s2',
            client_id: 'muster',
            redirect_uri: 'http://localhost:3000/va-integrations/callback',
            scope: 'openid disability_rating.read',
            state: 's2',
            response_type: 'code',
          });
        },
      },
    });
    renderApp({ path: '/va-conditions' });
    const connect = await screen.findByRole('button', { name: 'Connect to VA.gov' }, FIRST_LOAD);
    expect(screen.queryByRole('heading', { name: 'Your VA rating' })).toBeNull();
    await userEvent.click(connect);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://sandbox-api.va.gov/oauth2/authorization?state=s2',
      ),
    );
    expect(asked).toEqual(['/va-integrations/get-auth-endpoint-parameters/veteran-verification']);
  });

  it('on a server without VA.gov says so plainly, with no Connect button', async () => {
    mockSignedIn({
      routes: { 'GET /va-conditions': json({ ...NOT_CONNECTED, va_configured: false }) },
    });
    renderApp({ path: '/va-conditions' });
    expect(
      await screen.findByRole(
        'heading',
        { name: 'VA.gov is not connected on this server' },
        FIRST_LOAD,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Connect to VA.gov' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'What if' })).toBeVisible();
  });

  it('a failure shows the toast and a note, and Retry loads it', async () => {
    let fails = true;
    mockSignedIn({
      routes: {
        'GET /va-conditions': () => (fails ? apiError(500, ERR.INTERNAL) : json(conditions())),
      },
    });
    renderApp({ path: '/va-conditions' });
    expect(await screen.findByText('Failed to load VA conditions', {}, FIRST_LOAD)).toBeVisible();
    expect(screen.getByText("We'll try again later")).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'Your VA conditions could not be loaded' }),
    ).toBeVisible();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your VA rating' })).toBeVisible();
  });

  it('a refusal (4xx) does not promise to try again; Retry still works', async () => {
    let fails = true;
    mockSignedIn({
      routes: {
        'GET /va-conditions': () =>
          fails ? apiError(422, ERR.UNABLE_TO_COMPLETE) : json(conditions()),
      },
    });
    renderApp({ path: '/va-conditions' });
    expect(await screen.findByText('Failed to load VA conditions', {}, FIRST_LOAD)).toBeVisible();
    expect(screen.getByText('You can retry when you are ready')).toBeVisible();
    expect(screen.getByText('You can retry now.')).toBeVisible();
    expect(screen.queryByText("We'll try again later")).toBeNull();
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Your VA rating' })).toBeVisible();
  });

  describe('asking again a minute later', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each([
      { status: 403, code: ERR.ACCESS_DENIED, asksAgain: false },
      { status: 429, code: ERR.RATE_LIMITED, asksAgain: false },
      { status: 500, code: ERR.INTERNAL, asksAgain: true },
    ])('after a $status: asks again $asksAgain', async ({ status, code, asksAgain }) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { api } = mockSignedIn({ routes: { 'GET /va-conditions': apiError(status, code) } });
      renderApp({ path: '/va-conditions' });
      expect(
        await screen.findByRole(
          'heading',
          { name: 'Your VA conditions could not be loaded' },
          FIRST_LOAD,
        ),
      ).toBeVisible();
      expect(api.calls('GET', '/va-conditions')).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(2 * 61_000));
      if (asksAgain) expect(api.calls('GET', '/va-conditions').length).toBeGreaterThan(1);
      else expect(api.calls('GET', '/va-conditions')).toHaveLength(1);
    });
  });

  it('what-if: a planned condition picked from the veteran’s disabilities shows the new rating, amount and difference', async () => {
    const sent: unknown[] = [];
    const whatIf: VaConditionsWhatIf = {
      va_configured: true,
      va_connected: true,
      current_combined_rating: 70,
      current_monthly_amount: 1808.45,
      combined_rating: 80,
      monthly_amount: 2102.15,
      monthly_difference: 293.7,
      rates_year: 2026,
    };
    mockSignedIn({
      routes: {
        'GET /va-conditions': json(conditions()),
        'GET /disabilities': json({
          results: [buildDisability({ title: 'Left knee strain' })],
          meta: { page: 1, page_size: 100, total: 1 },
        }),
        'POST /va-conditions/what-if': (request: ApiRequest) => {
          sent.push(request.body);
          return json(whatIf);
        },
      },
    });
    renderApp({ path: '/va-conditions' });
    const pick = await screen.findByRole(
      'combobox',
      { name: 'From your disabilities' },
      FIRST_LOAD,
    );
    await userEvent.selectOptions(pick, 'Left knee strain');
    expect(screen.getByRole('textbox', { name: 'Condition name' })).toHaveValue('Left knee strain');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Planned rating' }), '20 %');
    await userEvent.click(screen.getByRole('button', { name: 'Add planned condition' }));

    const planned = screen.getByRole('list', { name: 'Planned conditions' });
    expect(within(planned).getByText('Left knee strain: 20 %')).toBeVisible();
    const panel = screen.getByRole('region', { name: 'What if' });
    expect(await within(panel).findByText('+$293.70')).toBeVisible();
    const [rating, amount, difference] = within(panel).getAllByRole('definition');
    expect(rating).toHaveTextContent('80 %70 % today');
    expect(amount).toHaveTextContent('$2,102.15$1,808.45 today');
    expect(difference).toHaveTextContent('+$293.70');
    expect(sent).toEqual([{ planned: [{ name: 'Left knee strain', rating: 20 }] }]);

    // A typed name works too; an empty one is refused in place.
    await userEvent.click(screen.getByRole('button', { name: 'Add planned condition' }));
    expect(screen.getByRole('textbox', { name: 'Condition name' })).toHaveAccessibleDescription(
      'Required',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Condition name' }), 'Tinnitus');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      planned: [
        { name: 'Left knee strain', rating: 20 },
        { name: 'Tinnitus', rating: 20 },
      ],
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Left knee strain' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Tinnitus' }));
    expect(screen.queryByRole('list', { name: 'Planned conditions' })).toBeNull();
    expect(screen.getByText('Add a planned condition to see its effect.')).toBeVisible();
  });

  it('what-if: a quick run of adds and removes asks once, for the list it settles on', async () => {
    const sent: unknown[] = [];
    mockSignedIn({
      routes: {
        'GET /va-conditions': json(conditions()),
        'GET /disabilities': json({ results: [], meta: { page: 1, page_size: 100, total: 0 } }),
        'POST /va-conditions/what-if': (request: ApiRequest) => {
          sent.push(request.body);
          return json({
            va_configured: true,
            va_connected: true,
            current_combined_rating: 70,
            current_monthly_amount: 1808.45,
            combined_rating: 80,
            monthly_amount: 2102.15,
            monthly_difference: 293.7,
            rates_year: 2026,
          } satisfies VaConditionsWhatIf);
        },
      },
    });
    renderApp({ path: '/va-conditions' });
    const name = await screen.findByRole('textbox', { name: 'Condition name' }, FIRST_LOAD);
    const add = screen.getByRole('button', { name: 'Add planned condition' });
    // Synchronous events: all three changes land well within the settling time.
    fireEvent.change(name, { target: { value: 'Tinnitus' } });
    fireEvent.click(add);
    fireEvent.change(name, { target: { value: 'Back strain' } });
    fireEvent.click(add);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Tinnitus' }));
    const panel = screen.getByRole('region', { name: 'What if' });
    expect(await within(panel).findByText('+$293.70')).toBeVisible();
    expect(sent).toEqual([{ planned: [{ name: 'Back strain', rating: 10 }] }]);
  });
});
