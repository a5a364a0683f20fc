import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_SECONDS, SESSION_UPDATE_AGE_SECONDS } from '@muster/contract/auth';
import { ERR } from '@muster/contract/errors';
import type { Db } from '@muster/db/client';
import { session as sessions, user as users, userProfiles } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { statementName } from '#src/lib/prepared.ts';

export type RequestUser = {
  id: string;
  email: string;
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

function tryDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Signatures are standard base64 of an HMAC-SHA-256: 44 characters ending in one `=`. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The session token a bearer value names, or undefined when it names none. The auth library
 * accepts two forms, and so do we, with the same checks:
 * - the bare session token (what sign-in answers in its body): no dot, taken as it is;
 * - the signed form `token.signature` (the `set-auth-token` header, percent-encoded or not),
 *   where the signature is the base64 HMAC-SHA-256 of the token under the auth secret. A wrong
 *   signature names no session, whatever the token.
 */
export function sessionTokenOf(bearer: string, secret: string): string | undefined {
  if (!bearer.includes('.')) return bearer.includes('%') ? undefined : bearer;
  const value = bearer.includes('%') ? tryDecode(bearer) : bearer;
  const dot = value.indexOf('.');
  if (dot < 1 || dot !== value.lastIndexOf('.')) return undefined;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!SIGNATURE.test(signature)) return undefined;
  const expected = createHmac('sha256', secret).update(token, 'utf8').digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
}

/** The session, its user and the user's deletion state, read by token in one statement. */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      isAnonymous: users.isAnonymous,
      isDeleted: userProfiles.isDeleted,
      deletionRequestedAt: userProfiles.deletionRequestedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare(statementName(db, 'muster_session_by_token'));
}

type SessionLookup = ReturnType<typeof prepareSessionLookup>;
type SessionRow = Awaited<ReturnType<SessionLookup['execute']>>[number];

/** What the session cache holds per token. */
export type CachedSession = SessionRow;

/** Per app: the auth secret (resolved once) and the prepared lookup of its database. */
const perApp = new WeakMap<FastifyInstance, { secret: string; lookup: SessionLookup }>();

async function sessionReader(app: FastifyInstance) {
  let reader = perApp.get(app);
  if (!reader) {
    const context = await app.auth.$context;
    reader = { secret: context.secret, lookup: prepareSessionLookup(app.database.db) };
    perApp.set(app, reader);
  }
  return reader;
}

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Sessions slide: once a session is older than the update age, a use extends it to a full
 * lifetime from now (as the auth library does on its own session reads). Answers the new expiry,
 * or undefined when the session vanished meanwhile (signed out elsewhere). A failed update is
 * thrown as it is; callers answer 1008.
 */
async function slideIfDue(db: Db, token: string, expiresAt: Date): Promise<Date | undefined> {
  const now = Date.now();
  const dueAt =
    expiresAt.getTime() - SESSION_TTL_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000;
  if (dueAt > now) return expiresAt;
  const extended = new Date(now + SESSION_TTL_SECONDS * 1000);
  const updated = await db
    .update(sessions)
    .set({ expiresAt: extended, updatedAt: new Date(now) })
    .where(eq(sessions.token, token))
    .returning({ id: sessions.id });
  return updated.length > 0 ? extended : undefined;
}

/** Slides the session if it is due; a refresh that fails answers 401 / 1008, never a 500. */
async function slideOrRefuse(request: FastifyRequest, token: string, row: SessionRow) {
  const cache = request.server.sessionCache;
  let expiresAt: Date | undefined;
  try {
    expiresAt = await slideIfDue(request.server.database.db, token, row.expiresAt);
  } catch (error) {
    request.log.error({ err: error }, 'session refresh failed');
    cache.evictToken(token);
    throw new AppError(ERR.REFRESH_FAILED);
  }
  if (!expiresAt) {
    cache.evictToken(token);
    throw new AppError(ERR.AUTH_FAILED);
  }
  if (expiresAt !== row.expiresAt) cache.update(token, { ...row, expiresAt });
}

/** The session token of the request's bearer value, when it names one (format and signature). */
async function requestToken(request: FastifyRequest): Promise<string | undefined> {
  const bearer = bearerToken(request);
  if (!bearer || !/^[\x21-\x7e]+$/.test(bearer)) return undefined;
  const reader = await sessionReader(request.server);
  return sessionTokenOf(bearer, reader.secret);
}

