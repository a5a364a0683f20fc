import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SIGN_IN_LOCKOUT_MINUTES,
  SIGN_IN_MAX_ATTEMPTS,
  exchangeCodeInputSchema,
  oauthProvidersSchema,
  sendSignInCodeInputSchema,
  sessionResultSchema,
  signInResultSchema,
  signOutResultSchema,
  signInWithCodeInputSchema,
} from '@muster/contract/auth';
import { ERR } from '@muster/contract/errors';
import { errorResponses } from '#src/lib/route-errors.ts';
import { AppError } from '#src/lib/errors.ts';
import { emailHash } from './auth.ts';
import { BEARER_SCHEME } from './guard-scope.ts';
import { evictRequestSession, slideBeforeGetSession } from './require-user.ts';
import * as lockout from './sign-in-lockout.service.ts';
import {
  noLiveCodeError,
  signInLockedError,
  translateAuthError,
  type AuthErrorBody,
  type SignInCodeContext,
} from './auth-errors.ts';

/**
 * Sending codes: per email and per client address, so nobody floods an inbox or the mailer. The
 * per-address count (default 30 an hour) is configurable, since many people can share one address.
 */
export const SEND_CODE_LIMITS = {
  perEmail: { max: 5, windowMs: 15 * 60_000 },
  perIpWindowMs: 60 * 60_000,
};

/** `path` is always the canonical endpoint path (plus query): never the client's spelling of it. */
type ForwardOptions = {
  path: string;
  body?: unknown;
  keepCookies?: boolean;
  method?: 'GET' | 'POST';
};

/** Answers from the auth library pass through these headers only (never cookies, by default). */
const PASSED_HEADERS = ['content-type', 'set-auth-token', 'location', 'cache-control'];

