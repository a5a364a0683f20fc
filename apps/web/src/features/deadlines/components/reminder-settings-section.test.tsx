import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { changedSettings, filterTimeZones } from './reminder-settings-section';

const FIRST_LOAD = { timeout: 5000 };

describe('/profile: deadline reminders', () => {
  it('filters the time zone list by every word typed', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London'];
    expect(filterTimeZones(zones, 'los angeles')).toEqual(['America/Los_Angeles']);
    expect(filterTimeZones(zones, 'america')).toEqual(['America/New_York', 'America/Los_Angeles']);
    expect(filterTimeZones(zones, '  ')).toEqual(zones);
    expect(filterTimeZones(zones, 'mars')).toEqual([]);
  });

  // Types two searches key by key over a long list: slower than most under a loaded machine.
  it('saves a searched time zone and a kind switched off', { timeout: 15_000 }, async () => {
    const { api } = mockSignedIn({
      routes: {
        'PATCH /deadlines/settings': (request) =>
          json({ ...(request.body as object), time_zone_chosen: true }),
      },
    });
    renderApp({ path: '/profile' });
    const section = await screen.findByRole('region', { name: 'Deadline reminders' }, FIRST_LOAD);
    expect(
      await within(section).findByText(/Not chosen yet: reminders use Eastern Time/),
    ).toBeVisible();
    const zone = within(section).getByLabelText('Time zone');
    expect(zone).toHaveValue('America/New_York');
    expect(within(zone).getAllByRole('option').length).toBeLessThan(30);

    // Any zone the browser knows is one search away.
    await userEvent.type(within(section).getByLabelText('Search time zones'), 'kiritimati');
    expect(
      within(zone)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['America/New_York', 'Pacific/Kiritimati']);
    expect(within(section).getByText('1 zone matches.')).toBeVisible();
    await userEvent.clear(within(section).getByLabelText('Search time zones'));

    await userEvent.type(within(section).getByLabelText('Search time zones'), 'chicago');
    // The search narrows the list; the current choice stays in it.
    const options = within(zone).getAllByRole('option');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      'America/New_York',
      'America/Chicago',
    ]);
    await userEvent.selectOptions(zone, 'America/Chicago');

    const bdd = within(section).getByRole('checkbox', {
      name: 'Benefits Delivery at Discharge window',
    });
    expect(bdd).toBeChecked();
    await userEvent.click(bdd);
    expect(bdd).not.toBeChecked();
    await userEvent.click(within(section).getByRole('button', { name: 'Save reminder settings' }));

    await waitFor(() => expect(api.calls('PATCH', '/deadlines/settings')).toHaveLength(1));
    expect(api.calls('PATCH', '/deadlines/settings')[0]?.body).toEqual({
      time_zone: 'America/Chicago',
      reminders_off: ['bdd_window'],
    });
    expect(
      await within(section).findByText('Reminders arrive on the right day where you are.'),
    ).toBeVisible();
  });

  it('sends only the fields changed: the default zone is never sent as a choice', () => {
    const settings = { time_zone: 'America/New_York', reminders_off: ['bdd_window' as const] };
    expect(changedSettings(settings, { ...settings })).toEqual({});
    expect(changedSettings(settings, { time_zone: 'America/New_York', reminders_off: [] })).toEqual(
      { reminders_off: [] },
    );
    expect(changedSettings(settings, { ...settings, time_zone: 'America/Chicago' })).toEqual({
      time_zone: 'America/Chicago',
    });
  });

  it('switching a kind off sends the kinds alone, leaving the default zone unchosen', async () => {
    const { api } = mockSignedIn({
      routes: {
        'PATCH /deadlines/settings': (request) =>
          json({
            time_zone: 'America/New_York',
            time_zone_chosen: false,
            reminders_off: [],
            ...(request.body as object),
          }),
      },
    });
    renderApp({ path: '/profile' });
    const section = await screen.findByRole('region', { name: 'Deadline reminders' }, FIRST_LOAD);
    await within(section).findByText(/Not chosen yet: reminders use Eastern Time/);
    await userEvent.click(within(section).getByRole('checkbox', { name: 'Intent to File expiry' }));
    await userEvent.click(within(section).getByRole('button', { name: 'Save reminder settings' }));
    await waitFor(() => expect(api.calls('PATCH', '/deadlines/settings')).toHaveLength(1));
    expect(api.calls('PATCH', '/deadlines/settings')[0]?.body).toEqual({
      reminders_off: ['itf_expiry'],
    });
  });

  it('puts the server’s word on a field under that field', async () => {
    mockSignedIn({
      routes: {
        'PATCH /deadlines/settings': apiError(400, ERR.INVALID_INPUT, {
          fields: { time_zone: 'Not a known time zone; choose one from the list' },
        }),
      },
    });
    renderApp({ path: '/profile' });
    const section = await screen.findByRole('region', { name: 'Deadline reminders' }, FIRST_LOAD);
    const zone = await within(section).findByLabelText('Time zone');
    await userEvent.selectOptions(zone, 'America/Chicago');
    await userEvent.click(within(section).getByRole('button', { name: 'Save reminder settings' }));
    expect(
      await within(section).findByText('Not a known time zone; choose one from the list'),
    ).toBeVisible();
    await waitFor(() => expect(zone).toHaveAttribute('aria-invalid', 'true'));
  });

  it('a link to the section (the dashboard’s "Reminder settings") scrolls to it', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      mockSignedIn();
      renderApp({ path: '/profile#reminder-settings' });
      const section = await screen.findByRole('region', { name: 'Deadline reminders' }, FIRST_LOAD);
      await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
      expect(scrollIntoView.mock.contexts[0]).toBe(section);
    } finally {
      // jsdom has no scrolling: leave it as it was.
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    }
  });

  it('shows a retry when the settings cannot be loaded', async () => {
    mockSignedIn({
      routes: { 'GET /deadlines/settings': apiError(503, ERR.SERVICE_UNAVAILABLE) },
    });
    renderApp({ path: '/profile' });
    const section = await screen.findByRole('region', { name: 'Deadline reminders' }, FIRST_LOAD);
    expect(
      await within(section).findByText('We could not load your reminder settings'),
    ).toBeVisible();
    expect(within(section).getByRole('button', { name: /Retry|Try again/ })).toBeVisible();
  });
});

