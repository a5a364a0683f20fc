import { ERR } from '@muster/contract/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AUTH_SESSION, STORAGE_KEYS } from '@/config/constants';
import { apiError, json, mockApi, type ApiRoutes } from '@/testing/api-mock';
import { buildAuthUser, buildSessionAnswer } from '@/testing/factories';

import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createAuthClient } from './auth-client';
import {
  isServiceOutage,
  shouldRefreshSession,
  transition,
  type AuthEvent,
  type AuthState,
} from './auth-session';

const API = 'https://api.test';
const user = buildAuthUser();
const sonner = vi.hoisted(() => ({
  toast: { error: vi.fn(), success: vi.fn(), dismiss: vi.fn() },
}));
vi.mock('sonner', () => sonner);

const NOW = Date.parse('2026-11-21T12:00:00.000Z');

function setup(routes: ApiRoutes = {}, { token }: { token?: string } = {}) {
  if (token) window.localStorage.setItem(STORAGE_KEYS.AUTH_TOKEN, token);
  const server = mockApi(routes);
  const api = createApiClient({ baseUrl: API, retryBaseDelayMs: 1, isOnline: () => true });
  const client = createAuthClient({ api, apiUrl: API });
  const navigate = vi.fn();
  client.setNavigator({ navigate, getCurrentPath: () => '/vault' });
  const events: AuthEvent[] = [];
  client.onAuthStateChange((event) => events.push(event));
  return { server, api, client, navigate, events };
}

/** Routes are keyed by path on the API origin; mockApi compares with the app's env, so use URLs. */
const route = (method: string, path: string) => `${method} ${API}${path}`;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('transition (the session state machine)', () => {
  const session = { token: 't', expiresAt: NOW + 1000 };
  const signedIn: AuthState = { status: 'signed-in', user, session };

  it('signs in from any state and out from any state', () => {
    expect(transition({ status: 'loading' }, { type: 'SIGNED_IN', user, session })).toEqual(
      signedIn,
    );
    expect(transition({ status: 'signed-out' }, { type: 'SIGNED_IN', user, session })).toEqual(
      signedIn,
    );
    expect(transition(signedIn, { type: 'SIGNED_OUT' })).toEqual({ status: 'signed-out' });
    expect(transition({ status: 'loading' }, { type: 'SIGNED_OUT' })).toEqual({
      status: 'signed-out',
    });
  });

  it('keeps the same state object when already signed out', () => {
    const signedOut: AuthState = { status: 'signed-out' };
    expect(transition(signedOut, { type: 'SIGNED_OUT' })).toBe(signedOut);
  });

  it('refreshes only a session that exists, and updates only a signed-in user', () => {
    const refreshed = { token: 't2', expiresAt: NOW + 5000 };
    expect(
      transition(signedIn, { type: 'TOKEN_REFRESHED', user, session: refreshed }),
    ).toMatchObject({ session: refreshed });
    const signedOut: AuthState = { status: 'signed-out' };
    expect(transition(signedOut, { type: 'TOKEN_REFRESHED', user, session: refreshed })).toBe(
      signedOut,
    );
    const renamed = { ...user, name: 'Jane Q. Doe' };
    expect(transition(signedIn, { type: 'USER_UPDATED', user: renamed })).toMatchObject({
      user: renamed,
      session,
    });
    const loading: AuthState = { status: 'loading' };
    expect(transition(loading, { type: 'USER_UPDATED', user: renamed })).toBe(loading);
  });
});

describe('shouldRefreshSession', () => {
  it('refreshes within 3 ticks (90 s) plus the 10 s margin of expiry', () => {
    const window = AUTH_SESSION.tickMs * 3 + AUTH_SESSION.expiryMarginMs;
    expect(window).toBe(100_000);
    expect(shouldRefreshSession(NOW + 100_000, NOW)).toBe(true);
    expect(shouldRefreshSession(NOW + 100_001, NOW)).toBe(false);
    expect(shouldRefreshSession(NOW - 1, NOW)).toBe(true);
  });
});

