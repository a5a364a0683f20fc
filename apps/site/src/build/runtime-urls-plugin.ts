import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Plugin } from 'vite';

import { getLocalRuntimeUrls, substituteRuntimeUrls } from '../config/runtime-urls.ts';

/**
 * Maps a request path to the built HTML file a plain static host would serve: `/` and `/dir/` to their
 * `index.html`, `*.html` to itself, and any other extensionless path to `404.html`. Asset requests
 * (`/assets/x.css`, `/favicon.svg`) return null and are left to Vite.
 */
export function resolveHtmlRequest(
  outDir: string,
  pathname: string,
): { file: string; status: 200 | 404 } | null {
  const notFound = { file: path.join(outDir, '404.html'), status: 404 as const };
  const relative = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  const extension = path.posix.extname(relative);
  if (extension !== '' && extension !== '.html') return null;
  if (extension === '') return notFound;
  const file = path.resolve(outDir, `.${relative}`);
  const isInsideOutDir = file.startsWith(`${outDir}${path.sep}`);
  return isInsideOutDir && existsSync(file) ? { file, status: 200 } : notFound;
}

/**
 * Stands in for the production server locally: `vite dev` and `vite preview` serve pages with the
 * runtime URL placeholders replaced (APP_URL / API_URL, else localhost:3000 / localhost:3001), and
 * preview answers unknown pages with 404.html and status 404. Production builds keep the placeholders.
 */
export function runtimeUrlsPlugin(): Plugin {
  const urls = getLocalRuntimeUrls();
  return {
    name: 'muster-site-runtime-urls',
    apply: 'serve',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => substituteRuntimeUrls(html, urls),
    },
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((request, response, next) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') return next();
        let pathname: string;
        try {
          pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://site.local').pathname);
        } catch {
          // A malformed escape in the path: let Vite answer it as it would any bad request.
          return next();
        }
        const match = resolveHtmlRequest(outDir, pathname);
        if (match === null) return next();
        const html = substituteRuntimeUrls(readFileSync(match.file, 'utf8'), urls);
        response.statusCode = match.status;
        response.setHeader('Content-Type', 'text/html; charset=utf-8');
        response.setHeader('Cache-Control', 'no-cache');
        response.end(request.method === 'HEAD' ? undefined : html);
      });
    },
  };
}