describe('/profile: Board appeals', () => {
  it('records an appeal on the evidence docket with the day the Board received it', async () => {
    const { api } = mockSignedIn({
      routes: {
        'POST /board-appeals': json(
          {
            id: '8c1e2f4a-0000-4000-8000-000000000009',
            docket: 'evidence',
            filed_on: '2026-11-02',
            decision_letter_id: null,
            evidence_due_on: '2027-02-01',
            created_at: '2026-11-26T10:00:00.000Z',
          },
          201,
        ),
      },
    });
    renderApp({ path: '/profile' });
    const section = await screen.findByRole('region', { name: 'Board appeals' }, FIRST_LOAD);
    expect(within(section).getByLabelText('Docket')).toHaveValue('evidence');
    await userEvent.type(
      within(section).getByLabelText('Date the Board received your VA Form 10182'),
      '2026-11-02',
    );
    await userEvent.click(within(section).getByRole('button', { name: 'Record appeal' }));
    await waitFor(() => expect(api.calls('POST', '/board-appeals')).toHaveLength(1));
    expect(api.calls('POST', '/board-appeals')[0]?.body).toEqual({
      docket: 'evidence',
      filed_on: '2026-11-02',
    });
  });

  it('puts the server’s word on the day under the day field', async () => {
    mockSignedIn({
      routes: {
        'POST /board-appeals': apiError(400, ERR.INVALID_INPUT, {
          fields: { filed_on: 'Must not be in the future' },
        }),
      },
    });
    renderApp({ path: '/profile' });
    const section = await screen.findByRole('region', { name: 'Board appeals' }, FIRST_LOAD);
    const day = within(section).getByLabelText('Date the Board received your VA Form 10182');
    await userEvent.type(day, '2026-11-02');
    await userEvent.click(within(section).getByRole('button', { name: 'Record appeal' }));
    expect(await within(section).findByText('Must not be in the future')).toBeVisible();
    await waitFor(() => expect(day).toHaveAttribute('aria-invalid', 'true'));
  });
});
