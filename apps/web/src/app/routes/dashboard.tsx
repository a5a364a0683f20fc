import { PageHeader } from '@/components/layouts/page-header';

import { DashboardPanels } from '../dashboard/dashboard-panels';

/**
 * The landing page after sign-in: a grid of panels, one per part of the claim, from the dashboard's
 * panel registry (`app/dashboard/panel-registry.ts`).
 */
export function DashboardRoute() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your claim at a glance. Pick up where you left off, or start with one of the quick actions."
      />
      <DashboardPanels />
    </>
  );
}