/**
 * Forgets this instance's cached copy of the request's session (call it once the session has
 * ended, e.g. after sign-out), so the very next request here reads it from the database.
 */
export async function evictRequestSession(request: FastifyRequest): Promise<void> {
  const token = await requestToken(request);
  if (token) request.server.sessionCache.evictToken(token);
}

/**
 * Before the auth library answers `get-session`, slides the caller's session if it is due, with
 * the same rule and the same answers as every other route (1008 when the refresh fails). The
 * library then finds it fresh and has nothing left to refresh. A token naming no live session is
 * left to the library (it answers null).
 */
export async function slideBeforeGetSession(request: FastifyRequest, _reply: FastifyReply) {
  const token = await requestToken(request);
  if (!token) return;
  const reader = await sessionReader(request.server);
  const [row] = await reader.lookup.execute({ token });
  if (!row || row.expiresAt.getTime() <= Date.now()) return;
  await slideOrRefuse(request, token, row);
}

/**
 * The caller's session: no token 1004, a token naming no session 1001, an expired session 1002.
 * A read (GET, HEAD) may take it from this instance's session cache (no statement at all); a
 * change always reads it with one statement, so deletion-pending checks see the current flags.
 * Sliding it adds one statement on the rare request where it is due. A signed-out session is
 * deleted by the auth library and evicted here, so it answers 1001 from the next request on.
 */
async function loadSession(request: FastifyRequest): Promise<SessionRow> {
  const bearer = bearerToken(request);
  if (!bearer) throw new AppError(ERR.LOGIN_REQUIRED);
  // Session tokens are printable ASCII: anything else names no session and is not looked up.
  if (!/^[\x21-\x7e]+$/.test(bearer)) throw new AppError(ERR.AUTH_FAILED);
  const reader = await sessionReader(request.server);
  const token = sessionTokenOf(bearer, reader.secret);
  if (!token) throw new AppError(ERR.AUTH_FAILED);
  const cache = request.server.sessionCache;
  let row = READ_METHODS.has(request.method) ? cache.get(token) : undefined;
  if (!row) {
    const lookup = cache.begin();
    [row] = await reader.lookup.execute({ token });
    if (!row) throw new AppError(ERR.AUTH_FAILED);
    cache.set(token, row.userId, row, lookup);
  }
  // An expired session stays expired (1002) rather than vanishing into "invalid".
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(ERR.SESSION_EXPIRED);
  await slideOrRefuse(request, token, row);
  return row;
}

export const DELETION_PENDING_DETAIL =
  'This account is scheduled for deletion. Choose "Keep my account" to make changes again.';

/**
 * An account whose deletion is pending may sign in, read everything and export it, but changes
 * nothing until the user keeps the account: every other method answers 403 (1007), except on
 * routes marked `allowedWhileDeletionPending` (keeping the account).
 */
function assertNotPendingDeletion(request: FastifyRequest, row: SessionRow) {
  if (row.isAnonymous || READ_METHODS.has(request.method)) return;
  if (request.routeOptions.config.allowedWhileDeletionPending) return;
  if (row.isDeleted || row.deletionRequestedAt) {
    throw new AppError(ERR.FORBIDDEN, { detail: DELETION_PENDING_DETAIL });
  }
}

function toRequestUser(row: SessionRow): RequestUser {
  return {
    id: row.userId,
    email: row.email,
    isAnonymous: row.isAnonymous,
    sessionId: row.sessionId,
  };
}

/**
 * Hook for routes of signed-in users (use it as onRequest, so it runs before body validation).
 * Anonymous sessions get 403 (1007), and so do changes by an account pending deletion.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply) {
  const row = await loadSession(request);
  if (row.isAnonymous) throw new AppError(ERR.FORBIDDEN);
  assertNotPendingDeletion(request, row);
  request.user = toRequestUser(row);
}

/** preHandler for routes open to any session, anonymous included (buddy-statement signing). */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply) {
  const row = await loadSession(request);
  assertNotPendingDeletion(request, row);
  request.user = toRequestUser(row);
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw new AppError(ERR.LOGIN_REQUIRED);
  return request.user;
}
