import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from '../lib/http-limits.ts';

/**
 * Every setting the API reads, parsed once at start. Defaults give the embedded mode: PGlite under
 * DATA_DIR, files in a local folder, memory rate limits, the local mail outbox. Nothing else in the
 * API reads process.env.
 */
const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback);
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || (protocols.some((p) => v.startsWith(`${p}://`)) && URL.canParse(v)),
      `must be a ${protocols.join(' or ')} URL`,
    );
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));
/** A duration or count with a floor, so a typo cannot switch a protection off. */
const limit = (fallback: number, min: number) => z.coerce.number().int().min(min).default(fallback);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
    REDIS_URL: optionalUrl(['redis', 'rediss']),
    S3_BUCKET: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    S3_REGION: z.string().default('us-east-1'),
    S3_ENDPOINT: optionalUrl(['http', 'https']),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool(false),
    ENCRYPTION_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    HOST: z.string().default('127.0.0.1'),
    API_PORT: port(3001),
    APP_PORT: port(3000),
    SITE_PORT: port(3002),
    APP_URL: optionalUrl(['http', 'https']),
    API_URL: optionalUrl(['http', 'https']),
    SITE_URL: optionalUrl(['http', 'https']),
    ROLE: z.enum(['api', 'worker', 'all']).default('all'),
    /** Also serve the app and the site from their builds, as `npm start` does (the container). */
    SERVE_WEB: bool(false),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
    RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    CALCULATOR_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(60),
    CONTACT_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(5),
    ANONYMOUS_SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
    SIGN_IN_CODE_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'letters, digits and : _ . - only (1-64)')
      .default('muster-rl:'),
    TRUST_PROXY: bool(false),
    HTTP_HEADERS_TIMEOUT_MS: limit(DEFAULT_HTTP_LIMITS.headersTimeoutMs, 100),
    HTTP_REQUEST_TIMEOUT_MS: limit(DEFAULT_HTTP_LIMITS.requestTimeoutMs, 100),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: limit(DEFAULT_HTTP_LIMITS.keepAliveTimeoutMs, 100),
    HTTP_IDLE_TIMEOUT_MS: limit(DEFAULT_HTTP_LIMITS.idleTimeoutMs, 100),
    HTTP_LONG_REQUEST_TIMEOUT_MS: limit(DEFAULT_HTTP_LIMITS.longRequestTimeoutMs, 100),
    HTTP_MAX_CONNECTIONS: limit(DEFAULT_HTTP_LIMITS.maxConnections, 1),
    /** The OpenAPI document and docs UI; unset: on everywhere except production. */
    API_DOCS: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional())
      .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v))),
    SMTP_URL: optionalUrl(['smtp', 'smtps']),
    MAIL_FROM: z.string().default('Muster <no-reply@muster.local>'),
    TEAM_EMAIL: z.string().trim().pipe(z.email()).default('team@muster.local'),
    GOOGLE_CLIENT_ID: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_AUTHORIZATION_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
    GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
    DISCORD_CLIENT_ID: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    DISCORD_CLIENT_SECRET: z.string().optional(),
    DISCORD_AUTHORIZATION_URL: z.url().default('https://discord.com/oauth2/authorize'),
    DISCORD_TOKEN_URL: z.url().default('https://discord.com/api/oauth2/token'),
    DISCORD_USERINFO_URL: z.url().default('https://discord.com/api/users/@me'),
    /** An outside language model for the assistant; unset, the offline engine answers. */
    AI_PROVIDER: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.enum(['openai', 'anthropic', 'openai-compatible']).optional()),
    AI_MODEL: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    AI_BASE_URL: optionalUrl(['http', 'https']),
    AI_API_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    /** The longest a reply may take in all, and the longest wait for its first and each next part. */
    AI_TIMEOUT_MS: limit(120_000, 1000),
    AI_CHUNK_TIMEOUT_MS: limit(30_000, 100),
    /** Tries again after a failed call to the provider (rate limits, 5xx, dropped connections). */
    AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    /** Sentry's project DSN: error reports from the API and the app go there; unset, none are sent. */
    SENTRY_DSN: optionalUrl(['http', 'https']),
    /** The environment name on those reports (`production`, `staging`, …). */
    SENTRY_ENVIRONMENT: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    /** The community and social links shown in the app's sidebar. */
    COMMUNITY_DISCORD_URL: optionalUrl(['http', 'https']),
    COMMUNITY_SOCIAL_URL: optionalUrl(['http', 'https']),
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    /** Points the Stripe SDK at another host (a local fake in tests). */
    STRIPE_API_BASE: optionalUrl(['http', 'https']),
    STRIPE_PRICE_FREE: z.string().min(1).default('price_free'),
    STRIPE_PRICE_PRO_MONTHLY: z.string().min(1).default('price_pro_monthly'),
    STRIPE_PRICE_PRO_BIANNUALLY: z.string().min(1).default('price_pro_biannually'),
    STRIPE_PRICE_LIFETIME: z.string().min(1).default('price_lifetime'),
    /** VA.gov (Lighthouse) OAuth client; unset, VA is not configured and VA routes answer 503. */
    LIGHTHOUSE_CLIENT_ID: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    LIGHTHOUSE_CLIENT_SECRET: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined),
    /** Which VA hosts the defaults below point at. */
    LIGHTHOUSE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
    /** The APIs' root (`…/services`): Benefits Claims v2 is `<root>/claims/v2`. */
    LIGHTHOUSE_API_URL: optionalUrl(['http', 'https']),
    LIGHTHOUSE_AUTHORIZATION_URL: optionalUrl(['http', 'https']),
    LIGHTHOUSE_TOKEN_URL: optionalUrl(['http', 'https']),
    LIGHTHOUSE_REVOKE_URL: optionalUrl(['http', 'https']),
    /** Must match the redirect URI registered with VA; `<API_URL>/va-integrations/callback` when unset. */
    LIGHTHOUSE_REDIRECT_URI: optionalUrl(['http', 'https']),
    /** The longest one call to VA may take. */
    LIGHTHOUSE_TIMEOUT_MS: limit(15_000, 100),
    /** C-files: use Poppler's pdftotext for text pages when it is installed. */
    CFILE_PDFTOTEXT: bool(true),
    /** C-files: how long a worker holds a chunk of pages without reporting (renewed each page). */
    CFILE_LEASE_SECONDS: limit(90, 1),
    /** C-files: pages in one chunk (one job). */
    CFILE_CHUNK_PAGES: limit(20, 1),
  })
  .superRefine((env, ctx) => {
    if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS',
      });
    }
    if (env.HTTP_LONG_REQUEST_TIMEOUT_MS < env.HTTP_REQUEST_TIMEOUT_MS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_LONG_REQUEST_TIMEOUT_MS'],
        message: 'must be at least HTTP_REQUEST_TIMEOUT_MS',
      });
    }
    if (env.NODE_ENV === 'production' && !env.ENCRYPTION_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['ENCRYPTION_KEY'],
        message: 'is required in production',
      });
    }
    if (env.S3_BUCKET && (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY)) {
      const missing = !env.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'is required when S3_BUCKET is set',
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    }
    if (env.AI_PROVIDER) {
      if (!env.AI_MODEL) {
        ctx.addIssue({
          code: 'custom',
          path: ['AI_MODEL'],
          message: 'is required when AI_PROVIDER is set',
        });
      }
      if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
        ctx.addIssue({
          code: 'custom',
          path: ['AI_BASE_URL'],
          message: 'is required when AI_PROVIDER is openai-compatible',
        });
      }
      if (env.AI_PROVIDER !== 'openai-compatible' && !env.AI_API_KEY) {
        ctx.addIssue({
          code: 'custom',
          path: ['AI_API_KEY'],
          message: `is required when AI_PROVIDER is ${env.AI_PROVIDER}`,
        });
      }
    }
    if (env.LIGHTHOUSE_CLIENT_ID && !env.LIGHTHOUSE_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['LIGHTHOUSE_CLIENT_SECRET'],
        message: 'is required when LIGHTHOUSE_CLIENT_ID is set',
      });
    }
    for (const provider of ['GOOGLE', 'DISCORD'] as const) {
      if (env[`${provider}_CLIENT_ID`] && !env[`${provider}_CLIENT_SECRET`]) {
        ctx.addIssue({
          code: 'custom',
          path: [`${provider}_CLIENT_SECRET`],
          message: `is required when ${provider}_CLIENT_ID is set`,
        });
      }
    }
  });

