import { isAllowedStatus } from '@muster/domain/subscription';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';

import { BrandIntro } from '@/components/brand/logo';
import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useBillingConfig } from '@/features/billing/api/get-billing-config';
import { PlanSelection } from '@/features/billing/components/plan-selection';
import { profileQueryOptions, useProfile } from '@/features/users/api/get-profile';
import { ExportDataButton } from '@/features/users/components/export-data-button';
import { isMemberSession } from '@/lib/auth-session';
import { useAuthState } from '@/lib/use-auth';

const TITLE = 'Plan selection';
const DESCRIPTION = 'Choose the plan that fits your claim.';
/** Only where paid plans can be bought: with billing off no screen promises an upgrade. */
const DESCRIPTION_WITH_BILLING = `${DESCRIPTION} You can start free and upgrade whenever you need more.`;

/**
 * `/plan-selection` (public). Signed-out visitors see the plans and are sent to sign up when they
 * choose one. The free plan goes to the dashboard, or to the welcome screen for a brand-new account
 * (no subscription before).
 */
export function PlanSelectionRoute() {
  const auth = useAuthState();
  const userId = isMemberSession(auth) ? auth.user.id : null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const config = useBillingConfig();
  const profile = useProfile(userId ?? '', { enabled: userId !== null });

  const isLoading =
    auth.status === 'loading' || config.isPending || (userId !== null && profile.isPending);
  if (isLoading) {
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <PageSpinner label="Loading the plans" />
      </>
    );
  }
  if (config.isError || (userId !== null && profile.isError)) {
    const failed = config.isError ? config : profile;
    return (
      <>
        <PageHeader title={TITLE} description={DESCRIPTION} />
        <QueryErrorPanel
          title="We could not load the plans"
          error={failed.error}
          onRetry={() => void failed.refetch()}
          isRetrying={failed.isFetching}
        />
      </>
    );
  }

  const status = profile.data?.subscription_status ?? null;
  const hasAllowedStatus = isAllowedStatus(status);
  const hasLapsed = profile.data !== undefined && status !== null && !hasAllowedStatus;

  const handleFreePlanChosen = async () => {
    if (!userId) return;
    const isNewAccount = status === null;
    // Reload the profile before leaving, so the gate sees the new subscription.
    await queryClient.fetchQuery({ ...profileQueryOptions(userId), staleTime: 0 });
    void navigate(isNewAccount ? paths.welcome.getHref() : paths.dashboard.getHref());
  };

  return (
    <div className="flex flex-col gap-6">
      <BrandIntro />
      <PageHeader
        title={TITLE}
        description={config.data.enabled ? DESCRIPTION_WITH_BILLING : DESCRIPTION}
      />
      {hasAllowedStatus ? (
        <p>
          <Link to={paths.dashboard.getHref()} className="underline underline-offset-4">
            Go to Dashboard
          </Link>
        </p>
      ) : null}
      {hasLapsed ? (
        <section
          aria-labelledby="plan-lapsed"
          className="bg-muted/50 flex max-w-prose flex-col gap-3 rounded-md border p-4"
        >
          <h2 id="plan-lapsed" className="font-semibold">
            Your data is safe
          </h2>
          <p className="text-sm">
            Your subscription has ended. Everything you saved is still here: choose a plan to keep
            working on your claim, or download a copy of your data.
          </p>
          <div className="flex flex-wrap gap-2">
            <ExportDataButton userId={profile.data.id} />
            <Button
              type="button"
              variant="ghost"
              onClick={() => void navigate(paths.profile.getHref())}
            >
              Go to Account
            </Button>
          </div>
        </section>
      ) : null}
      <PlanSelection
        config={config.data}
        account={
          userId === null
            ? null
            : { currentPlan: hasAllowedStatus ? (profile.data?.plan ?? null) : null }
        }
        onFreePlanChosen={() => void handleFreePlanChosen()}
      />
    </div>
  );
}
