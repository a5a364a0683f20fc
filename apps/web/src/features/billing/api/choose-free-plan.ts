import {
  choosePlanInputSchema,
  subscriptionSchema,
  type Subscription,
} from '@muster/contract/billing';
import { useMutation } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `POST /subscriptions/free`: the free plan, for new users and for lapsed or canceled ones. */
export function chooseFreePlan(): Promise<Subscription> {
  const body = choosePlanInputSchema.parse({ plan: 'FREE' });
  return api.post('/subscriptions/free', body, subscriptionSchema);
}

export function useChooseFreePlan(
  options: { onSuccess?: (subscription: Subscription) => void } = {},
) {
  return useMutation({ mutationFn: chooseFreePlan, onSuccess: options.onSuccess });
}
