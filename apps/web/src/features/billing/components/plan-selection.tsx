import type { BillingConfig, Subscription } from '@muster/contract/billing';
import { PLANS, type PlanDisplay, type PlanId } from '@muster/contract/plans';
import { CheckIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

import { useChooseFreePlan } from '../api/choose-free-plan';
import { useOpenBilling } from '../hooks/use-open-billing';

export const BILLING_DISABLED_NOTE =
  'Payments are off on this server, so there is nothing to buy: every feature is open on the free plan, and your use is counted but never limited.';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$29.99", with the way it recurs. */
export function formatPlanPrice(plan: PlanDisplay): { amount: string; interval: string } {
  const amount = plan.priceUsd === 0 ? '$0' : usd.format(plan.priceUsd);
  switch (plan.interval) {
    case 'forever':
      return { amount, interval: 'forever' };
    case 'month':
      return { amount, interval: 'per month' };
    case '6 months':
      return { amount, interval: 'every 6 months' };
    case 'once':
      return { amount, interval: 'one-time payment' };
  }
}

export type PlanSelectionAccount = {
  /** The plan of an allowed subscription, or null (none yet, canceled, lapsed). */
  currentPlan: PlanId | null;
};

export type PlanSelectionProps = {
  config: BillingConfig;
  /** Null for a visitor who is not signed in: choosing a plan starts with signing up. */
  account: PlanSelectionAccount | null;
  onFreePlanChosen: (subscription: Subscription) => void;
};

/**
 * The four plans. Free is chosen in place; paid plans open the payment provider's checkout. With
 * billing off nobody can pay, so only Free is offered, with a note saying nothing is limited: no
 * screen offers an upgrade that cannot happen.
 */
export function PlanSelection({ config, account, onFreePlanChosen }: PlanSelectionProps) {
  const navigate = useNavigate();
  const chooseFree = useChooseFreePlan({ onSuccess: onFreePlanChosen });
  const openBilling = useOpenBilling();
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const isBusy = chooseFree.isPending || openBilling.isPending;

  const handleChoose = (planId: PlanId) => {
    setCheckoutError(null);
    if (!account) {
      void navigate(paths.signUp.getHref());
      return;
    }
    if (planId === 'FREE') {
      chooseFree.mutate();
      return;
    }
    openBilling.mutate(
      { to: 'checkout', plan: planId, prices: config.prices },
      {
        onError: () =>
          setCheckoutError('We could not open the checkout. Please try again in a moment.'),
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {config.enabled ? null : (
        <p role="note" className="bg-muted/50 max-w-prose rounded-md border p-3 text-sm">
          {BILLING_DISABLED_NOTE}
        </p>
      )}
      {checkoutError ? (
        <p role="alert" className="text-destructive text-sm">
          {checkoutError}
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {PLANS.filter((plan) => plan.id === 'FREE' || config.enabled).map((plan) => (
          <li key={plan.id} className="flex">
            <PlanCard
              plan={plan}
              isCurrent={account?.currentPlan === plan.id}
              isBusy={isBusy}
              onChoose={() => handleChoose(plan.id)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

type PlanCardProps = {
  plan: PlanDisplay;
  isCurrent: boolean;
  isBusy: boolean;
  onChoose: () => void;
};

function PlanCard({ plan, isCurrent, isBusy, onChoose }: PlanCardProps) {
  const titleId = useId();
  const price = formatPlanPrice(plan);
  return (
    <article
      aria-labelledby={titleId}
      className="bg-card text-card-foreground flex w-full flex-col gap-3 rounded-lg border p-4 shadow-xs"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {plan.name}
      </h2>
      <p>
        <span className="text-2xl font-bold">{price.amount}</span>{' '}
        <span className="text-muted-foreground text-sm">{price.interval}</span>
      </p>
      <p className="text-muted-foreground text-sm">{plan.summary}</p>
      <ul className="flex flex-1 flex-col gap-1 text-sm">
        {plan.highlights.map((highlight) => (
          <li key={highlight} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0" aria-hidden />
            {highlight}
          </li>
        ))}
      </ul>
      {isCurrent ? (
        <Button type="button" variant="outline" disabled>
          Current plan
        </Button>
      ) : (
        <Button
          type="button"
          variant={plan.id === 'FREE' ? 'outline' : 'default'}
          disabled={isBusy}
          onClick={onChoose}
        >
          Choose {plan.name}
        </Button>
      )}
    </article>
  );
}
