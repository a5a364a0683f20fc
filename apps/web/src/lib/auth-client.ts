import {
  SESSION_TTL_SECONDS,
  authUserSchema,
  sendSignInCodeInputSchema,
  signInResultSchema,
  signInWithCodeInputSchema,
  type AuthUser,
  type SendSignInCodeInput,
  type SignInResult,
  type SignInWithCodeInput,
} from '@muster/contract/auth';
import { z } from 'zod';

import { AUTH_SESSION, STORAGE_KEYS } from '@/config/constants';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { api as appApi, type ApiClient } from '@/lib/api-client';
import { isApiError, type ApiError } from '@/lib/api-error';
import {
  isServiceOutage,
  shouldRefreshSession,
  transition,
  type AuthAction,
  type AuthEvent,
  type AuthSession,
  type AuthState,
  type SignOutCause,
} from '@/lib/auth-session';
import { toastError } from '@/lib/toast';

/**
 * The session: who is signed in, and keeping the token fresh.
 *
 * - One localStorage key holds the bearer token; nothing else about the user is stored.
 * - States: `loading` (a stored token is being checked), `signed-in`, `signed-out`.
 * - Events: `SIGNED_IN`, `SIGNED_OUT`, `TOKEN_REFRESHED`, `USER_UPDATED` ("password recovery" has no
 *   counterpart: there are no passwords).
 * - Refresh: every 30 s tick, a session that expires within 3 ticks plus a 10 s margin is refreshed
 *   with `GET /auth/get-session`; a `null` answer signs out.
 * - A 401 to any request that carried the token signs out and goes to /sign-in (wired through
 *   `api.setUnauthorizedHandler`, the api-client's one 401 hook).
 * - A network, timeout or gateway failure while signing in or checking the session goes to
 *   /service-outage.
 */

/**
 * `GET /auth/get-session` answers better-auth's session object, or `null`. Not in the contract
 * (it is the library's own shape); only the fields the app reads are checked.
 */
const getSessionResultSchema = z
  .object({
    session: z.object({ token: z.string(), expiresAt: z.string() }),
    user: authUserSchema,
  })
  .nullable();

const successSchema = z.object({ success: z.boolean() });

/**
 * Sign-in calls carry no bearer token: they start a session rather than use one, so a 401 from
 * them (a bad OAuth code) must not end the session the browser may still have.
 */
const SIGN_IN_CALL = { authenticate: false } as const;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type AuthNavigator = {
  /** Goes to an app path (the router, with history `state`) or, for an absolute URL, loads it. */
  navigate: (to: string, state?: unknown) => void;
  /** The current app path with its query, for `from` parameters. */
  getCurrentPath: () => string;
};

export type AuthClientOptions = {
  api: ApiClient;
  /** Defaults to `window.localStorage`. */
  storage?: KeyValueStorage;
  now?: () => number;
  /** API origin, for the OAuth start URLs. */
  apiUrl?: string;
};

export type SignOutOptions = {
  /** Where to go afterwards: an app path or an absolute URL. Defaults to /sign-in. */
  redirectTo?: string;
  /** Skip `POST /auth/sign-out` (the server already ended every session, e.g. after deletion). */
  skipServer?: boolean;
};

export type OAuthProvider = 'google' | 'discord';
export type OAuthIntent = 'sign-in' | 'sign-up';

type Listener = () => void;
type EventListener = (event: AuthEvent, state: AuthState) => void;

function browserStorage(): KeyValueStorage {
  return window.localStorage;
}

function defaultNavigator(): AuthNavigator {
  return {
    navigate: (to) => window.location.assign(to),
    getCurrentPath: () => `${window.location.pathname}${window.location.search}`,
  };
}

function sessionFromSignIn(token: string, now: number): AuthSession {
  return { token, expiresAt: now + SESSION_TTL_SECONDS * 1000 };
}

