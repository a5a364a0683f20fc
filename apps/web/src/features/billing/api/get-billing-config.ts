import { billingConfigSchema, type BillingConfig } from '@muster/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

/** `GET /billing/config`: whether paid plans are on, and each plan's price id. */
export function getBillingConfig(signal?: AbortSignal): Promise<BillingConfig> {
  return api.get('/billing/config', billingConfigSchema, { signal });
}

export function billingConfigQueryOptions() {
  return queryOptions({
    queryKey: ['billing', 'config'],
    queryFn: ({ signal }) => getBillingConfig(signal),
    // Server configuration: it changes with a deploy, not while the app is open.
    staleTime: Infinity,
  });
}

/** The billing configuration; callers show failures themselves. */
export function useBillingConfig() {
  return useQuery({ ...billingConfigQueryOptions(), throwOnError: false });
}

/** The free plan's price id ('' until known), which `isPaying` compares against. */
export function freePriceIdOf(config: BillingConfig | undefined): string {
  return config?.prices.FREE ?? '';
}
