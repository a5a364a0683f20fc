import type { AuthUser } from '@muster/contract/auth';
import { ERR, type ErrorCode } from '@muster/contract/errors';

import { AUTH_SESSION } from '@/config/constants';
import { isApiError, type ApiError } from '@/lib/api-error';

/**
 * The session as data: its states, the pure state machine between them, and the rules read off a
 * state or an error. The client that drives it is `auth-client.ts`; the React hooks are
 * `use-auth.ts`.
 */

export type AuthSession = {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
};

/** Why a session ended: the user signed out, or the server ended it (401, expiry, another tab). */
export type SignOutCause = 'user' | 'session-ended';

export type AuthState =
  | { status: 'loading' }
  | { status: 'signed-in'; user: AuthUser; session: AuthSession }
  | { status: 'signed-out'; cause?: SignOutCause };

export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED';

export type AuthAction =
  | { type: 'SIGNED_IN'; user: AuthUser; session: AuthSession }
  | { type: 'SIGNED_OUT'; cause?: SignOutCause }
  | { type: 'TOKEN_REFRESHED'; user: AuthUser; session: AuthSession }
  | { type: 'USER_UPDATED'; user: AuthUser };

/**
 * The state machine, as a pure function. Refreshing or updating the user only applies to a
 * session that exists; anything may sign out; signing in replaces whatever was there.
 */
export function transition(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'SIGNED_IN':
      return { status: 'signed-in', user: action.user, session: action.session };
    case 'SIGNED_OUT':
      if (state.status === 'signed-out') return state;
      return action.cause
        ? { status: 'signed-out', cause: action.cause }
        : { status: 'signed-out' };
    case 'TOKEN_REFRESHED':
      if (state.status === 'signed-out') return state;
      return { status: 'signed-in', user: action.user, session: action.session };
    case 'USER_UPDATED':
      if (state.status !== 'signed-in') return state;
      return { ...state, user: action.user };
  }
}

/** Whether the tick should refresh a session expiring at `expiresAt` (both epoch ms). */
export function shouldRefreshSession(expiresAt: number, now: number): boolean {
  const window =
    AUTH_SESSION.tickMs * AUTH_SESSION.refreshWithinTicks + AUTH_SESSION.expiryMarginMs;
  return expiresAt - now <= window;
}

/** Codes meaning the API (or the network to it) is down rather than the request being wrong. */
const OUTAGE_CODES: ReadonlySet<ErrorCode> = new Set([
  ERR.CONNECTION_ERROR,
  ERR.SERVICE_UNAVAILABLE_4002,
  ERR.TIMEOUT,
  ERR.SERVICE_UNAVAILABLE_4004,
  ERR.MAINTENANCE,
  ERR.CONNECTION_LOST,
  ERR.BAD_GATEWAY,
  ERR.GATEWAY_TIMEOUT,
  ERR.SERVICE_UNAVAILABLE,
]);
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** A service outage: a network, timeout, gateway (502/503/504) or provider-down failure. */
export function isServiceOutage(error: unknown): error is ApiError {
  if (!isApiError(error)) return false;
  return GATEWAY_STATUSES.has(error.status) || OUTAGE_CODES.has(error.code);
}

/**
 * A member's session: signed in with an account. Anonymous sessions (buddy signers) only serve the
 * signing page; everywhere else they count as signed out.
 */
export function isMemberSession(
  state: AuthState,
): state is Extract<AuthState, { status: 'signed-in' }> {
  return state.status === 'signed-in' && state.user.isAnonymous !== true;
}
