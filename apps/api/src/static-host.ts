import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { escapeHtml } from '@muster/contract/html';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Config } from './config/env.ts';
import { chooseEncoding, type ContentCoding } from './lib/accept-encoding.ts';
import {
  applyServerLimits,
  DEFAULT_HTTP_LIMITS,
  fastifyServerOptions,
  type HttpLimits,
} from './lib/http-limits.ts';

export type StaticHostOptions = {
  /** A Vite build output folder. */
  root: string;
  /** `__MUSTER_API_URL__` → the real URL, in every HTML file. */
  placeholders: Record<string, string>;
  /** SPA: unknown paths get index.html. Site: unknown paths get 404.html with status 404. */
  mode: 'spa' | 'site';
  /** Origins the pages may call (the API). */
  connectOrigins: string[];
  /** Deadlines and the connection cap; the defaults when absent. */
  limits?: HttpLimits;
  /** Send Strict-Transport-Security (production, where the host is served over HTTPS). */
  hsts?: boolean;
};

type HtmlVariant = { body: Buffer; etag: string };
type HtmlFile = {
  body: Buffer;
  etag: string;
  mtimeMs: number;
  /** Compressed copies, made on first request for each coding and kept with this content. */
  encoded: Partial<Record<ContentCoding, HtmlVariant>>;
};

/** Pages smaller than this are sent as they are: compressing them saves less than a packet. */
const HTML_COMPRESS_MIN_BYTES = 1024;

/**
 * Files the build precompresses (`name.br`, `name.gz` beside them; scripts/precompress.ts): their
 * answers depend on Accept-Encoding, so they carry `Vary: Accept-Encoding` whichever form is sent.
 */
const COMPRESSIBLE_FILE = /\.(?:m?js|css|svg|json|txt|xml|webmanifest|ico|wasm)$/i;
/** The precompressed copies are only sent in place of their original, never asked for by name. */
const ENCODED_COPY = /\.(?:br|gz)$/i;

function compressHtml(body: Buffer, coding: ContentCoding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipSync(body, { level: 9 });
}

/** Whether an If-None-Match header names `etag` (weak comparison, as revalidation uses). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The same policy the API sends: one year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

function securityHeaders(connectOrigins: string[]): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      `connect-src 'self' ${connectOrigins.join(' ')}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
}

/**
 * Serves a built front end: hashed assets as immutable, HTML with `no-cache` and an ETag (so the
 * app's update notice sees a new deploy), runtime URLs filled into the HTML, and the SPA fallback.
 */