describe('isServiceOutage', () => {
  it('is true for network, timeout and gateway failures only', () => {
    expect(isServiceOutage(new ApiError({ status: 0, code: ERR.CONNECTION_ERROR }))).toBe(true);
    expect(isServiceOutage(new ApiError({ status: 0, code: ERR.TIMEOUT }))).toBe(true);
    expect(isServiceOutage(new ApiError({ status: 502, code: ERR.BAD_GATEWAY }))).toBe(true);
    expect(isServiceOutage(new ApiError({ status: 503, code: ERR.SERVICE_UNAVAILABLE }))).toBe(
      true,
    );
    expect(isServiceOutage(new ApiError({ status: 504, code: ERR.GATEWAY_TIMEOUT }))).toBe(true);
    expect(isServiceOutage(new ApiError({ status: 400, code: ERR.INVALID_INPUT }))).toBe(false);
    expect(isServiceOutage(new ApiError({ status: 500, code: ERR.INTERNAL }))).toBe(false);
    expect(isServiceOutage(new Error('Failed to fetch'))).toBe(false);
  });
});

describe('initialize', () => {
  it('is signed out at once without a stored token, and asks the server nothing', async () => {
    const { client, server } = setup();
    expect(client.getState()).toEqual({ status: 'signed-out' });
    await client.initialize();
    expect(client.getState()).toEqual({ status: 'signed-out' });
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('checks a stored token with get-session and signs in', async () => {
    const { client, server, events } = setup(
      { [route('GET', '/auth/get-session')]: json(buildSessionAnswer(user, { token: 'tok' })) },
      { token: 'tok' },
    );
    expect(client.getState()).toEqual({ status: 'loading' });

    await client.initialize();

    expect(client.getState()).toMatchObject({
      status: 'signed-in',
      user: { id: 'user-1' },
      session: { token: 'tok', expiresAt: Date.parse('2030-01-01T00:00:00.000Z') },
    });
    expect(events).toEqual(['SIGNED_IN']);
    expect(server.requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
  });

  it('signs out and forgets the token when get-session answers null', async () => {
    const { client, events } = setup(
      { [route('GET', '/auth/get-session')]: json(null) },
      { token: 'old' },
    );
    await client.initialize();
    expect(client.getState()).toEqual({ status: 'signed-out' });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
    expect(events).toEqual(['SIGNED_OUT']);
  });

  it('goes to /service-outage when the API is unreachable, keeping the token', async () => {
    const { client, navigate } = setup({}, { token: 'tok' });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await client.initialize();

    expect(navigate).toHaveBeenCalledWith('/service-outage?from=%2Fvault');
    expect(client.getState()).toEqual({ status: 'loading' });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBe('tok');
  });

  it('runs once however often it is called', async () => {
    const { client, server } = setup(
      { [route('GET', '/auth/get-session')]: json(buildSessionAnswer(user, { token: 'tok' })) },
      { token: 'tok' },
    );
    await Promise.all([client.initialize(), client.initialize()]);
    await client.initialize();
    expect(server.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('signing in', () => {
  it('signs in with the emailed code, storing the token', async () => {
    const { client, server, events } = setup({
      [route('POST', '/auth/sign-in/email-otp')]: json({ token: 'new-token', user }),
    });

    await client.signInWithCode({ email: ' jane@example.com ', otp: '123456' });

    expect(server.calls('POST', `${API}/auth/sign-in/email-otp`)[0]?.body).toEqual({
      email: 'jane@example.com',
      otp: '123456',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBe('new-token');
    expect(client.getState()).toMatchObject({
      status: 'signed-in',
      session: { token: 'new-token', expiresAt: NOW + 7 * 24 * 3600 * 1000 },
    });
    expect(client.getToken()).toBe('new-token');
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('sends the code with type "sign-in"', async () => {
    const { client, server } = setup({
      [route('POST', '/auth/email-otp/send-verification-otp')]: json({ success: true }),
    });
    await client.sendSignInCode({ email: 'jane@example.com' });
    expect(server.requests[0]?.body).toEqual({ email: 'jane@example.com', type: 'sign-in' });
  });

  it('exchanges an OAuth code and signs in anonymously', async () => {
    const { client, server } = setup({
      [route('POST', '/auth-bridge/exchange')]: json({ token: 'oauth-token', user }),
      [route('POST', '/auth/sign-in/anonymous')]: json({
        token: 'anon-token',
        user: { ...user, isAnonymous: true },
      }),
    });
    await client.exchangeCode('single-use-code-123');
    expect(server.requests[0]?.body).toEqual({ code: 'single-use-code-123' });
    expect(client.getToken()).toBe('oauth-token');

    await client.signInAnonymously();
    expect(client.getToken()).toBe('anon-token');
  });

  it('rejects with the server error and stays signed out on a wrong code', async () => {
    const { client, navigate } = setup({
      [route('POST', '/auth/sign-in/email-otp')]: apiError(400, ERR.INVALID_INPUT, {
        fields: { otp: 'Invalid code' },
      }),
    });
    await expect(client.signInWithCode({ email: 'a@b.co', otp: '000000' })).rejects.toMatchObject({
      code: ERR.INVALID_INPUT,
      fields: { otp: 'Invalid code' },
    });
    expect(client.getState()).toEqual({ status: 'signed-out' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to /service-outage when the gateway fails during sign-in', async () => {
    const { client, navigate } = setup({
      [route('POST', '/auth/email-otp/send-verification-otp')]: new Response('Bad gateway', {
        status: 502,
      }),
    });
    await expect(client.sendSignInCode({ email: 'a@b.co' })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/service-outage?from=%2Fvault');
  });

  it('builds the provider start URLs', () => {
    const { client } = setup();
    expect(client.getOAuthStartUrl('google', 'sign-in')).toBe(
      `${API}/auth-bridge/oauth/google/start?to=sign-in`,
    );
    expect(client.getOAuthStartUrl('discord', 'sign-up')).toBe(
      `${API}/auth-bridge/oauth/discord/start?to=sign-up`,
    );
  });
});

async function signedInClient(routes: ApiRoutes = {}, expiresAt = '2030-01-01T00:00:00.000Z') {
  const context = setup(
    {
      [route('GET', '/auth/get-session')]: json(
        buildSessionAnswer(user, { token: 'tok', expiresAt }),
      ),
      ...routes,
    },
    { token: 'tok' },
  );
  await context.client.initialize();
  context.events.length = 0;
  return context;
}

describe('the refresh tick', () => {
  it('refreshes only once the session expires within 3 ticks plus the margin', async () => {
    // Expires in 3 minutes: ticks at 30, 60 s are too early; the tick at 90 s is within 100 s.
    const expiresAt = new Date(NOW + 180_000).toISOString();
    const { client, server, events } = await signedInClient({}, expiresAt);
    const refreshedUntil = new Date(NOW + 7 * 24 * 3600 * 1000).toISOString();
    server.use({
      [route('GET', '/auth/get-session')]: json(
        buildSessionAnswer(user, { token: 'tok', expiresAt: refreshedUntil }),
      ),
    });
    client.startAutoRefresh();

    await vi.advanceTimersByTimeAsync(AUTH_SESSION.tickMs * 2);
    expect(server.fetch).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(AUTH_SESSION.tickMs);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(events).toEqual(['TOKEN_REFRESHED']);
    expect(client.getState()).toMatchObject({
      session: { expiresAt: Date.parse(refreshedUntil) },
    });

    // Far from expiry again: later ticks leave it alone.
    await vi.advanceTimersByTimeAsync(AUTH_SESSION.tickMs * 4);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    client.stopAutoRefresh();
  });

  it('signs out and goes to /sign-in when the refresh answers null', async () => {
    const { client, server, navigate, events } = await signedInClient(
      {},
      new Date(NOW + 60_000).toISOString(),
    );
    server.use({ [route('GET', '/auth/get-session')]: json(null) });

    await client.runRefreshTick();

    expect(client.getState()).toEqual({ status: 'signed-out', cause: 'session-ended' });
    expect(events).toEqual(['SIGNED_OUT']);
    expect(navigate).toHaveBeenCalledWith('/sign-in', { from: '/vault' });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
  });

  it('takes a new token the server hands out', async () => {
    const { client, server, events } = await signedInClient(
      {},
      new Date(NOW + 60_000).toISOString(),
    );
    server.use({
      [route('GET', '/auth/get-session')]: json(buildSessionAnswer(user, { token: 'rotated' })),
    });
    await client.runRefreshTick();
    expect(events).toEqual(['TOKEN_REFRESHED']);
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBe('rotated');
  });

  it('reports a changed user without a new session as USER_UPDATED', async () => {
    const { client, server, events } = await signedInClient();
    server.use({
      [route('GET', '/auth/get-session')]: json(
        buildSessionAnswer({ ...user, name: 'Jane Q. Doe' }, { token: 'tok' }),
      ),
    });
    await client.refreshSession();
    expect(events).toEqual(['USER_UPDATED']);
  });

  it('keeps the session through an outage while it is still valid', async () => {
    const { client, navigate } = await signedInClient({}, new Date(NOW + 60_000).toISOString());
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await client.runRefreshTick();

    expect(client.getState().status).toBe('signed-in');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('401 answers and signing out', () => {
  it('a 401 to any authenticated call signs out and goes to /sign-in', async () => {
    const { client, api, navigate, events } = await signedInClient({
      [route('GET', '/vault')]: apiError(401, ERR.SESSION_EXPIRED),
    });

    await expect(api.request('/vault')).rejects.toMatchObject({ status: 401 });

    expect(client.getState()).toEqual({ status: 'signed-out', cause: 'session-ended' });
    expect(events).toEqual(['SIGNED_OUT']);
    expect(navigate).toHaveBeenCalledWith('/sign-in', { from: '/vault' });
  });

  it('a refresh the server could not make (401 / 1008) ends the session like any 401, with its message', async () => {
    sonner.toast.error.mockClear();
    const { client, api, navigate, events } = await signedInClient({
      [route('GET', '/vault')]: apiError(401, ERR.REFRESH_FAILED),
    });

    await expect(api.request('/vault')).rejects.toMatchObject({
      status: 401,
      code: ERR.REFRESH_FAILED,
    });

    expect(client.getState()).toEqual({ status: 'signed-out', cause: 'session-ended' });
    expect(events).toEqual(['SIGNED_OUT']);
    expect(navigate).toHaveBeenCalledWith('/sign-in', { from: '/vault' });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
    await vi.waitFor(() =>
      expect(sonner.toast.error).toHaveBeenCalledWith(
        'Unable to refresh session',
        expect.objectContaining({ id: `api-error-${ERR.REFRESH_FAILED}` }),
      ),
    );
  });

  it('the refresh tick answered 401 / 1008 signs out and goes to /sign-in', async () => {
    const { client, server, navigate } = await signedInClient(
      {},
      new Date(NOW + 60_000).toISOString(),
    );
    server.use({ [route('GET', '/auth/get-session')]: apiError(401, ERR.REFRESH_FAILED) });

    await client.runRefreshTick();

    expect(client.getState()).toEqual({ status: 'signed-out', cause: 'session-ended' });
    expect(navigate).toHaveBeenCalledWith('/sign-in', { from: '/vault' });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
  });

  it('a 401 without a token (e.g. a bad OAuth code) does not navigate', async () => {
    const { client, navigate } = setup({
      [route('POST', '/auth-bridge/exchange')]: apiError(401, ERR.AUTH_FAILED),
    });
    await expect(client.exchangeCode('bad-code-123456')).rejects.toMatchObject({ status: 401 });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('signing out clears the token, goes to /sign-in and tells the server', async () => {
    const { client, server, navigate, events } = await signedInClient({
      [route('POST', '/auth/sign-out')]: json({ success: true }),
    });

    client.signOut();

    expect(client.getState()).toEqual({ status: 'signed-out', cause: 'user' });
    expect(window.localStorage.getItem(STORAGE_KEYS.AUTH_TOKEN)).toBeNull();
    expect(events).toEqual(['SIGNED_OUT']);
    expect(navigate).toHaveBeenCalledWith('/sign-in');
    await vi.waitFor(() => expect(server.calls('POST', `${API}/auth/sign-out`)).toHaveLength(1));
    expect(server.calls('POST', `${API}/auth/sign-out`)[0]?.headers.get('Authorization')).toBe(
      'Bearer tok',
    );
  });

  it('signs out to a given destination, optionally without the server', async () => {
    const { client, server, navigate } = await signedInClient();
    client.signOut({ redirectTo: '/privacy-policy', skipServer: true });
    expect(navigate).toHaveBeenCalledWith('/privacy-policy');
    expect(server.calls('POST', `${API}/auth/sign-out`)).toHaveLength(0);
  });

  it('follows another tab signing out', async () => {
    const { client, events } = await signedInClient();
    window.localStorage.removeItem(STORAGE_KEYS.AUTH_TOKEN);
    client.handleStorageChange({ key: STORAGE_KEYS.AUTH_TOKEN, newValue: null });
    expect(client.getState()).toEqual({ status: 'signed-out', cause: 'session-ended' });
    expect(events).toEqual(['SIGNED_OUT']);
  });
});

describe('sign-in calls while a session exists', () => {
  it('send no bearer token, so a bad OAuth code does not end the current session', async () => {
    const { client, server, navigate } = await signedInClient({
      [route('POST', '/auth-bridge/exchange')]: apiError(401, ERR.AUTH_FAILED),
    });

    await expect(client.exchangeCode('bogus-code-123456')).rejects.toMatchObject({ status: 401 });

    expect(
      server.calls('POST', `${API}/auth-bridge/exchange`)[0]?.headers.has('Authorization'),
    ).toBe(false);
    expect(client.getState().status).toBe('signed-in');
    expect(navigate).not.toHaveBeenCalled();
  });
});
