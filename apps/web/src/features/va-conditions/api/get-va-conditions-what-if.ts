import {
  vaConditionsWhatIfSchema,
  type PlannedCondition,
  type VaConditionsWhatIf,
} from '@muster/contract/va-conditions';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { VA_CONDITIONS_QUERY_KEY } from './get-va-conditions';

/**
 * `POST /va-conditions/what-if`: the combined rating and monthly amount with the planned
 * conditions added to VA's ratings. It changes nothing, so it is read like a query.
 */
export function getVaConditionsWhatIf(
  planned: readonly PlannedCondition[],
  signal?: AbortSignal,
): Promise<VaConditionsWhatIf> {
  return api.post('/va-conditions/what-if', { planned }, vaConditionsWhatIfSchema, {
    signal,
    timeoutMs: 60_000,
  });
}

export function vaConditionsWhatIfQueryOptions(planned: readonly PlannedCondition[]) {
  return queryOptions({
    queryKey: [...VA_CONDITIONS_QUERY_KEY, 'what-if', planned],
    queryFn: ({ signal }) => getVaConditionsWhatIf(planned, signal),
  });
}

/** The what-if for `planned` (nothing asked while the list is empty); the panel shows failures. */
export function useVaConditionsWhatIf(planned: readonly PlannedCondition[]) {
  return useQuery({
    ...vaConditionsWhatIfQueryOptions(planned),
    enabled: planned.length > 0,
    throwOnError: false,
    meta: { errorToast: false },
    placeholderData: keepPreviousData,
  });
}
