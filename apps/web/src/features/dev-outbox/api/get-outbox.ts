import { outboxSchema, type OutboxEmail } from '@muster/contract/outbox';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { DEV_OUTBOX_POLL_MS } from '@/config/constants';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

export type { OutboxEmail } from '@muster/contract/outbox';

/** `GET /dev/outbox`: newest first; 404 when the server sends real mail or runs in production. */
export function getOutbox(signal?: AbortSignal): Promise<OutboxEmail[]> {
  return api.get('/dev/outbox', outboxSchema, { signal });
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