/** An S3-compatible object store (set when S3_BUCKET is). */
export type S3Config = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
};

export type Config = {
  nodeEnv: 'development' | 'test' | 'production';
  logLevel: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  s3: S3Config | undefined;
  encryptionKey: string | undefined;
  host: string;
  ports: { api: number; app: number; site: number };
  urls: { app: string; api: string; site: string };
  /** Links to the community (Discord invite) and the social page, shown in the app. */
  community: { discordUrl: string; socialUrl: string };
  /** Where error reports go (Sentry), when configured; nothing is sent otherwise. */
  errorReporting: { dsn: string; environment: string | undefined } | undefined;
  role: 'api' | 'worker' | 'all';
  /** The API's own process also serves the built app and site (never with ROLE=worker). */
  serveWeb: boolean;
  bodyLimitBytes: number;
  rateLimit: {
    max: number;
    windowMs: number;
    calculatorMax: number;
    contactMax: number;
    /** Anonymous sessions one client may open per hour. */
    anonymousSignInMax: number;
    /** Sign-in codes one client address may have sent per hour (every email together). */
    signInCodeMax: number;
    /** Prefix of every counter in Redis, so deployments sharing one Redis keep apart. */
    redisPrefix: string;
  };
  trustProxy: boolean;
  /** Time and connection limits of the HTTP servers (api, app and site). */
  http: HttpLimits;
  /** Serve /openapi.json and /docs. */
  apiDocs: boolean;
  mail: { smtpUrl: string | undefined; from: string; teamEmail: string };
  oauth: { google: OAuthProviderConfig | undefined; discord: OAuthProviderConfig | undefined };
  /** How C-files are read: the pdftotext fast path, the chunk lease and size. */
  cfiles: { pdftotext: boolean; leaseSeconds: number; chunkPages: number };
  /** Absent: no outside model, and the offline engine answers everything. */
  ai: AiProviderConfig | undefined;
  billing: {
    /** Absent: billing is off and everyone can use FREE. */
    stripe: { secretKey: string; webhookSecret: string; apiBase: string | undefined } | undefined;
    prices: { FREE: string; PRO_MONTHLY: string; PRO_BIANNUALLY: string; LIFETIME: string };
  };
  /** Absent: VA.gov is not configured (no client id and secret); VA routes answer 503 / 3007. */
  va: VaConfig | undefined;
};

