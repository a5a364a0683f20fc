import type { ReactNode } from 'react';

type ProtectedRouteGateProps = { children: ReactNode };

/**
 * THE single place where protected routes are wrapped: every `AppRoute` with `isProtected: true`
 * renders inside this component (see `buildAppRoutes`), public routes never do.
 *
 * The accounts issue replaces this body with the session check (signed out → /sign-in), the
 * full-screen "Loading your account..." state and the subscription gate of spec section 4
 * (past_due/unpaid/paused → billing portal; other statuses → /sign-up). Until then it renders the
 * protected pages unchanged.
 */
export function ProtectedRouteGate({ children }: ProtectedRouteGateProps) {
  return children;
}
