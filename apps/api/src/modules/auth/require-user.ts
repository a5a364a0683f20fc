import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { ERR } from '@muster/contract/errors';
import { session as sessions } from '@muster/db/schema/index';
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

/**
 * Hook for routes of signed-in users (use it as onRequest, so it runs before body validation).
 * Anonymous sessions get 403 (1007).
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const user = await loadUser(request);
  if (user.isAnonymous) throw new AppError(ERR.FORBIDDEN);
  request.user = user;
}

/** preHandler for routes open to any session, anonymous included (buddy-statement signing). */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
  request.user = await loadUser(request);
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(ERR.LOGIN_REQUIRED);
  return request.user;
}
