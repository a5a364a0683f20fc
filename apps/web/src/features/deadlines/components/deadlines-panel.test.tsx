import type { DeadlineOverview } from '@muster/contract/deadlines';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

const FIRST_LOAD = { timeout: 5000 };

const OVERVIEW: DeadlineOverview = {
  today: '2026-11-26',
  time_zone: 'America/Chicago',
  deadlines: [
    {
      key: 'itf_expiry:8c1e2f4a-0000-4000-8000-000000000001:2026-12-10',
      kind: 'itf_expiry',
      title: 'File your claim by December 10, 2026 to keep the date your Intent to File protects',
      due_on: '2026-12-10',
      days_left: 14,
      opens_on: null,
      path: '/va-forms/526ez',
    },
    {
      key: 'board_evidence:8c1e2f4a-0000-4000-8000-000000000002:2027-02-01',
      kind: 'board_evidence',
      title:
        'Send the Board your evidence (evidence docket, 90 days from when it received your appeal)',
      due_on: '2027-02-01',
      days_left: 67,
      opens_on: null,
      path: '/profile',
    },
    {
      key: 'bdd_window:8c1e2f4a-0000-4000-8000-000000000003:2027-04-01',
      kind: 'bdd_window',
      title: 'Last day to file a Benefits Delivery at Discharge (BDD) claim before you separate',
      due_on: '2027-04-01',
      days_left: 126,
      opens_on: '2027-01-01',
      path: '/va-forms/526ez',
    },
  ],
  intent_to_file: { due_on: '2026-12-10', days_left: 14 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard: Next deadlines', () => {
  it('puts the Intent to File countdown first, then every other deadline, soonest first', async () => {
    mockSignedIn({ routes: { 'GET /deadlines': json(OVERVIEW) } });
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Next deadlines' }, FIRST_LOAD);
    const countdown = await within(panel).findByText(/Your Intent to File expires/);
    expect(countdown).toHaveTextContent(
      'Your Intent to File expires in 14 days — file your claim by December 10, 2026.',
    );
    expect(
      within(panel).getByRole('link', { name: 'File your claim (VA Form 21-526EZ)' }),
    ).toHaveAttribute('href', '/va-forms/526ez');
    const list = within(panel).getByRole('list', { name: 'Next deadlines' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('February 1, 2027 (in 67 days)');
    expect(items[1]).toHaveTextContent('April 1, 2027 (in 126 days)');
    expect(items[1]).toHaveTextContent('Opens January 1, 2027');
    expect(within(panel).getByRole('link', { name: 'Reminder settings' })).toHaveAttribute(
      'href',
      '/profile#reminder-settings',
    );
  });

  it('says "today" and "in 1 day" rather than a count', async () => {
    mockSignedIn({
      routes: {
        'GET /deadlines': json({
          ...OVERVIEW,
          deadlines: [{ ...OVERVIEW.deadlines[0]!, due_on: '2026-11-27', days_left: 1 }],
          intent_to_file: { due_on: '2026-11-27', days_left: 1 },
        }),
      },
    });
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Next deadlines' }, FIRST_LOAD);
    expect(await within(panel).findByText(/expires in 1 day —/)).toBeVisible();
    expect(within(panel).queryByRole('list', { name: 'Next deadlines' })).toBeNull();
  });

  it('downloads the calendar file with the session’s token', async () => {
    const createObjectURL = vi.fn(() => 'blob:calendar');
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = createObjectURL;
        static override revokeObjectURL = vi.fn();
      },
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = mockSignedIn({
      routes: {
        'GET /deadlines': json(OVERVIEW),
        'GET /deadlines.ics': new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          headers: { 'content-type': 'text/calendar; charset=utf-8' },
        }),
      },
    });
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Next deadlines' }, FIRST_LOAD);
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Download calendar (.ics)' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(api.calls('GET', '/deadlines.ics')[0]?.headers.get('Authorization')).toBe(
      'Bearer token-1',
    );
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('muster-deadlines.ics');
    expect(createObjectURL).toHaveBeenCalled();
  });

  it('offers the Intent to File when there is no deadline', async () => {
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Next deadlines' }, FIRST_LOAD);
    expect(await within(panel).findByText(/No deadlines yet/)).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'File an Intent to File' })).toHaveAttribute(
      'href',
      '/va-forms/intent-to-file',
    );
    // No deadline, no calendar: the download is not offered.
    expect(within(panel).queryByRole('button', { name: 'Download calendar (.ics)' })).toBeNull();
  });

  it('saves no file when the calendar answers 204 (the deadlines are gone since the list loaded)', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { api } = mockSignedIn({
      routes: {
        'GET /deadlines': json(OVERVIEW),
        'GET /deadlines.ics': new Response(null, { status: 204 }),
      },
    });
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Next deadlines' }, FIRST_LOAD);
    const before = api.calls('GET', '/deadlines').length;
    await userEvent.click(
      await within(panel).findByRole('button', { name: 'Download calendar (.ics)' }),
    );
    expect(
      await screen.findByText('You have no upcoming deadlines to add to a calendar'),
    ).toBeVisible();
    expect(click).not.toHaveBeenCalled();
    // The list is loaded again.
    await waitFor(() => expect(api.calls('GET', '/deadlines').length).toBeGreaterThan(before));
  });
});