export async function createStaticHost(options: StaticHostOptions): Promise<FastifyInstance> {
  const root = path.resolve(options.root);
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`${root} has no index.html: build it first`);
  }
  const headers = securityHeaders(options.connectOrigins);
  const cache = new Map<string, HtmlFile>();

  /** Reads an HTML file, re-reading it when it changed on disk (a redeploy in place). */
  function html(name: string): HtmlFile | undefined {
    const file = path.join(root, name);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    const cached = cache.get(name);
    if (cached && cached.mtimeMs === mtimeMs) return cached;
    let text = readFileSync(file, 'utf8');
    for (const [placeholder, value] of Object.entries(options.placeholders)) {
      // Placeholders stand in attributes and text: the value is written HTML-escaped.
      text = text.replaceAll(placeholder, escapeHtml(value));
    }
    const body = Buffer.from(text, 'utf8');
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
    const entry: HtmlFile = { body, etag: `"${hash}"`, mtimeMs, encoded: {} };
    cache.set(name, entry);
    return entry;
  }

  /** The page as it goes to this client: compressed when it accepts br or gzip and it pays. */
  function htmlVariant(
    request: FastifyRequest,
    page: HtmlFile,
  ): HtmlVariant & { coding?: ContentCoding } {
    if (page.body.length < HTML_COMPRESS_MIN_BYTES) return page;
    const coding = chooseEncoding(request.headers['accept-encoding']);
    if (coding === 'identity') return page;
    // Each coding has its own ETag: a cache must not answer a gzip request with brotli bytes.
    const variant = (page.encoded[coding] ??= {
      body: compressHtml(page.body, coding),
      etag: `${page.etag.slice(0, -1)}-${coding}"`,
    });
    return { ...variant, coding };
  }

  function sendHtml(request: FastifyRequest, reply: FastifyReply, name: string, status = 200) {
    const page = html(name);
    if (!page) return reply.status(404).type('text/plain').send('Not found');
    const variant = htmlVariant(request, page);
    reply.headers({
      ...headers,
      'cache-control': 'no-cache',
      etag: variant.etag,
      vary: 'accept-encoding',
    });
    if (status === 200 && matchesEtag(request.headers['if-none-match'], variant.etag)) {
      return reply.status(304).send();
    }
    if (variant.coding) reply.header('content-encoding', variant.coding);
    return reply.status(status).type('text/html; charset=utf-8').send(variant.body);
  }

  const limits = options.limits ?? DEFAULT_HTTP_LIMITS;
  const app = Fastify({
    ...fastifyServerOptions(limits),
    logger: false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  applyServerLimits(app.server, limits);
  if (options.hsts) {
    // On every answer, files and not-found pages included.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('strict-transport-security', HSTS);
    });
  }
  const htmlFiles = readdirSync(root).filter((name) => name.endsWith('.html'));
  for (const name of htmlFiles) {
    const clean = name === 'index.html' ? '/' : `/${name.replace(/\.html$/, '')}`;
    app.get(`/${name}`, (request, reply) => sendHtml(request, reply, name));
    if (clean !== '/') app.get(clean, (request, reply) => sendHtml(request, reply, name));
  }
  app.get('/', (request, reply) => sendHtml(request, reply, 'index.html'));

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    wildcard: true,
    etag: true,
    lastModified: true,
    // `name.br` / `name.gz` from the build go to clients that accept them. Each has its own size,
    // so the size-and-time ETag differs per coding; a Range applies to the bytes actually sent.
    preCompressed: true,
    // Cache-Control is ours (setHeaders), by whether the file name is content-hashed.
    cacheControl: false,
    allowedPath: (pathName) => !pathName.endsWith('.html') && !ENCODED_COPY.test(pathName),
    setHeaders(response, filePath) {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      if (COMPRESSIBLE_FILE.test(filePath.replace(ENCODED_COPY, ''))) {
        response.setHeader('vary', 'accept-encoding');
      }
      const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
      response.setHeader('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      !path.extname(request.url.split('?')[0] ?? '') &&
      (request.method === 'GET' || request.method === 'HEAD');
    if (options.mode === 'spa' && wantsPage) return sendHtml(request, reply, 'index.html');
    if (options.mode === 'site' && htmlFiles.includes('404.html')) {
      return sendHtml(request, reply, '404.html', 404);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
  return app;
}

/**
 * What the app's and the site's hosts share: the API's URLs filled into their HTML, the API (and
 * Sentry's host, when error reporting is on) the only origins their pages may call.
 */
export function webHostOptions(config: Config) {
  return {
    placeholders: {
      __MUSTER_API_URL__: config.urls.api,
      __MUSTER_APP_URL__: config.urls.app,
      __MUSTER_SITE_URL__: config.urls.site,
      __MUSTER_DISCORD_URL__: config.community.discordUrl,
      __MUSTER_SOCIAL_URL__: config.community.socialUrl,
      // Empty when error reporting is off: the app then never loads the Sentry SDK.
      __MUSTER_SENTRY_DSN__: config.errorReporting?.dsn ?? '',
      __MUSTER_SENTRY_ENVIRONMENT__: config.errorReporting?.environment ?? '',
    },
    connectOrigins: [
      config.urls.api,
      ...(config.errorReporting ? [new URL(config.errorReporting.dsn).origin] : []),
    ],
    limits: config.http,
    hsts: config.nodeEnv === 'production',
  };
}

/**
 * The app (SPA, APP_PORT) and the site (SITE_PORT) served from their builds beside the API, as
 * `npm start` and the container run them.
 */
export async function createWebHosts(
  config: Config,
  builds: { app: string; site: string },
): Promise<{ listen(): Promise<void>; close(): Promise<void> }> {
  const shared = webHostOptions(config);
  const appHost = await createStaticHost({ root: builds.app, mode: 'spa', ...shared });
  const siteHost = await createStaticHost({ root: builds.site, mode: 'site', ...shared });
  return {
    async listen() {
      await appHost.listen({ port: config.ports.app, host: config.host });
      await siteHost.listen({ port: config.ports.site, host: config.host });
    },
    async close() {
      await Promise.allSettled([appHost.close(), siteHost.close()]);
    },
  };
}
