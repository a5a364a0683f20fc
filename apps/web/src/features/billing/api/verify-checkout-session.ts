import { verifySessionSchema } from '@muster/contract/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '@/lib/api-client';

export type CheckoutVerification = z.infer<typeof verifySessionSchema>;

/** `GET /subscriptions/verify-stripe-session?session_id=`: how a checkout ended. */
export function verifyCheckoutSession(
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutVerification> {
  return api.get('/subscriptions/verify-stripe-session', verifySessionSchema, {
    query: { session_id: sessionId },
    signal,
  });
}

export function verifyCheckoutSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ['billing', 'verify-session', sessionId],
    queryFn: ({ signal }) => verifyCheckoutSession(sessionId, signal),
  });
}

export function useVerifyCheckoutSession(sessionId: string) {
  return useQuery({ ...verifyCheckoutSessionQueryOptions(sessionId), throwOnError: false });
}
