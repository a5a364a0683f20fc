import { useSearchParams } from 'react-router';

import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { isAppRelativePath, paths } from '@/config/paths';

/**
 * Where the app sends people when the API or the sign-in provider is down.
 * `?from=` holds the page to return to; only same-site paths are accepted.
 */
export function ServiceOutageRoute() {
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from');
  const retryHref = isAppRelativePath(from) ? from : paths.dashboard.getHref();

  return (
    <>
      <PageHeader
        title="Service Outage"
        description="Muster is temporarily unavailable. We are working to restore it."
      />
      <div className="flex max-w-prose flex-col gap-4">
        <p>
          Your information is safe: nothing you saved has been lost. Please try again in a few
          minutes.
        </p>
        <p>
          If a deadline is close, you can still contact VA directly or get free help from an
          accredited Veterans Service Organization (see the link below).
        </p>
        <div>
          {/* A full page load, so the app starts fresh and checks the service again. */}
          <Button type="button" onClick={() => window.location.assign(retryHref)}>
            Try again
          </Button>
        </div>
      </div>
    </>
  );
}
