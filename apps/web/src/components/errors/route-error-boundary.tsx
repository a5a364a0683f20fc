import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';

import { ErrorScreen } from '@/components/errors/error-screen';
import { reportError } from '@/lib/error-reporting';

/**
 * The `errorElement` of route areas: errors thrown while loading a route module, in a loader, or
 * while rendering land here.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();

  // Sent once per error, when error reporting is on.
  useEffect(() => reportError(error), [error]);

  // Navigating to the same location clears the router's error state and renders the route again.
  const handleRetry = () => {
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state as unknown },
    );
  };

  return <ErrorScreen error={error} onRetry={handleRetry} />;
}
