/**
 * The authorization matrix, built from the API's route table. Every route must be listed here
 * with how it is protected; a route missing from the matrix fails the test, so a new route cannot
 * ship without a decision. Kinds:
 * - public: open (probes, docs, sign-in steps, the public calculator later);
 * - signature: authenticated by its own signature (webhooks, signed storage links);
 * - user: needs a signed-in (non-anonymous) user;
 * - owned: needs a user AND names a resource by id: another user's id answers 404.
 */
export type Kind = 'public' | 'signature' | 'user' | 'owned';
export const ROUTE_SECURITY: Record<string, Kind> = {
  'GET /health': 'public',
  'GET /ready': 'public',
  'GET /openapi.json': 'public',
  'GET /auth/providers': 'public',
  'POST /auth/email-otp/send-verification-otp': 'public',
  'POST /auth/sign-in/email-otp': 'public',
  'GET /auth-bridge/oauth/:providerId/start': 'public',
  'GET /auth-bridge/oauth/complete': 'public',
  'POST /auth-bridge/exchange': 'public',
  'GET /auth/get-session': 'public',
  'POST /auth/sign-out': 'public',
  'POST /auth/sign-in/anonymous': 'public',
  'GET /auth/callback/:providerId': 'public',
  'GET /dev/outbox': 'public',
  'PUT /storage/local/:token': 'signature',
  'GET /storage/local/:token': 'signature',
  'POST /stripe/webhook': 'signature',
  'GET /users/:userId': 'owned',
  'PATCH /users/:userId': 'owned',
  'POST /users/:userId/request-deletion': 'owned',
  'POST /users/:userId/cancel-deletion': 'owned',
  'GET /users/:userId/export': 'owned',
  'GET /billing/config': 'public',
  'GET /subscriptions': 'user',
  'GET /subscriptions/verify-stripe-session': 'user',
  'GET /subscriptions/:id': 'owned',
  'POST /subscriptions/free': 'user',
  'POST /subscriptions/stripe-customers': 'user',
  'POST /subscriptions/stripe-checkout-sessions': 'user',
  'POST /stripe/lifetime-checkout': 'user',
  'POST /stripe/subscription-portal': 'user',
  'POST /stripe/upgrade-subscription-portal': 'user',
  'POST /stripe/customer-portal': 'user',
  'GET /usage': 'user',
  'POST /calculator/combined-rating': 'public',
  'POST /calculator/compensation': 'public',
  'GET /conditions': 'user',
  'GET /user-profiles/:userId/theme-preferences': 'owned',
  'POST /user-profiles/:userId/theme-preferences': 'owned',
  'PATCH /user-profiles/:userId/theme-preferences': 'owned',
  'GET /search': 'user',
  'POST /contact': 'public',
  'GET /threads': 'user',
  'POST /threads': 'user',
  'GET /threads/:id': 'owned',
  'DELETE /threads/:id': 'owned',
  'GET /veterans': 'user',
  'POST /veterans': 'user',
  'GET /veterans/:id': 'owned',
  'PATCH /veterans/:id': 'owned',
  'DELETE /veterans/:id': 'owned',
};
