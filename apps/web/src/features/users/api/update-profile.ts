import {
  userProfileSchema,
  type UpdateUserProfileInput,
  type UserProfile,
} from '@muster/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '@/lib/api-client';

import { profileQueryOptions } from './get-profile';

/** `PATCH /users/{userId}`: name and served branches (any alias; stored canonical). */
export function updateProfile({
  userId,
  input,
}: {
  userId: string;
  input: UpdateUserProfileInput;
}): Promise<UserProfile> {
  return api.patch(`/users/${encodeURIComponent(userId)}`, input, userProfileSchema);
}

export function useUpdateProfile({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateUserProfileInput) => updateProfile({ userId, input }),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions(userId).queryKey, profile);
    },
  });
}