function sameUser(a: AuthUser, b: AuthUser): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function createAuthClient(options: AuthClientOptions) {
  const { api } = options;
  const storage = options.storage ?? browserStorage();
  const now = options.now ?? Date.now;
  const apiUrl = options.apiUrl ?? env.API_URL;

  let navigator: AuthNavigator = defaultNavigator();
  let state: AuthState = { status: 'signed-out' };
  let initializing: Promise<void> | null = null;
  let refreshing: Promise<void> | null = null;
  let tick: ReturnType<typeof setInterval> | null = null;
  const listeners = new Set<Listener>();
  const eventListeners = new Set<EventListener>();

  function readToken(): string | null {
    try {
      return storage.getItem(STORAGE_KEYS.AUTH_TOKEN);
    } catch {
      // Storage can be unavailable (privacy modes); the user then signs in for this tab only.
      return null;
    }
  }

  function writeToken(token: string | null) {
    try {
      if (token) storage.setItem(STORAGE_KEYS.AUTH_TOKEN, token);
      else storage.removeItem(STORAGE_KEYS.AUTH_TOKEN);
    } catch {
      // See readToken: nothing to persist into.
    }
  }

  /** Until `initialize` runs: a stored token means "checking", none means signed out. */
  function initialState(): AuthState {
    return readToken() ? { status: 'loading' } : { status: 'signed-out' };
  }
  state = initialState();

  function dispatch(action: AuthAction) {
    const next = transition(state, action);
    if (next === state) return;
    state = next;
    for (const listener of [...listeners]) listener();
    for (const listener of [...eventListeners]) listener(action.type, state);
  }

  function goTo(to: string, state?: unknown) {
    if (state === undefined) navigator.navigate(to);
    else navigator.navigate(to, state);
  }

  /** To /sign-in after the session ended by itself, remembering the page (as the gate does). */
  function goToSignIn() {
    const from = navigator.getCurrentPath();
    const isOnSignIn = from.startsWith(paths.signIn.path);
    goTo(paths.signIn.getHref(), isOnSignIn ? undefined : { from });
  }

  function goToServiceOutage() {
    goTo(paths.serviceOutage.getHref(navigator.getCurrentPath()));
  }

  /** Runs an auth call; an outage sends the user to /service-outage (and still rejects). */
  async function authCall<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isServiceOutage(error)) goToServiceOutage();
      throw error;
    }
  }

  function signedIn(result: SignInResult) {
    writeToken(result.token);
    dispatch({
      type: 'SIGNED_IN',
      user: result.user,
      session: sessionFromSignIn(result.token, now()),
    });
    return result;
  }

  /** Ends the session in this browser; no navigation, no server call. */
  function clearSession(cause?: SignOutCause) {
    writeToken(null);
    dispatch({ type: 'SIGNED_OUT', cause });
  }

  async function checkSession(): Promise<z.output<typeof getSessionResultSchema>> {
    return api.get('/auth/get-session', getSessionResultSchema);
  }

  function applySession(result: NonNullable<z.output<typeof getSessionResultSchema>>) {
    const session: AuthSession = {
      token: result.session.token,
      expiresAt: Date.parse(result.session.expiresAt),
    };
    if (session.token !== readToken()) writeToken(session.token);
    if (state.status === 'signed-in') {
      const isSameToken = state.session.token === session.token;
      const isSameExpiry = state.session.expiresAt === session.expiresAt;
      if (isSameToken && isSameExpiry) {
        if (!sameUser(state.user, result.user))
          dispatch({ type: 'USER_UPDATED', user: result.user });
        return;
      }
      dispatch({ type: 'TOKEN_REFRESHED', user: result.user, session });
      return;
    }
    dispatch({ type: 'SIGNED_IN', user: result.user, session });
  }

  /**
   * The server refused the session (invalid 1001, expired 1002, or a refresh it could not make,
   * 1008): signed out here too, and on to /sign-in with the server's message.
   */
  function handleUnauthorized(error?: ApiError) {
    if (state.status === 'signed-out') return;
    const wasSignedIn = state.status === 'signed-in';
    clearSession('session-ended');
    // While the stored token is being checked, the gate redirects on its own if the page needs it.
    if (!wasSignedIn) return;
    goToSignIn();
    // Keyed by code: a failed query reporting the same answer shows one toast, not two.
    if (error) toastError(error);
  }

  const client = {
    getState: (): AuthState => state,

    /**
     * The bearer token for API calls. Storage is the source of truth (another tab may have signed
     * in again); the session's own copy covers browsers without storage.
     */
    getToken: (): string | null =>
      readToken() ?? (state.status === 'signed-in' ? state.session.token : null),

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Session events: signed in, signed out, token refreshed, user updated. */
    onAuthStateChange(listener: EventListener): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },

    /** The app's router; until set, navigation loads the page. */
    setNavigator(next: AuthNavigator) {
      navigator = next;
    },

    /** Checks a stored token once (`GET /auth/get-session`). Safe to call repeatedly. */
    initialize(): Promise<void> {
      initializing ??= (async () => {
        if (!readToken()) {
          dispatch({ type: 'SIGNED_OUT' });
          return;
        }
        try {
          const result = await checkSession();
          if (result) applySession(result);
          else clearSession();
        } catch (error) {
          if (isServiceOutage(error)) {
            // The session may well be valid: keep the token and try again on the next load.
            goToServiceOutage();
            return;
          }
          if (isApiError(error) && error.status === 401) {
            clearSession();
            return;
          }
          console.warn('[auth] the session could not be checked', error);
          clearSession();
        }
      })();
      return initializing;
    },

    /** Refreshes the session now (the tick calls this near expiry). */
    refreshSession(): Promise<void> {
      if (state.status !== 'signed-in') return Promise.resolve();
      refreshing ??= (async () => {
        try {
          const result = await checkSession();
          if (result) applySession(result);
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the session can change while the check above is awaited
          else if (state.status === 'signed-in') {
            clearSession('session-ended');
            goToSignIn();
          }
        } catch (error) {
          if (isServiceOutage(error)) {
            // A blip while the session is still valid is retried on the next tick; once it has
            // expired, the app cannot work and says so.
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- the session can change while the check above is awaited
            if (state.status === 'signed-in' && state.session.expiresAt <= now())
              goToServiceOutage();
            return;
          }
          // 401s were handled by the api-client hook; anything else waits for the next tick.
          if (!(isApiError(error) && error.status === 401)) {
            console.warn('[auth] the session could not be refreshed', error);
          }
        } finally {
          refreshing = null;
        }
      })();
      return refreshing;
    },

    /** One refresh tick: refresh when the session expires within 3 ticks plus the margin. */
    runRefreshTick(): Promise<void> {
      if (state.status !== 'signed-in') return Promise.resolve();
      if (!shouldRefreshSession(state.session.expiresAt, now())) return Promise.resolve();
      return client.refreshSession();
    },

    startAutoRefresh() {
      if (tick) return;
      tick = setInterval(() => void client.runRefreshTick(), AUTH_SESSION.tickMs);
    },

    stopAutoRefresh() {
      if (tick) clearInterval(tick);
      tick = null;
    },

    /** `POST /auth/email-otp/send-verification-otp`: emails a 6-digit code. */
    sendSignInCode(input: Omit<SendSignInCodeInput, 'type'>): Promise<{ success: boolean }> {
      const body = sendSignInCodeInputSchema.parse({ ...input, type: 'sign-in' });
      return authCall(() =>
        api.post('/auth/email-otp/send-verification-otp', body, successSchema, SIGN_IN_CALL),
      );
    },

    /** `POST /auth/sign-in/email-otp`: signs in, creating the user if new. */
    async signInWithCode(input: SignInWithCodeInput): Promise<SignInResult> {
      const body = signInWithCodeInputSchema.parse(input);
      const result = await authCall(() =>
        api.post('/auth/sign-in/email-otp', body, signInResultSchema, SIGN_IN_CALL),
      );
      return signedIn(result);
    },

    /** `POST /auth-bridge/exchange`: the single-use code an OAuth sign-in returned with. */
    async exchangeCode(code: string): Promise<SignInResult> {
      const result = await authCall(() =>
        api.post('/auth-bridge/exchange', { code }, signInResultSchema, SIGN_IN_CALL),
      );
      return signedIn(result);
    },

    /** `POST /auth/sign-in/anonymous`: a session for buddy signers without an account. */
    async signInAnonymously(): Promise<SignInResult> {
      const result = await authCall(() =>
        api.post('/auth/sign-in/anonymous', {}, signInResultSchema, SIGN_IN_CALL),
      );
      return signedIn(result);
    },

    /** Where the browser goes to start Google or Discord sign-in. */
    getOAuthStartUrl(provider: OAuthProvider, intent: OAuthIntent): string {
      const search = new URLSearchParams({ to: intent });
      return `${apiUrl}/auth-bridge/oauth/${provider}/start?${search.toString()}`;
    },

    /**
     * Signs out: clears the stored token, tells the server (best effort), then goes to /sign-in or
     * `redirectTo`.
     */
    signOut({ redirectTo = paths.signIn.getHref(), skipServer = false }: SignOutOptions = {}) {
      const token = client.getToken();
      clearSession('user');
      goTo(redirectTo);
      if (token && !skipServer) {
        api
          .post('/auth/sign-out', {}, successSchema.partial(), {
            headers: { Authorization: `Bearer ${token}` },
          })
          .catch((error: unknown) => {
            // The local session is gone either way; a server that missed it expires it in 7 days.
            console.warn('[auth] sign-out was not confirmed by the server', error);
          });
      }
    },

    /** The 401 hook for the api-client. */
    handleUnauthorized,

    /** Another tab signed in or out: follow it. */
    handleStorageChange(event: Pick<StorageEvent, 'key' | 'newValue'>) {
      if (event.key !== STORAGE_KEYS.AUTH_TOKEN) return;
      if (!event.newValue) {
        dispatch({ type: 'SIGNED_OUT', cause: 'session-ended' });
        return;
      }
      if (state.status === 'signed-in' && state.session.token === event.newValue) return;
      initializing = null;
      void client.initialize();
    },

    /** Tests: forget everything and start again from storage. */
    reset() {
      client.stopAutoRefresh();
      initializing = null;
      refreshing = null;
      navigator = defaultNavigator();
      listeners.clear();
      eventListeners.clear();
      state = initialState();
    },
  };

  api.setTokenGetter(() => client.getToken());
  api.setUnauthorizedHandler((error) => client.handleUnauthorized(error));
  return client;
}

export type AuthClient = ReturnType<typeof createAuthClient>;

/** The app's auth client, bound to the app's API client. */
export const authClient: AuthClient = createAuthClient({ api: appApi });
