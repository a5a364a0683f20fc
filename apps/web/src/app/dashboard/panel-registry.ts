import { lazy, type ComponentType } from 'react';

import { QuickActionsPanel, RatingPanel } from './starter-panels';

/**
 * The dashboard's panels. Each feature adds its own entry when it lands: an id, a title (the
 * panel's heading), its place in the grid (`order`, lowest first) and its component. A panel that
 * needs its feature's code and data loads it on demand (`lazy`), so the dashboard's first paint does
 * not wait for every feature; the starter panels are a few lines of static text and come with the
 * dashboard itself, so the page shows its content without another round trip.
 */
export type DashboardPanelDefinition = {
  /** Unique and stable; the panel's heading id derives from it. */
  id: string;
  title: string;
  order: number;
  /** `full` spans the whole row on wide screens; one column on a phone either way. */
  width?: 'half' | 'full';
  Component: ComponentType;
};

export const DASHBOARD_PANELS: readonly DashboardPanelDefinition[] = [
  {
    id: 'disabilities',
    title: 'Your disabilities',
    order: 10,
    Component: lazy(() =>
      import('@/features/disabilities/components/latest-disabilities-panel').then((module) => ({
        default: module.LatestDisabilitiesPanel,
      })),
    ),
  },
  {
    id: 'claim-readiness',
    title: 'Claim readiness',
    order: 15,
    Component: lazy(() =>
      import('@/features/readiness/components/readiness-dashboard-panel').then((module) => ({
        default: module.ReadinessDashboardPanel,
      })),
    ),
  },
  {
    id: 'decision-letter',
    title: 'Latest decision letter',
    order: 20,
    Component: lazy(() =>
      import('@/features/decision-letters/components/decision-letter-panel').then((module) => ({
        default: module.DecisionLetterPanel,
      })),
    ),
  },
  {
    id: 'rating',
    title: 'Combined rating and monthly compensation',
    order: 30,
    Component: RatingPanel,
  },
  {
    id: 'deadlines',
    title: 'Next deadlines',
    order: 40,
    Component: lazy(() =>
      import('@/features/deadlines/components/deadlines-panel').then((module) => ({
        default: module.DeadlinesPanel,
      })),
    ),
  },
  {
    id: 'conversations',
    title: 'Recent conversations',
    order: 50,
    width: 'full',
    Component: lazy(() =>
      import('@/features/threads/components/recent-threads-panel').then((module) => ({
        default: module.RecentThreadsPanel,
      })),
    ),
  },
  {
    id: 'quick-actions',
    title: 'Quick actions',
    order: 90,
    width: 'full',
    Component: QuickActionsPanel,
  },
];

/** The panels in grid order; a repeated id is a programming error and throws. */
export function orderedPanels(
  panels: readonly DashboardPanelDefinition[],
): DashboardPanelDefinition[] {
  const seen = new Set<string>();
  for (const panel of panels) {
    if (seen.has(panel.id)) throw new Error(`Two dashboard panels share the id "${panel.id}".`);
    seen.add(panel.id);
  }
  return [...panels].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
}
