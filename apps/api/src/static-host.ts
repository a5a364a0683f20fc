import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { applyServerLimits, DEFAULT_HTTP_LIMITS, fastifyServerOptions, type HttpLimits } from './lib/http-limits.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

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

type HtmlFile = { body: string; etag: string; mtimeMs: number };

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
    let body = readFileSync(file, 'utf8');
    for (const [placeholder, value] of Object.entries(options.placeholders)) {
      // Placeholders stand in attributes and text: the value is written HTML-escaped.
      body = body.replaceAll(placeholder, escapeHtml(value));
    }
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const entry = { body, etag, mtimeMs };
    cache.set(name, entry);
    return entry;
  }

  function sendHtml(request: FastifyRequest, reply: FastifyReply, name: string, status = 200) {
    const page = html(name);
    if (!page) return reply.status(404).type('text/plain').send('Not found');
    reply.headers({ ...headers, 'cache-control': 'no-cache', etag: page.etag });
    if (status === 200 && request.headers['if-none-match'] === page.etag) {
      return reply.status(304).send();
    }
    return reply.status(status).type('text/html; charset=utf-8').send(page.body);
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
    // Cache-Control is ours (setHeaders), by whether the file name is content-hashed.
    cacheControl: false,
    allowedPath: (pathName) => !pathName.endsWith('.html'),
    setHeaders(response, filePath) {
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      const hashed = filePath.startsWith(path.join(root, 'assets') + path.sep);
      response.setHeader('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600');
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = !path.extname(request.url.split('?')[0] ?? '') && (request.method === 'GET' || request.method === 'HEAD');
    if (options.mode === 'spa' && wantsPage) return sendHtml(request, reply, 'index.html');
    if (options.mode === 'site' && htmlFiles.includes('404.html')) {
      return sendHtml(request, reply, '404.html', 404);
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
  return app;
}
