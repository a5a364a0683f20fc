import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { DashboardPanels } from './dashboard-panels';
import { DASHBOARD_PANELS, orderedPanels, type DashboardPanelDefinition } from './panel-registry';

const panel = (
  id: string,
  order: number,
  body: () => Promise<{ default: () => React.ReactNode }>,
): DashboardPanelDefinition => ({ id, title: `Panel ${id}`, order, Component: lazy(body) });

describe('dashboard panel registry', () => {
  it('has unique ids and titles, in the order the dashboard shows them', () => {
    const ordered = orderedPanels(DASHBOARD_PANELS);
    expect(ordered.map((p) => p.id)).toEqual([
      'disabilities',
      'claim-readiness',
      'decision-letter',
      'rating',
      'deadlines',
      'conversations',
      'quick-actions',
    ]);
    expect(new Set(DASHBOARD_PANELS.map((p) => p.title)).size).toBe(DASHBOARD_PANELS.length);
  });

  it('sorts by order whatever the list order, and rejects a repeated id', () => {
    const late = panel('late', 50, () => Promise.resolve({ default: () => 'late' }));
    const early = panel('early', 5, () => Promise.resolve({ default: () => 'early' }));
    expect(orderedPanels([late, early]).map((p) => p.id)).toEqual(['early', 'late']);
    expect(() => orderedPanels([late, late])).toThrow(/share the id "late"/);
  });

  it('renders each panel as a titled region, in order, and keeps the others when one fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    const panels = [
      panel('second', 20, () => Promise.resolve({ default: () => <a href="/b">Second link</a> })),
      panel('broken', 30, () =>
        Promise.resolve({
          default: function Broken() {
            if (fail) throw new Error('boom');
            return <p>Recovered</p>;
          },
        }),
      ),
      panel('first', 10, () => Promise.resolve({ default: () => <a href="/a">First link</a> })),
    ];
    render(
      <MemoryRouter>
        <DashboardPanels panels={panels} />
      </MemoryRouter>,
    );
    const regions = await screen.findAllByRole('region');
    expect(regions.map((region) => region.getAttribute('aria-labelledby'))).toEqual([
      'panel-first',
      'panel-second',
      'panel-broken',
    ]);
    expect(await screen.findByRole('link', { name: 'First link' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Second link' })).toBeVisible();
    const broken = screen.getByRole('region', { name: 'Panel broken' });
    expect(await within(broken).findByText('This panel could not load.')).toBeVisible();
    expect(error).toHaveBeenCalled();

    // Keyboard: the panels' links come in the order shown.
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'First link' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Second link' })).toHaveFocus();

    fail = false;
    await userEvent.click(within(broken).getByRole('button', { name: 'Try again' }));
    expect(await within(broken).findByText('Recovered')).toBeVisible();
  });
});
