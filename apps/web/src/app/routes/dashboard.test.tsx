import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderApp } from '@/testing/render-app';
import { mockSignedIn } from '@/testing/session';

describe('/dashboard', () => {
  it('shows each panel with an empty state that links to where to start', async () => {
    mockSignedIn();
    renderApp({ path: '/dashboard' });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });

    const panel = (name: string) => screen.getByRole('region', { name });
    expect(
      within(panel('Your disabilities')).getByRole('link', { name: 'Add your first disability' }),
    ).toHaveAttribute('href', '/disabilities/new');
    expect(
      within(panel('Latest decision letter')).getByRole('link', {
        name: 'Analyze a decision letter',
      }),
    ).toHaveAttribute('href', '/decision-letter');
    expect(
      within(panel('Combined rating and monthly compensation')).getByRole('link', {
        name: 'Open the rating calculator',
      }),
    ).toHaveAttribute('href', '/calculator');
    expect(within(panel('Next deadlines')).getByText(/No deadlines yet/)).toBeVisible();
    expect(within(panel('Quick actions')).getAllByRole('link')).toHaveLength(6);
  });
});
