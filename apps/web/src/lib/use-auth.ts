import type { AuthUser } from '@muster/contract/auth';
import { useSyncExternalStore } from 'react';

import { authClient, type AuthClient } from '@/lib/auth-client';
import { isMemberSession, type AuthState } from '@/lib/auth-session';

/** The current session state, re-rendering on every change. */
export function useAuthState(client: AuthClient = authClient): AuthState {
  return useSyncExternalStore(client.subscribe, client.getState, client.getState);
}

/** The signed-in member, or null (signed out, loading, or an anonymous session). */
export function useCurrentUser(client: AuthClient = authClient): AuthUser | null {
  const state = useAuthState(client);
  return isMemberSession(state) ? state.user : null;
}
