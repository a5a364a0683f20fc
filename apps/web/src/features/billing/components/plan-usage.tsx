import type { BillingConfig, QuotaFeature, Usage } from '@muster/contract/billing';
import type { UserProfile } from '@muster/contract/users';
import { PLANS } from '@muster/contract/plans';
import { menuItemsFor, planLabel } from '@muster/domain/subscription';
import { useId } from 'react';
import { Link } from 'react-router';

import { QueryErrorPanel } from '@/components/errors/query-error-panel';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';

import { freePriceIdOf } from '../api/get-billing-config';
import { useUsage } from '../api/get-usage';
import { billingLinksFor } from '../utils/menu-links';

const QUOTA_LABELS: Record<QuotaFeature, string> = {
  decision_letters: 'Decision letter analyses',
  ai_messages: 'AI messages',
  personal_statements: 'Personal statements',
  nexus_letters: 'Nexus letter drafts',
  buddy_requests: 'Buddy statement requests',
  vault_storage_mb: 'File Vault storage',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function formatAmount(feature: QuotaFeature, value: number): string {
  return feature === 'vault_storage_mb'
    ? `${value.toLocaleString('en-US')} MB`
    : value.toLocaleString('en-US');
}

export type PlanUsageProps = {
  profile: Pick<UserProfile, 'subscription_status' | 'price_id' | 'plan'>;
  config: BillingConfig | undefined;
};

/** The Account page's plan section: the plan, this month's usage, and the billing actions. */
export function PlanUsage({ profile, config }: PlanUsageProps) {
  const headingId = useId();
  const usage = useUsage();
  const options = {
    status: profile.subscription_status,
    priceId: profile.price_id,
    freePriceId: freePriceIdOf(config),
  };
  const label = planLabel(options);
  const planName = PLANS.find((plan) => plan.id === profile.plan)?.name;
  const links = billingLinksFor(
    menuItemsFor({ ...options, billingEnabled: config?.enabled ?? false }),
  );

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-xl font-semibold">
        Plan and usage
      </h2>
      <p>
        Your plan: <strong>{label}</strong>
        {planName && planName !== label ? ` (${planName})` : null}
      </p>
      {links.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {links.map((link) => (
            <Button key={link.item} asChild variant="outline" size="sm">
              <Link to={link.href}>{link.label}</Link>
            </Button>
          ))}
        </div>
      ) : null}
      {usage.isPending ? <Spinner label="Loading your usage" /> : null}
      {usage.isError ? (
        <QueryErrorPanel
          title="We could not load your usage"
          error={usage.error}
          onRetry={() => void usage.refetch()}
          headingLevel={3}
        />
      ) : null}
      {usage.data ? <UsageList usage={usage.data} /> : null}
    </section>
  );
}

function UsageList({ usage }: { usage: Usage }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-muted-foreground text-sm">
        This month’s usage resets on {dateFormat.format(new Date(usage.resets_at))}.
      </p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {usage.quotas.map((quota) => {
          const label = QUOTA_LABELS[quota.feature];
          const used = formatAmount(quota.feature, quota.used);
          const text =
            quota.limit === null
              ? `${used} used (no monthly limit)`
              : `${used} of ${formatAmount(quota.feature, quota.limit)} used`;
          return (
            <li key={quota.feature} className="flex flex-col gap-1 rounded-md border p-3">
              <span className="text-sm font-medium">{label}</span>
              <span className="text-muted-foreground text-sm">{text}</span>
              {quota.limit !== null && quota.limit > 0 ? (
                <Progress
                  aria-label={`${label}: ${text}`}
                  value={Math.min(quota.used, quota.limit)}
                  max={quota.limit}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
