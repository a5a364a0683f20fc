import { z } from 'zod';

/**
 * Runtime configuration. The built app is deployed once and configured per environment: the server
 * that serves `index.html` replaces the `__MUSTER_*__` placeholders in its meta tags at startup.
 * When a placeholder was not replaced (Vite dev server, `vite preview`), the `VITE_*` build-time
 * variables apply, and then the local development defaults.
 */

const META_API_URL = 'muster:api-url';
const META_SITE_URL = 'muster:site-url';
const META_DISCORD_URL = 'muster:discord-url';
const META_SOCIAL_URL = 'muster:social-url';
const META_SENTRY_DSN = 'muster:sentry-dsn';
const META_SENTRY_ENVIRONMENT = 'muster:sentry-environment';

const DEV_DEFAULTS = {
  API_URL: 'http://localhost:3001',
  SITE_URL: 'http://localhost:3002',
  // The same defaults as the server's COMMUNITY_DISCORD_URL and COMMUNITY_SOCIAL_URL.
  DISCORD_URL: 'https://discord.gg/muster',
  SOCIAL_URL: 'https://www.facebook.com/musterapp',
} as const;

const linkSchema = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const originSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const envSchema = z.object({
  /** Where the API lives, without a trailing slash. */
  API_URL: originSchema,
  /** Where the marketing site lives, without a trailing slash. */
  SITE_URL: originSchema,
  /** The community's Discord invite ("Join our Discord" in the sidebar). */
  DISCORD_URL: linkSchema,
  /** The social page linked from the sidebar footer. */
  SOCIAL_URL: linkSchema,
  /** Where error reports go (Sentry); unset, none are sent and the SDK is never loaded. */
  SENTRY_DSN: linkSchema.optional(),
  /** The environment name on those reports. */
  SENTRY_ENVIRONMENT: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

type EnvSources = {
  /** Reads a `<meta name>` content; `undefined` when the tag is missing. */
  readMeta: (name: string) => string | undefined;
  viteEnv: Pick<ImportMetaEnv, 'VITE_API_URL' | 'VITE_SITE_URL'>;
};

function isFilledIn(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '' && !value.startsWith('__');
}

function firstFilledIn(...values: (string | undefined)[]): string | undefined {
  return values.find(isFilledIn)?.trim();
}

/** Builds and validates the configuration; throws listing every bad key. Exported for tests. */
export function createEnv({ readMeta, viteEnv }: EnvSources): Env {
  const result = envSchema.safeParse({
    API_URL: firstFilledIn(readMeta(META_API_URL), viteEnv.VITE_API_URL) ?? DEV_DEFAULTS.API_URL,
    SITE_URL:
      firstFilledIn(readMeta(META_SITE_URL), viteEnv.VITE_SITE_URL) ?? DEV_DEFAULTS.SITE_URL,
    DISCORD_URL: firstFilledIn(readMeta(META_DISCORD_URL)) ?? DEV_DEFAULTS.DISCORD_URL,
    SOCIAL_URL: firstFilledIn(readMeta(META_SOCIAL_URL)) ?? DEV_DEFAULTS.SOCIAL_URL,
    SENTRY_DSN: firstFilledIn(readMeta(META_SENTRY_DSN)),
    SENTRY_ENVIRONMENT: firstFilledIn(readMeta(META_SENTRY_ENVIRONMENT)),
  });
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid app configuration: ${problems}`);
  }
  return Object.freeze(result.data);
}

function readMetaFromDocument(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
}

export const env: Env = createEnv({ readMeta: readMetaFromDocument, viteEnv: import.meta.env });
