import { ConstructionIcon } from 'lucide-react';
import { useMatches } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/config/paths';

import { isAppRouteHandle } from '../router/route-types';

/**
 * The page for a screen whose feature has not landed yet: its title and what it will offer, both
 * from the route configuration.
 */
export function ComingSoonRoute() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle;
  const title = isAppRouteHandle(handle) ? handle.title : 'Coming soon';
  const summary = isAppRouteHandle(handle) ? handle.summary : undefined;

  return (
    <>
      <PageHeader title={title} description={summary} />
      <EmptyState
        icon={ConstructionIcon}
        className="max-w-prose"
        action={{ label: 'Go to Dashboard', href: paths.dashboard.getHref() }}
      >
        We are still building this part of Muster. It will appear here as soon as it is ready.
      </EmptyState>
    </>
  );
}
