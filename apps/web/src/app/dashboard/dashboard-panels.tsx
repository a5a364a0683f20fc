import { Suspense } from 'react';

import { ErrorBoundary } from '@/components/errors/error-boundary';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/utils/cn';

import { DASHBOARD_PANELS, orderedPanels, type DashboardPanelDefinition } from './panel-registry';

function PanelFallback() {
  return (
    <div className="flex flex-col gap-2" role="status">
      <span className="sr-only">Loading…</span>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-8 w-40" />
    </div>
  );
}

function Panel({ panel }: { panel: DashboardPanelDefinition }) {
  const headingId = `panel-${panel.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'bg-card text-card-foreground flex min-h-40 min-w-0 flex-col gap-3 rounded-xl border p-4 shadow-xs sm:p-5',
        panel.width === 'full' && 'md:col-span-2',
      )}
    >
      <h2 id={headingId} className="text-lg font-semibold tracking-tight">
        {panel.title}
      </h2>
      {/* One panel failing (its code or its data) leaves the others in place. */}
      <ErrorBoundary
        fallback={({ resetErrorBoundary }) => (
          <div role="alert" className="flex flex-col items-start gap-2 text-sm">
            <p className="text-muted-foreground">This panel could not load.</p>
            <Button type="button" variant="outline" size="sm" onClick={resetErrorBoundary}>
              Try again
            </Button>
          </div>
        )}
      >
        <Suspense fallback={<PanelFallback />}>
          <panel.Component />
        </Suspense>
      </ErrorBoundary>
    </section>
  );
}

/**
 * The dashboard's grid: one column on a phone, two from 768 px. Panels follow the registry's order
 * in the document too, so the keyboard meets them in the order the eye does.
 */
export function DashboardPanels({
  panels = DASHBOARD_PANELS,
}: {
  panels?: readonly DashboardPanelDefinition[];
}) {
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      {orderedPanels(panels).map((panel) => (
        <Panel key={panel.id} panel={panel} />
      ))}
    </div>
  );
}
