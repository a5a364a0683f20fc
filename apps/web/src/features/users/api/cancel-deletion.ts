import type { UserProfile } from '@muster/contract/users';
import { deletionStatusSchema } from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { profileQueryOptions } from './get-profile';
import type { DeletionStatus } from './request-deletion';

/** `POST /users/{userId}/cancel-deletion`: "Keep my account" during the grace period. */
export function cancelDeletion(userId: string): Promise<DeletionStatus> {
  return api.post(
    `/users/${encodeURIComponent(userId)}/cancel-deletion`,
    undefined,
    deletionStatusSchema,
  );
}

export function useCancelDeletion({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const { queryKey } = profileQueryOptions(userId);
  return useMutation({
    mutationFn: () => cancelDeletion(userId),
    onSuccess: (status) => {
      queryClient.setQueryData(queryKey, (profile: UserProfile | undefined) =>
        profile ? { ...profile, ...status } : profile,
      );
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
