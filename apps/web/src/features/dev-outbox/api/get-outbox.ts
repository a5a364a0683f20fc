import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

import { DEV_OUTBOX_POLL_MS } from '@/config/constants';
import { api, isApiError } from '@/lib/api-client';

/**
 * One mail kept by the API's embedded outbox. The contract has no schema for this development
 * endpoint yet (the API declares it in `modules/mail/outbox.routes.ts`); this mirrors it.
 */
export const outboxEmailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  sentAt: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

/** `GET /dev/outbox`: newest first; 404 when the server sends real mail or runs in production. */
export function getOutbox(signal?: AbortSignal): Promise<OutboxEmail[]> {
  return api.get('/dev/outbox', z.array(outboxEmailSchema), { signal });
}

export function outboxQueryOptions() {
  return queryOptions({
    queryKey: ['dev-outbox', 'list'],
    queryFn: ({ signal }) => getOutbox(signal),
  });
}

export function isOutboxUnavailable(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** The outbox, polled while it is available; the page shows failures itself. */
export function useOutbox() {
  return useQuery({
    ...outboxQueryOptions(),
    throwOnError: false,
    meta: { errorToast: false },
    refetchInterval: (query) => (query.state.error ? false : DEV_OUTBOX_POLL_MS),
  });
}
