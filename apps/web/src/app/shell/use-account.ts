import type { AuthUser } from '@muster/contract/auth';
import type { UserProfile } from '@muster/contract/users';

import { useProfile } from '@/features/users/api/get-profile';
import { useCurrentUser } from '@/lib/use-auth';

/**
 * The signed-in user and their profile, for pages behind the gate (which has loaded both).
 * Throws when used elsewhere.
 */
export function useAccount(): { user: AuthUser; profile: UserProfile } {
  const user = useCurrentUser();
  const profile = useProfile(user?.id ?? '', { enabled: user !== null });
  if (!user || !profile.data) {
    throw new Error('useAccount needs a signed-in user whose profile has loaded (the gate).');
  }
  return { user, profile: profile.data };
}
