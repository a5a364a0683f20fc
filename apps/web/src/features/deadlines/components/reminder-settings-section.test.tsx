import { ERR } from '@muster/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

import { filterTimeZones } from './reminder-settings-section';

const FIRST_LOAD = { timeout: 5000 };

describe('/profile: deadline reminders', () => {
  it('filters the time zone list by every word typed', () => {
    const zones = ['America/New_York', 'America/Los_Angeles', 'Pacific/Honolulu', 'Europe/London'];
    expect(filterTimeZones(zones, 'los angeles')).toEqual(['America/Los_Angeles']);
    expect(filterTimeZones(zones, 'america')).toEqual(['America/New_York', 'America/Los_Angeles']);
    expect(filterTimeZones(zones, '  ')).toEqual(zones);
    expect(filterTimeZones(zones, 'mars')).toEqual([]);
  });

  it('saves a searched time zone and a kind switched off', async () => {
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
});
