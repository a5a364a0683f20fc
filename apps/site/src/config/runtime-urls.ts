import { escapeHtml } from '@muster/contract/html';

/**
 * The site is built once and deployed anywhere, so the app and API hosts are not baked in at build time.
 * Every HTML page carries these placeholders (in `<meta name="muster:*-url">` and in links such as
 * `href="__MUSTER_APP_URL__/sign-up"`). The server that serves `dist/` replaces them at startup; `vite dev`
 * and `vite preview` replace them with the values below (see src/build/runtime-urls-plugin.ts).
 */
export const RUNTIME_URL_PLACEHOLDERS = {
  appUrl: '__MUSTER_APP_URL__',
  apiUrl: '__MUSTER_API_URL__',
} as const;

export type RuntimeUrls = { appUrl: string; apiUrl: string };

/** Where the web app and API listen in local development. */
export const DEV_RUNTIME_URLS: RuntimeUrls = {
  appUrl: 'http://localhost:3000',
  apiUrl: 'http://localhost:3001',
};

/** Local (dev/preview) URLs: `APP_URL` / `API_URL` when set, otherwise the default dev ports. */
export function getLocalRuntimeUrls(
  env: Record<string, string | undefined> = process.env,
): RuntimeUrls {
  return {
    appUrl: env.APP_URL || DEV_RUNTIME_URLS.appUrl,
    apiUrl: env.API_URL || DEV_RUNTIME_URLS.apiUrl,
  };
}

/** Trailing slashes are dropped so `${appUrl}/sign-up` never becomes `//sign-up`. */
function toAttributeValue(url: string): string {
  return escapeHtml(url.replace(/\/+$/, ''));
}

/** Replaces every runtime URL placeholder in an HTML document (attribute-safe). */
export function substituteRuntimeUrls(html: string, urls: RuntimeUrls): string {
  return html
    .replaceAll(RUNTIME_URL_PLACEHOLDERS.appUrl, toAttributeValue(urls.appUrl))
    .replaceAll(RUNTIME_URL_PLACEHOLDERS.apiUrl, toAttributeValue(urls.apiUrl));
}
