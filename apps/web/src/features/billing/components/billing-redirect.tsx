import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

import { FullScreenStatus } from '@/components/layouts/full-screen-status';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { useOpenBilling } from '../hooks/use-open-billing';
import type { BillingTarget } from '../utils/open-billing';

export type BillingRedirectProps = { target: BillingTarget };

/**
 * `/redirect-to-stripe`: opens the checkout or portal the link asked for. Failures are logged and
 * the page offers to try again (portal and checkout failures are never toasted).
 */
export function BillingRedirect({ target }: BillingRedirectProps) {
  const openBilling = useOpenBilling();
  const hasStarted = useRef(false);
  const { mutate } = openBilling;

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    mutate(target);
  }, [mutate, target]);

  if (!openBilling.isError) return <FullScreenStatus message="Opening secure billing..." />;

  return (
    <section className="flex max-w-prose flex-col gap-4">
      <PageHeader
        title="Opening billing"
        description="We could not reach the billing service just now. Nothing was charged."
      />
      <div className="flex flex-wrap gap-3">
        <Button type="button" onClick={() => openBilling.mutate(target)}>
          Try again
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.dashboard.getHref()}>Back to dashboard</Link>
        </Button>
      </div>
    </section>
  );
}