/** VA.gov Lighthouse: one OAuth client for Benefits Claims and Veteran Verification. */
export type VaConfig = {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  redirectUri: string;
  /** Benefits Claims v2 root (`…/services/claims/v2`). */
  claimsApiUrl: string;
  /** Veteran Service History and Eligibility root (`…/services/veteran_verification/v2`). */
  veteranVerificationApiUrl: string;
  timeoutMs: number;
};

/**
 * VA's hosts. The OAuth URLs are those of the Benefits Claims v2 OpenAPI document's
 * `securitySchemes` (sandboxOauth / productionOauth); revoke sits beside them. Each can be
 * overridden (a local fake in tests, or VA's per-API authorization servers).
 */
const LIGHTHOUSE_HOSTS = {
  sandbox: 'https://sandbox-api.va.gov',
  production: 'https://api.va.gov',
} as const;

export type AiProviderConfig = {
  provider: 'openai' | 'anthropic' | 'openai-compatible';
  model: string;
  /** The provider's API root; the vendor's own when unset (required for openai-compatible). */
  baseUrl: string | undefined;
  apiKey: string | undefined;
  timeoutMs: number;
  chunkTimeoutMs: number;
  maxRetries: number;
};

export type OAuthProviderConfig = {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
};

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
/** The URL as the WHATWG parser writes it: quotes, angle brackets and spaces percent-encoded. */
const normalUrl = (url: string) => new URL(url).href;

