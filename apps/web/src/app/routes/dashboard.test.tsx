import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json } from '@/testing/api-mock';
import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

describe('/dashboard', () => {
  it('shows each panel with an empty state that links to where to start', async () => {
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const panel = (name: string) => screen.getByRole('region', { name });
    expect(
      await within(panel('Your disabilities')).findByRole('link', {
        name: 'Add your first disability',
      }),
    ).toHaveAttribute('href', '/disabilities/new');
    expect(
      await within(panel('Latest decision letter')).findByRole('link', {
        name: 'Analyze a decision letter',
      }),
    ).toHaveAttribute('href', '/decision-letter');
    expect(
      within(panel('Combined rating and monthly compensation')).getByRole('link', {
        name: 'Open the rating calculator',
      }),
    ).toHaveAttribute('href', '/calculator');
    expect(await within(panel('Next deadlines')).findByText(/No deadlines yet/)).toBeVisible();
    expect(await within(panel('Quick actions')).findAllByRole('link')).toHaveLength(8);
    expect(
      await within(panel('Recent conversations')).findByRole('link', { name: 'Ask the assistant' }),
    ).toHaveAttribute('href', '/chats/new');
  });

  it('lists the latest conversations, newest first', async () => {
    mockSignedIn({
      routes: {
        'GET /threads': json({
          results: [
            {
              id: '00000000-0000-4000-8000-000000000002',
              title: 'Knee claim',
              created_at: '2026-11-20T10:00:00.000Z',
              updated_at: '2026-11-20T10:00:00.000Z',
            },
            {
              id: '00000000-0000-4000-8000-000000000001',
              title: null,
              created_at: '2026-11-19T10:00:00.000Z',
              updated_at: '2026-11-19T10:00:00.000Z',
            },
          ],
          meta: { page: 1, page_size: 8, total: 2 },
        }),
      },
    });
    renderApp({ path: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Recent conversations' });
    const list = await within(panel).findByRole('list', { name: 'Recent conversations' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/chats/00000000-0000-4000-8000-000000000002',
      '/chats/00000000-0000-4000-8000-000000000001',
    ]);
    expect(within(list).getByText('Unnamed thread')).toBeVisible();
  });
});