/**
 * Sign-in and session routes. The auth library (better-auth) answers under /auth; every one of
 * its errors leaves in the platform envelope. Cookies are not part of the app's protocol: the app
 * keeps the bearer token from `set-auth-token` / the body. Only the OAuth redirect hops use cookies,
 * on the API's own origin, and the hand-off clears them.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.auth;
  const { config } = app;

  async function forward(request: FastifyRequest, reply: FastifyReply, options: ForwardOptions) {
    const url = new URL(options.path, config.urls.api);
    const method = options.method ?? request.method;
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'content-length' || name === 'host') continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    // The library checks Origin on state-changing calls; server-to-server callers have none.
    if (!headers.has('origin')) headers.set('origin', config.urls.api);
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const body = options.body ?? request.body;
    if (hasBody) headers.set('content-type', 'application/json');
    const response = await auth.handler(
      new Request(url, {
        method,
        headers,
        ...(hasBody ? { body: JSON.stringify(body ?? {}) } : {}),
      }),
    );
    const text = await response.text();
    if (response.status >= 400) {
      let parsed: AuthErrorBody = {};
      try {
        parsed = JSON.parse(text) as AuthErrorBody;
      } catch {
        // Not JSON: translated by status alone.
      }
      return { ok: false as const, status: response.status, error: parsed };
    }
    for (const name of PASSED_HEADERS) {
      const value = response.headers.get(name);
      if (value) reply.header(name, value);
    }
    if (options.keepCookies) {
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
    }
    reply.status(response.status);
    return { ok: true as const, status: response.status, text };
  }

  const assertNotLocked = (email: string) =>
    lockout.assertNotLocked({ db: app.database.db, email });
  const lock = (email: string) => lockout.lockEmail({ db: app.database.db, email });

  // The global limiter already ran for this request, so these count separately and throw here.
  function limiter(
    name: string,
    limits: { max: number; windowMs: number },
    key: (request: FastifyRequest) => string,
  ) {
    const check = app.createRateLimit({
      max: limits.max,
      timeWindow: limits.windowMs,
      keyGenerator: (request) => `${name}:${key(request)}`,
    });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new AppError(ERR.RATE_LIMITED, {
          detail: `Try again in ${Math.ceil(result.ttlInSeconds / 60)} minutes`,
        });
      }
    };
  }
  const perEmail = limiter('otp-email', SEND_CODE_LIMITS.perEmail, (request) =>
    emailHash((request.body as { email?: string } | undefined)?.email ?? ''),
  );
  const perIp = limiter(
    'otp-ip',
    { max: config.rateLimit.signInCodeMax, windowMs: SEND_CODE_LIMITS.perIpWindowMs },
    (request) => request.ip,
  );

  // Wrong codes count per email across every code mailed to it: asking for a fresh code does not
  // buy fresh guesses. The last allowed wrong code locks the email.
  const wrongCodes = app.createRateLimit({
    max: SIGN_IN_MAX_ATTEMPTS - 1,
    timeWindow: SIGN_IN_LOCKOUT_MINUTES * 60_000,
    keyGenerator: (request) =>
      `otp-wrong:${emailHash((request.body as { email?: string } | undefined)?.email ?? '')}`,
  });
  const hasLiveCode = (email: string) => lockout.hasLiveCode({ db: app.database.db, email });

  // Answers how many wrong codes are still allowed, or throws the lock the last one started.
  async function countWrongCode(
    request: FastifyRequest,
    email: string,
  ): Promise<SignInCodeContext> {
    const result = await wrongCodes(request);
    if (result.isAllowed) return {};
    if (result.isExceeded) throw signInLockedError(await lock(email));
    // `remaining` counts the wrong codes the limiter still lets pass; the one after them locks.
    return { attemptsLeft: result.remaining + 1 };
  }

  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which identity providers are configured',
        response: { 200: oauthProvidersSchema },
      },
    },
    async () => ({ google: Boolean(config.oauth.google), discord: Boolean(config.oauth.discord) }),
  );

  app.post(
    '/auth/email-otp/send-verification-otp',
    {
      preHandler: [perIp, perEmail],
      schema: {
        tags: ['auth'],
        summary: 'Email a 6-digit sign-in code',
        body: sendSignInCodeInputSchema,
        response: {
          200: z.object({ success: z.boolean() }),
          ...errorResponses(403, 429),
        },
      },
    },
    async (request, reply) => {
      await assertNotLocked(request.body.email);
      const result = await forward(request, reply, {
        path: '/auth/email-otp/send-verification-otp',
        body: request.body,
      });
      if (!result.ok) throw translateAuthError(result.status, result.error);
      return { success: true };
    },
  );

  app.post(
    '/auth/sign-in/email-otp',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in (or sign up) with an emailed code',
        body: signInWithCodeInputSchema,
        response: { 200: signInResultSchema, ...errorResponses(400, 403) },
      },
    },
    async (request, reply) => {
      await assertNotLocked(request.body.email);
      const result = await forward(request, reply, {
        path: '/auth/sign-in/email-otp',
        body: request.body,
      });
      if (!result.ok) {
        const { code } = result.error;
        if (code === 'TOO_MANY_ATTEMPTS') throw signInLockedError(await lock(request.body.email));
        if (code === 'INVALID_OTP' && !(await hasLiveCode(request.body.email)))
          throw noLiveCodeError();
        const context =
          code === 'INVALID_OTP' ? await countWrongCode(request, request.body.email) : {};
        throw translateAuthError(result.status, result.error, context);
      }
      return signInResultSchema.parse(JSON.parse(result.text));
    },
  );

  // OAuth, step 1: a top-level navigation from the app; the state cookie is set on this origin.
  app.get(
    '/auth-bridge/oauth/:providerId/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start Google or Discord sign-in (browser navigation)',
        params: z.object({ providerId: z.enum(['google', 'discord']) }),
        querystring: z.object({ to: z.enum(['sign-in', 'sign-up']).default('sign-in') }),
      },
    },
    async (request, reply) => {
      if (!config.oauth[request.params.providerId]) throw new AppError(ERR.NOT_FOUND);
      const back = request.query.to === 'sign-up' ? `${config.urls.app}/sign-up` : config.urls.app;
      const failed = new URL(back);
      failed.searchParams.set('error', `${request.params.providerId}_failed`);
      const complete = new URL('/auth-bridge/oauth/complete', config.urls.api);
      complete.searchParams.set('to', request.query.to);
      const result = await forward(request, reply, {
        keepCookies: true,
        path: '/auth/sign-in/social',
        method: 'POST',
        body: {
          provider: request.params.providerId,
          callbackURL: complete.toString(),
          errorCallbackURL: failed.toString(),
          newUserCallbackURL: complete.toString(),
        },
      }).catch((error: unknown) => {
        request.log.warn({ err: error }, 'oauth start failed');
        return null;
      });
      if (result && !result.ok)
        request.log.warn(
          { status: result.status, code: result.error.code, message: result.error.message },
          'oauth start refused',
        );
      // The library answers the POST form of this call; emulate it for a GET navigation.
      if (!result?.ok) return reply.redirect(failed.toString(), 302);
      const { url } = JSON.parse(result.text) as { url?: string };
      if (!url) return reply.redirect(failed.toString(), 302);
      return reply.status(302).header('location', url).send();
    },
  );

  // OAuth, step 3 (after the library's callback set a session cookie here): hand the session to
  // the app through a single-use code valid for 60 s, and drop the cookie.
  app.get(
    '/auth-bridge/oauth/complete',
    {
      schema: {
        tags: ['auth'],
        summary: 'Finish provider sign-in and return to the app',
        querystring: z.object({ to: z.enum(['sign-in', 'sign-up']).default('sign-in') }),
      },
    },
    async (request, reply) => {
      const back = request.query.to === 'sign-up' ? `${config.urls.app}/sign-up` : config.urls.app;
      const headers = new Headers();
      if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
      const clear = ['muster.session_token', 'muster.session_data', 'muster.state'].map(
        (name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`,
      );
      try {
        const { token } = await auth.api.generateOneTimeToken({ headers });
        const target = new URL('/auth/session', config.urls.app);
        target.searchParams.set('code', token);
        if (request.query.to === 'sign-up') target.searchParams.set('to', 'sign-up');
        return reply.header('set-cookie', clear).redirect(target.toString(), 302);
      } catch {
        const failed = new URL(back);
        failed.searchParams.set('error', 'oauth_failed');
        return reply.header('set-cookie', clear).redirect(failed.toString(), 302);
      }
    },
  );

  // OAuth, step 4: the app exchanges the code for its bearer token.
  app.post(
    '/auth-bridge/exchange',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a single-use sign-in code for a bearer token',
        body: exchangeCodeInputSchema,
        response: { 200: signInResultSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      try {
        const result = await auth.api.verifyOneTimeToken({ body: { token: request.body.code } });
        return signInResultSchema.parse(
          JSON.parse(JSON.stringify({ token: result.session.token, user: result.user })),
        );
      } catch {
        throw new AppError(ERR.AUTH_FAILED, {
          detail: 'This sign-in link is invalid or has expired',
        });
      }
    },
  );

  /**
   * The auth library's own endpoints that the product uses, and no others: its other endpoints
   * (password reset, code checks, session lists with raw tokens, profile updates) are never
   * reachable. Each is forwarded under its canonical path, never the path as the client spelled
   * it, so what the library runs is exactly what this router matched and guarded.
   */
  const perClientAnonymous = limiter(
    'anonymous-ip',
    { max: config.rateLimit.anonymousSignInMax, windowMs: 60 * 60_000 },
    (request) => request.ip,
  );
  const passthrough = async (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string,
    keepCookies = false,
  ) => {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const result = await forward(request, reply, { path: `${path}${query}`, keepCookies });
    if (!result.ok) throw translateAuthError(result.status, result.error);
    if (result.status >= 300 && result.status < 400) return reply.send();
    return reply.send(result.text);
  };
  // Without a token these answer too (null, or nothing to end), so the token is optional.
  const optionalBearer: Record<string, string[]>[] = [{ [BEARER_SCHEME]: [] }, {}];
  app.get(
    '/auth/get-session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The current session, or null',
        security: optionalBearer,
        response: { 200: sessionResultSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await slideBeforeGetSession(request, reply);
      return passthrough(request, reply, '/auth/get-session');
    },
  );
  app.post(
    '/auth/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        security: optionalBearer,
        response: { 200: signOutResultSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      try {
        return await passthrough(request, reply, '/auth/sign-out');
      } finally {
        // The session is gone from the database: this instance stops trusting its copy at once.
        await evictRequestSession(request);
      }
    },
  );
  app.post(
    '/auth/sign-in/anonymous',
    {
      preHandler: [perClientAnonymous],
      schema: {
        tags: ['auth'],
        summary: 'A session without an account (buddy-statement signers)',
        response: { 200: signInResultSchema, ...errorResponses(400, 429) },
      },
    },
    (request, reply) => passthrough(request, reply, '/auth/sign-in/anonymous'),
  );
  // The identity providers send the browser back here; the library sets the session cookie that
  // the hand-off above turns into a bearer token.
  app.get(
    '/auth/callback/:providerId',
    {
      schema: {
        tags: ['auth'],
        hide: true,
        summary: 'Return from Google or Discord (browser navigation)',
        params: z.object({ providerId: z.enum(['google', 'discord']) }),
      },
    },
    (request, reply) =>
      passthrough(request, reply, `/auth/callback/${request.params.providerId}`, true),
  );
};