/** Parses a set of variables (normally process.env); throws ConfigError naming each bad one. */
export function parseConfig(source: Record<string, string | undefined>): Config {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        return `Invalid configuration: ${name} ${issue.message}`;
      }),
    );
  }
  const env = result.data;
  return Object.freeze({
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    encryptionKey: env.ENCRYPTION_KEY,
    host: env.HOST,
    ports: { api: env.API_PORT, app: env.APP_PORT, site: env.SITE_PORT },
    urls: {
      app: trimSlash(env.APP_URL ?? `http://localhost:${env.APP_PORT}`),
      api: trimSlash(env.API_URL ?? `http://localhost:${env.API_PORT}`),
      site: trimSlash(env.SITE_URL ?? `http://localhost:${env.SITE_PORT}`),
    },
    community: {
      discordUrl: normalUrl(env.COMMUNITY_DISCORD_URL ?? 'https://discord.gg/muster'),
      socialUrl: normalUrl(env.COMMUNITY_SOCIAL_URL ?? 'https://www.facebook.com/musterapp'),
    },
    errorReporting: env.SENTRY_DSN
      ? { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT }
      : undefined,
    role: env.ROLE,
    serveWeb: env.SERVE_WEB && env.ROLE !== 'worker',
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    rateLimit: {
      max: env.RATE_LIMIT_MAX,
      windowMs: env.RATE_LIMIT_WINDOW_MS,
      calculatorMax: env.CALCULATOR_RATE_LIMIT_MAX,
      contactMax: env.CONTACT_RATE_LIMIT_MAX,
      anonymousSignInMax: env.ANONYMOUS_SIGN_IN_RATE_LIMIT_MAX,
      signInCodeMax: env.SIGN_IN_CODE_RATE_LIMIT_MAX,
      redisPrefix: env.RATE_LIMIT_REDIS_PREFIX,
    },
    trustProxy: env.TRUST_PROXY,
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_MS,
      longRequestTimeoutMs: env.HTTP_LONG_REQUEST_TIMEOUT_MS,
      maxConnections: env.HTTP_MAX_CONNECTIONS,
    },
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, teamEmail: env.TEAM_EMAIL },
    billing: {
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            apiBase: env.STRIPE_API_BASE,
          }
        : undefined,
      prices: {
        FREE: env.STRIPE_PRICE_FREE,
        PRO_MONTHLY: env.STRIPE_PRICE_PRO_MONTHLY,
        PRO_BIANNUALLY: env.STRIPE_PRICE_PRO_BIANNUALLY,
        LIFETIME: env.STRIPE_PRICE_LIFETIME,
      },
    },
    va:
      env.LIGHTHOUSE_CLIENT_ID && env.LIGHTHOUSE_CLIENT_SECRET
        ? (() => {
            const host = LIGHTHOUSE_HOSTS[env.LIGHTHOUSE_ENVIRONMENT];
            const apiRoot = trimSlash(env.LIGHTHOUSE_API_URL ?? `${host}/services`);
            const apiUrl = trimSlash(env.API_URL ?? `http://localhost:${env.API_PORT}`);
            return {
              clientId: env.LIGHTHOUSE_CLIENT_ID,
              clientSecret: env.LIGHTHOUSE_CLIENT_SECRET,
              authorizationUrl: env.LIGHTHOUSE_AUTHORIZATION_URL ?? `${host}/oauth2/authorization`,
              tokenUrl: env.LIGHTHOUSE_TOKEN_URL ?? `${host}/oauth2/token`,
              revokeUrl: env.LIGHTHOUSE_REVOKE_URL ?? `${host}/oauth2/revoke`,
              redirectUri: env.LIGHTHOUSE_REDIRECT_URI ?? `${apiUrl}/va-integrations/callback`,
              claimsApiUrl: `${apiRoot}/claims/v2`,
              veteranVerificationApiUrl: `${apiRoot}/veteran_verification/v2`,
              timeoutMs: env.LIGHTHOUSE_TIMEOUT_MS,
            };
          })()
        : undefined,
    cfiles: {
      pdftotext: env.CFILE_PDFTOTEXT,
      leaseSeconds: env.CFILE_LEASE_SECONDS,
      chunkPages: env.CFILE_CHUNK_PAGES,
    },
    ai:
      env.AI_PROVIDER && env.AI_MODEL
        ? {
            provider: env.AI_PROVIDER,
            model: env.AI_MODEL,
            baseUrl: env.AI_BASE_URL,
            apiKey: env.AI_API_KEY,
            timeoutMs: env.AI_TIMEOUT_MS,
            chunkTimeoutMs: env.AI_CHUNK_TIMEOUT_MS,
            maxRetries: env.AI_MAX_RETRIES,
          }
        : undefined,
    oauth: {
      google: env.GOOGLE_CLIENT_ID
        ? {
            clientId: env.GOOGLE_CLIENT_ID,
            clientSecret: env.GOOGLE_CLIENT_SECRET ?? '',
            authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: env.GOOGLE_TOKEN_URL,
            userInfoUrl: env.GOOGLE_USERINFO_URL,
          }
        : undefined,
      discord: env.DISCORD_CLIENT_ID
        ? {
            clientId: env.DISCORD_CLIENT_ID,
            clientSecret: env.DISCORD_CLIENT_SECRET ?? '',
            authorizationUrl: env.DISCORD_AUTHORIZATION_URL,
            tokenUrl: env.DISCORD_TOKEN_URL,
            userInfoUrl: env.DISCORD_USERINFO_URL,
          }
        : undefined,
    },
  });
}

/** The process's configuration. Only server entry points call this. */
export function loadConfigFromProcess(): Config {
  return parseConfig(process.env);
}
