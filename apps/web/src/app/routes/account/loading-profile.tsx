import { Navigate, useSearchParams } from 'react-router';

import { PageSpinner } from '@/components/ui/spinner';
import { isAppRelativePath, paths } from '@/config/paths';

/**
 * `/loading-profile?from=…`: after signing in. The gate loads the profile (and sends users without
 * a subscription to choose a plan); once it lets the user through, continue where they were going.
 */
export function LoadingProfileRoute() {
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from');
  const to =
    isAppRelativePath(from) && !from.startsWith(paths.loadingProfile.path)
      ? from
      : paths.dashboard.getHref();
  return (
    <>
      <PageSpinner label="Loading your profile" />
      <Navigate to={to} replace />
    </>
  );
}
