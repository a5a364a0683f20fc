import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from './env.ts';

const linesFor = (env: Record<string, string>) => {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.lines;
    throw error;
  }
  return [];
};

describe('[CONFIG]', () => {
  it('[CONFIG]: defaults give the embedded mode', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      nodeEnv: 'development',
      databaseUrl: undefined,
      redisUrl: undefined,
      s3: undefined,
      ports: { api: 3001, app: 3000, site: 3002 },
      urls: {
        app: 'http://localhost:3000',
        api: 'http://localhost:3001',
        site: 'http://localhost:3002',
      },
      community: {
        discordUrl: 'https://discord.gg/muster',
        socialUrl: 'https://www.facebook.com/musterapp',
      },
      role: 'all',
    });
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('[CONFIG]: error reporting is off unless SENTRY_DSN is set', () => {
    expect(parseConfig({}).errorReporting).toBeUndefined();
    expect(parseConfig({ SENTRY_DSN: ' ' }).errorReporting).toBeUndefined();
    expect(
      parseConfig({
        SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
        SENTRY_ENVIRONMENT: 'staging',
      }).errorReporting,
    ).toEqual({ dsn: 'https://key@o1.ingest.sentry.io/2', environment: 'staging' });
    expect(linesFor({ SENTRY_DSN: 'not a url' })[0]).toMatch(/^Invalid configuration: SENTRY_DSN /);
  });

  it('[CONFIG]: HTTP deadlines and the connection cap have finite defaults and can be set', () => {
    expect(parseConfig({}).http).toEqual({
      headersTimeoutMs: 15_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      idleTimeoutMs: 60_000,
      longRequestTimeoutMs: 3_600_000,
      maxConnections: 10_000,
    });
    expect(
      parseConfig({ HTTP_REQUEST_TIMEOUT_MS: '5000', HTTP_HEADERS_TIMEOUT_MS: '2000' }).http,
    ).toMatchObject({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 2000,
    });
    // Zero would switch a deadline off.
    expect(linesFor({ HTTP_REQUEST_TIMEOUT_MS: '0' })[0]).toMatch(
      /^Invalid configuration: HTTP_REQUEST_TIMEOUT_MS /,
    );
    expect(linesFor({ HTTP_MAX_CONNECTIONS: '0' })).toEqual([
      expect.stringMatching(/^Invalid configuration: HTTP_MAX_CONNECTIONS /),
    ]);
    expect(linesFor({ HTTP_HEADERS_TIMEOUT_MS: '40000' })).toEqual([
      'Invalid configuration: HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
    ]);
    expect(linesFor({ HTTP_LONG_REQUEST_TIMEOUT_MS: '1000' })).toEqual([
      'Invalid configuration: HTTP_LONG_REQUEST_TIMEOUT_MS must be at least HTTP_REQUEST_TIMEOUT_MS',
    ]);
  });

  it('[CONFIG]: API docs are on except in production, unless API_DOCS says otherwise', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(parseConfig({}).apiDocs).toBe(true);
    expect(parseConfig({ API_DOCS: '' }).apiDocs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: key }).apiDocs).toBe(false);
    expect(
      parseConfig({ NODE_ENV: 'production', ENCRYPTION_KEY: key, API_DOCS: 'true' }).apiDocs,
    ).toBe(true);
    expect(parseConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(linesFor({ API_DOCS: 'maybe' })).toEqual([
      expect.stringMatching(/^Invalid configuration: API_DOCS /),
    ]);
  });

  it('[CONFIG]: each bad value is named in one line', () => {
    expect(linesFor({ API_PORT: 'abc' })).toEqual([
      expect.stringMatching(/^Invalid configuration: API_PORT /),
    ]);
    expect(linesFor({ DATABASE_URL: 'mysql://x' })).toEqual([
      expect.stringMatching(
        /^Invalid configuration: DATABASE_URL must be a postgres or postgresql URL/,
      ),
    ]);
    expect(linesFor({ NODE_ENV: 'production' })).toEqual([
      'Invalid configuration: ENCRYPTION_KEY is required in production',
    ]);
    expect(linesFor({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toEqual([
      'Invalid configuration: S3_SECRET_ACCESS_KEY is required when S3_BUCKET is set',
    ]);
    expect(linesFor({ COMMUNITY_DISCORD_URL: 'javascript:alert(1)' })).toEqual([
      expect.stringMatching(/^Invalid configuration: COMMUNITY_DISCORD_URL /),
    ]);
    expect(linesFor({ COMMUNITY_SOCIAL_URL: 'https://' })).toEqual([
      expect.stringMatching(/^Invalid configuration: COMMUNITY_SOCIAL_URL /),
    ]);
  });

  it('[CONFIG]: community links: empty means the default; values are normalised', () => {
    expect(parseConfig({ COMMUNITY_DISCORD_URL: '', COMMUNITY_SOCIAL_URL: ' ' }).community).toEqual(
      {
        discordUrl: 'https://discord.gg/muster',
        socialUrl: 'https://www.facebook.com/musterapp',
      },
    );
    expect(
      parseConfig({ COMMUNITY_SOCIAL_URL: 'https://social.example/a b"<x>' }).community.socialUrl,
    ).toBe('https://social.example/a%20b%22%3Cx%3E');
  });

  it('[CONFIG]: no AI provider by default; a provider needs its model, key or server', () => {
    expect(parseConfig({}).ai).toBeUndefined();
    expect(
      parseConfig({
        AI_PROVIDER: 'openai-compatible',
        AI_MODEL: 'llama3.1',
        AI_BASE_URL: 'http://127.0.0.1:11434/v1',
      }).ai,
    ).toEqual({
      provider: 'openai-compatible',
      model: 'llama3.1',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: undefined,
      timeoutMs: 120_000,
      chunkTimeoutMs: 30_000,
      maxRetries: 2,
    });
    expect(linesFor({ AI_PROVIDER: 'openai' })).toEqual([
      'Invalid configuration: AI_MODEL is required when AI_PROVIDER is set',
      'Invalid configuration: AI_API_KEY is required when AI_PROVIDER is openai',
    ]);
    expect(linesFor({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm' })).toEqual([
      'Invalid configuration: AI_BASE_URL is required when AI_PROVIDER is openai-compatible',
    ]);
    expect(linesFor({ AI_PROVIDER: 'gemini' })[0]).toMatch(/^Invalid configuration: AI_PROVIDER /);
    expect(
      linesFor({
        AI_PROVIDER: 'anthropic',
        AI_MODEL: 'm',
        AI_API_KEY: 'k',
        AI_MAX_RETRIES: '9',
      })[0],
    ).toMatch(/^Invalid configuration: AI_MAX_RETRIES /);
  });

  it('[CONFIG]: the server exits with one clear line on a bad value', () => {
    const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', server], {
      env: { PATH: process.env.PATH ?? '', API_PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: API_PORT /);
  });
});
