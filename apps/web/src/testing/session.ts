import type { AuthUser } from '@muster/contract/auth';
import type { UserProfile } from '@muster/contract/users';
import type { BillingConfig } from '@muster/contract/billing';

import { STORAGE_KEYS } from '@/config/constants';
import { authClient } from '@/lib/auth-client';

import { json, mockApi, type ApiRoutes } from './api-mock';
import { buildAuthUser, buildBillingConfig, buildProfile, buildSessionAnswer } from './factories';

export const TEST_TOKEN = 'token-1';

export type SignedInOptions = {
  user?: Partial<AuthUser>;
  profile?: Partial<UserProfile>;
  billing?: Partial<BillingConfig>;
  routes?: ApiRoutes;
};

/**
 * A stored session for `user-1` and an API that knows it: get-session, the profile, the billing
 * configuration, no threads, plus `routes`. Call before rendering.
 */
export function mockSignedIn({
  user: userOverrides,
  profile,
  billing,
  routes = {},
}: SignedInOptions = {}) {
  const user = buildAuthUser(userOverrides);
  const userProfile = buildProfile(profile);
  window.localStorage.setItem(STORAGE_KEYS.AUTH_TOKEN, TEST_TOKEN);
  authClient.reset();
  const api = mockApi({
    'GET /auth/get-session': json(buildSessionAnswer(user, { token: TEST_TOKEN })),
    [`GET /users/${user.id}`]: json(userProfile),
    'GET /billing/config': json(buildBillingConfig(billing)),
    'GET /auth/providers': json({ google: false, discord: false }),
    'POST /auth/sign-out': json({ success: true }),
    // The sidebar lists the latest threads on every signed-in page.
    'GET /threads': json({ results: [], meta: { page: 1, page_size: 8, total: 0 } }),
    // And the latest disabilities.
    'GET /disabilities': json({ results: [], meta: { page: 1, page_size: 5, total: 0 } }),
    // The dashboard's claim readiness: no disabilities yet.
    'GET /disabilities/readiness': json({ total: 0, ready: 0, results: [] }),
    // The dashboard's latest decision letter and deadlines: none yet.
    'GET /decision-letters': json({ results: [], meta: { page: 1, page_size: 20, total: 0 } }),
    // The dashboard's deadlines and the Account page's reminder settings and Board appeals.
    'GET /deadlines': json({
      today: '2026-11-26',
      time_zone: 'America/New_York',
      deadlines: [],
      intent_to_file: null,
    }),
    'GET /deadlines/settings': json({
      time_zone: 'America/New_York',
      time_zone_chosen: false,
      reminders_off: [],
    }),
    'GET /board-appeals': json([]),
    ...routes,
  });
  return { api, user, profile: userProfile };
}

/** No stored session, and an API with the public routes plus `routes`. */
export function mockSignedOut(routes: ApiRoutes = {}) {
  window.localStorage.removeItem(STORAGE_KEYS.AUTH_TOKEN);
  authClient.reset();
  return mockApi({
    'GET /auth/providers': json({ google: false, discord: false }),
    'GET /billing/config': json(buildBillingConfig()),
    ...routes,
  });
}

/**
 * A public page opened from a link (no account): no session yet, and the anonymous sign-in the
 * page asks for answered with an anonymous user, plus `routes`. Stored state is left as it is.
 */
export function mockPublicPage(routes: ApiRoutes = {}) {
  return mockApi({
    'GET /auth/get-session': json(null),
    'GET /auth/providers': json({ google: false, discord: false }),
    'POST /auth/sign-in/anonymous': json({
      token: 'anon-token',
      user: {
        id: 'anon-1',
        email: 'anon@anonymous.invalid',
        name: 'Anonymous',
        emailVerified: false,
        isAnonymous: true,
        createdAt: '2026-11-20T12:00:00.000Z',
        updatedAt: '2026-11-20T12:00:00.000Z',
      },
    }),
    ...routes,
  });
}
