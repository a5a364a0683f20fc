import { createHash, hkdfSync } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { anonymous, bearer, emailOTP, genericOAuth, oneTimeToken } from 'better-auth/plugins';
import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import {
  OAUTH_HANDOFF_TTL_SECONDS,
  SESSION_TTL_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  SIGN_IN_CODE_LENGTH,
  SIGN_IN_CODE_TTL_MINUTES,
  SIGN_IN_MAX_ATTEMPTS,
} from '@muster/contract/auth';
import type { Db } from '@muster/db/client';
import { account, session, user, verification } from '@muster/db/schema/index';
import type { Config, OAuthProviderConfig } from '#src/config/env.ts';
import type { KeyRing } from '#src/lib/crypto.ts';
import type { Mailer } from '#src/modules/mail/mailer.ts';
import { signInCodeMail } from '#src/modules/mail/templates.ts';
import { createProfileForUser } from './profile-bootstrap.ts';

export type AuthLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** Derives the auth library's secret from the encryption key, so there is one secret to manage. */
function authSecret(ring: KeyRing): string {
  const master = ring.keys.get(ring.current)!;
  return Buffer.from(
    hkdfSync('sha256', master, Buffer.alloc(0), 'muster auth secret v1', 32),
  ).toString('base64url');
}

export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

function oauthProvider(
  providerId: 'google' | 'discord',
  provider: OAuthProviderConfig,
  config: Config,
): GenericOAuthConfig {
  const common = {
    providerId,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    authorizationUrl: provider.authorizationUrl,
    tokenUrl: provider.tokenUrl,
    userInfoUrl: provider.userInfoUrl,
    redirectURI: `${config.urls.api}/auth/callback/${providerId}`,
    pkce: true,
  };
  const fetchProfile = async (accessToken: string | undefined) => {
    if (!accessToken) return null;
    const response = await fetch(provider.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    return response.ok ? ((await response.json()) as Record<string, unknown>) : null;
  };
  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : undefined);
  if (providerId === 'google') {
    return {
      ...common,
      scopes: ['openid', 'email', 'profile'],
      // Google's OpenID userinfo: sub, email, email_verified, name, picture.
      getUserInfo: async (tokens) => {
        const profile = await fetchProfile(tokens.accessToken);
        const id = text(profile?.sub);
        const email = text(profile?.email);
        if (!profile || !id || !email) return null;
        return {
          id,
          email,
          emailVerified: profile.email_verified === true,
          name: text(profile.name) ?? '',
          image: text(profile.picture),
        };
      },
    };
  }
  return {
    ...common,
    scopes: ['identify', 'email', 'guilds.join'],
    // Discord's /users/@me: id, username, global_name, email, verified, avatar.
    getUserInfo: async (tokens) => {
      const profile = await fetchProfile(tokens.accessToken);
      const id = profile?.id === undefined ? undefined : String(profile.id);
      const email = text(profile?.email);
      if (!profile || !id || !email) return null;
      const avatar = text(profile.avatar);
      return {
        id,
        email,
        emailVerified: profile.verified === true,
        name: text(profile.global_name) ?? text(profile.username) ?? '',
        image: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : undefined,
      };
    },
  };
}

/**
 * The auth library, configured for bearer tokens (no cookies for the app), email one-time codes,
 * anonymous sessions (buddy-statement signers), optional Google and Discord, and one-time tokens
 * for handing an OAuth session to the app.
 */
export function createAuth(options: {
  config: Config;
  db: Db;
  keyRing: KeyRing;
  mailer: Mailer;
  logger: AuthLogger;
}) {
  const { config, db, mailer, logger } = options;
  const providers = [
    ...(config.oauth.google ? [oauthProvider('google', config.oauth.google, config)] : []),
    ...(config.oauth.discord ? [oauthProvider('discord', config.oauth.discord, config)] : []),
  ];
  return betterAuth({
    appName: 'Muster',
    baseURL: config.urls.api,
    basePath: '/auth',
    secret: authSecret(options.keyRing),
    trustedOrigins: [config.urls.app, config.urls.site, config.urls.api],
    telemetry: { enabled: false },
    // The library's own messages go to our structured log (which masks emails, codes and tokens).
    logger: {
      level: 'warn',
      log(level, message) {
        const line = `auth: ${message}`;
        if (level === 'error') logger.error({}, line);
        else if (level === 'warn') logger.warn({}, line);
        else logger.info({}, line);
      },
    },
    // Unexpected failures inside the library (a database error, say) are thrown to our error
    // handler, which logs them without their data; left to the library, they would be written to
    // the console with the statement's parameters (emails, names) in them.
    onAPIError: { throw: true },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification },
    }),
    // The API's own rate limiter covers /auth (shared store, per-email limits in auth.routes.ts).
    rateLimit: { enabled: false },
    session: { expiresIn: SESSION_TTL_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    account: {
      encryptOAuthTokens: true,
      accountLinking: { enabled: true, trustedProviders: ['google', 'discord'] },
    },
    advanced: {
      useSecureCookies: config.urls.api.startsWith('https://'),
      cookiePrefix: 'muster',
      ipAddress: { ipAddressHeaders: config.trustProxy ? ['x-forwarded-for'] : [] },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            if ((created as { isAnonymous?: boolean }).isAnonymous) return;
            await createProfileForUser(db, {
              id: created.id,
              email: created.email,
              name: created.name,
            });
          },
        },
      },
    },
    plugins: [
      bearer(),
      emailOTP({
        otpLength: SIGN_IN_CODE_LENGTH,
        expiresIn: SIGN_IN_CODE_TTL_MINUTES * 60,
        allowedAttempts: SIGN_IN_MAX_ATTEMPTS,
        storeOTP: 'hashed',
        async sendVerificationOTP({ email, otp }) {
          const mail = signInCodeMail({
            to: email,
            code: otp,
            appUrl: config.urls.app,
            minutes: SIGN_IN_CODE_TTL_MINUTES,
          });
          try {
            await mailer.send(mail);
          } catch (error) {
            logger.error(
              { err: { message: (error as Error).message } },
              'sign-in code mail failed',
            );
            throw error;
          }
          if (mailer.transport === 'outbox' && config.nodeEnv !== 'production') {
            // Development convenience, outside the structured log (which never holds codes).
            process.stderr.write(`[outbox] sign-in code for a user: ${otp}\n`);
          }
        },
      }),
      anonymous({ emailDomainName: 'anonymous.muster.local' }),
      oneTimeToken({
        expiresIn: OAUTH_HANDOFF_TTL_SECONDS / 60,
        storeToken: 'hashed',
        disableSetSessionCookie: true,
      }),
      ...(providers.length ? [genericOAuth({ config: providers })] : []),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
