import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The dashboard's panels. Each feature adds its own entry when it lands: an id, a title (the
 * panel's heading), its place in the grid (`order`, lowest first) and its component, loaded on
 * demand so the dashboard's first paint does not wait for every feature's code.
 */
export type DashboardPanelDefinition = {
  /** Unique and stable; the panel's heading id derives from it. */
  id: string;
  title: string;
  order: number;
  /** `full` spans the whole row on wide screens; one column on a phone either way. */
  width?: 'half' | 'full';
  Component: LazyExoticComponent<ComponentType>;
};

type StarterPanelName =
  | 'DisabilitiesPanel'
  | 'DecisionLetterPanel'
  | 'RatingPanel'
  | 'DeadlinesPanel'
  | 'QuickActionsPanel';

// The starter panels share one module (one request); features bring their own.
const starterPanel = (name: StarterPanelName) =>
  lazy(() => import('./starter-panels').then((module) => ({ default: module[name] })));

export const DASHBOARD_PANELS: readonly DashboardPanelDefinition[] = [
  {
    id: 'disabilities',
    title: 'Your disabilities',
    order: 10,
    Component: starterPanel('DisabilitiesPanel'),
  },
  {
    id: 'decision-letter',
    title: 'Latest decision letter',
    order: 20,
    Component: starterPanel('DecisionLetterPanel'),
  },
  {
    id: 'rating',
    title: 'Combined rating and monthly compensation',
    order: 30,
    Component: starterPanel('RatingPanel'),
  },
  {
    id: 'deadlines',
    title: 'Next deadlines',
    order: 40,
    Component: starterPanel('DeadlinesPanel'),
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
    Component: starterPanel('QuickActionsPanel'),
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
