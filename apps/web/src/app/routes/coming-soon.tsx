import { useMatches } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';

import { isAppRouteHandle } from '../route-types';

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
      <p className="text-muted-foreground max-w-prose rounded-md border border-dashed p-4 text-sm">
        We are still building this part of Muster. It will appear here as soon as it is ready.
      </p>
    </>
  );
}
