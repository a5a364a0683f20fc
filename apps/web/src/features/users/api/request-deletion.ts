import { deletionStatusSchema } from '@muster/contract/users';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '@/lib/api-client';

export type DeletionStatus = z.infer<typeof deletionStatusSchema>;

/**
 * `POST /users/{userId}/request-deletion`: schedules erasure after the grace period and ends every
 * session of the account.
 */
export function requestDeletion(userId: string): Promise<DeletionStatus> {
  return api.post(
    `/users/${encodeURIComponent(userId)}/request-deletion`,
    undefined,
    deletionStatusSchema,
  );
}

export function useRequestDeletion({ userId }: { userId: string }) {
  return useMutation({ mutationFn: () => requestDeletion(userId) });
}
