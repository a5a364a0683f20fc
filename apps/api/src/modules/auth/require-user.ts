import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ERR } from '@muster/contract/errors';
import { session as sessions, userProfiles } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';

export type RequestUser = {
  id: string;
  email: string;
  name: string;
  isAnonymous: boolean;
  sessionId: string;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireSession; absent on public routes. */
    user?: RequestUser;
  }
  interface FastifyContextConfig {
    /** The route changes data yet stays open to an account whose deletion is pending. */
    allowedWhileDeletionPending?: boolean;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.toLowerCase().startsWith('bearer ')) return undefined;
  return header.slice(7).trim() || undefined;
}

/** Why a bearer token was refused: an expired session (1002) or anything else (1001). */
async function rejectionFor(request: FastifyRequest, token: string): Promise<AppError> {
  const raw = token.split('.')[0] ?? token;
  const [row] = await request.server.database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.token, raw));
  if (row && row.expiresAt.getTime() <= Date.now()) return new AppError(ERR.SESSION_EXPIRED);
  return new AppError(ERR.AUTH_FAILED);
}

async function loadUser(request: FastifyRequest): Promise<RequestUser> {
  const token = bearerToken(request);
  if (!token) throw new AppError(ERR.LOGIN_REQUIRED);
  // Session tokens are printable ASCII: anything else names no session and is not looked up.
  if (!/^[\x21-\x7e]+$/.test(token)) throw new AppError(ERR.AUTH_FAILED);
  // Checked first: the auth library deletes an expired session when it sees it.
  const expired = await rejectionFor(request, token);
  if (expired.code === ERR.SESSION_EXPIRED) throw expired;
  const result = await request.server.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) throw expired;
  const user = result.user as typeof result.user & { isAnonymous?: boolean | null };
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isAnonymous: Boolean(user.isAnonymous),
    sessionId: result.session.id,
  };
}

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const DELETION_PENDING_DETAIL =
  'This account is scheduled for deletion. Choose "Keep my account" to make changes again.';

/**
 * An account whose deletion is pending may sign in, read everything and export it, but changes
 * nothing until the user keeps the account: every other method answers 403 (1007), except on
 * routes marked `allowedWhileDeletionPending` (keeping the account).
 */
async function assertNotPendingDeletion(request: FastifyRequest, user: RequestUser) {
  if (user.isAnonymous || READ_METHODS.has(request.method)) return;
  if (request.routeOptions.config.allowedWhileDeletionPending) return;
  const [profile] = await request.server.database.db
    .select({ isDeleted: userProfiles.isDeleted, requestedAt: userProfiles.deletionRequestedAt })
    .from(userProfiles)
    .where(eq(userProfiles.id, user.id));
  if (profile && (profile.isDeleted || profile.requestedAt)) {
    throw new AppError(ERR.FORBIDDEN, { detail: DELETION_PENDING_DETAIL });
  }
}

/**
 * Hook for routes of signed-in users (use it as onRequest, so it runs before body validation).
 * Anonymous sessions get 403 (1007), and so do changes by an account pending deletion.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const user = await loadUser(request);
  if (user.isAnonymous) throw new AppError(ERR.FORBIDDEN);
  await assertNotPendingDeletion(request, user);
  request.user = user;
}

/** preHandler for routes open to any session, anonymous included (buddy-statement signing). */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
  const user = await loadUser(request);
  await assertNotPendingDeletion(request, user);
  request.user = user;
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(ERR.LOGIN_REQUIRED);
  return request.user;
}
