/**
 * Renders the first pages visitors most often land on into static HTML after `vite build`, so the
 * page shows as soon as its HTML and stylesheet arrive; the app takes over once its code has run
 * (src/lib/prerender-handoff.ts). Each page is written as `dist/<name>.html`, which the server
 * sends for `/<name>` (apps/api/src/static-host.ts); every other path still gets `index.html`.
 *
 * The pages are rendered by the app's own code (src/prerender.tsx, loaded through Vite) inside a
 * simulated browser (jsdom). Member pages are rendered for a neutral member whose session and
 * profile this script answers; nothing else is answered, so every part that shows a member's own
 * data renders as its loading placeholder.
 *
 * The runtime settings (API and site addresses, community links) are filled in by the server when
 * it sends a page. Here they are stand-in addresses, turned back into the server's placeholders in
 * the output, so a prerendered link to the site points wherever the server says the site is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { JSDOM } from 'jsdom';
import { createServer } from 'vite';

import type * as PrerenderModule from '../src/prerender.tsx';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distDir = path.join(webDir, 'dist');

/** Which pages, and whether they are rendered signed in. The file name is the path's last part. */
export const PRERENDERED_PAGES = [
  { path: '/sign-in', member: false },
  { path: '/dashboard', member: true },
  { path: '/calculator', member: true },
] as const;

/** Stand-in for each server placeholder while rendering (valid URLs, as the app requires). */
const STAND_INS: Record<string, string> = {
  __MUSTER_API_URL__: 'https://api.prerender.invalid',
  __MUSTER_SITE_URL__: 'https://site.prerender.invalid',
  __MUSTER_DISCORD_URL__: 'https://discord.prerender.invalid',
  __MUSTER_SOCIAL_URL__: 'https://social.prerender.invalid',
};

const ORIGIN = 'http://localhost';
const MEMBER_ID = 'prerender-member';
const MEMBER_TOKEN = 'prerender-token';
const NOW = new Date().toISOString();

const member = {
  id: MEMBER_ID,
  email: 'member@prerender.invalid',
  name: 'Member',
  image: null,
  emailVerified: true,
  isAnonymous: false,
  createdAt: NOW,
  updatedAt: NOW,
};

const profile = {
  id: MEMBER_ID,
  email: member.email,
  first_name: 'Member',
  last_name: 'Member',
  full_name: 'Member Member',
  has_name: false,
  avatar_url: null,
  is_deleted: false,
  deletion_scheduled_for: null,
  subscription_status: 'active',
  price_id: null,
  plan: 'FREE',
  is_va_authenticated: { benefit_claims: false, veteran_verification: false },
  theme_enabled: false,
  selected_theme_branch: null,
  served_branches: [],
  created_at: NOW,
};

/** The only API calls answered: the member's session and profile. Anything else never answers. */
function fakeApi(input: string | URL | Request): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const json = (body: unknown) =>
    Promise.resolve(
      new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
    );
  if (url.pathname === '/auth/get-session') {
    return json({
      session: {
        id: 'prerender-session',
        token: MEMBER_TOKEN,
        userId: MEMBER_ID,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      user: member,
    });
  }
  if (url.pathname === `/users/${MEMBER_ID}`) return json(profile);
  return new Promise(() => {});
}

/** Makes the jsdom window's globals (document, localStorage, …) the process's globals. */
function installBrowserGlobals(dom: JSDOM) {
  const { window } = dom;
  for (const key of Object.getOwnPropertyNames(window)) {
    if (key in globalThis) continue;
    Object.defineProperty(globalThis, key, {
      configurable: true,
      get: () => (window as unknown as Record<string, unknown>)[key],
    });
  }
  for (const key of ['navigator', 'location', 'localStorage', 'sessionStorage'] as const) {
    Object.defineProperty(globalThis, key, { configurable: true, get: () => window[key] });
  }
  // jsdom has no media queries: the markup must not depend on the screen anyway (CSS does that).
  const matchMedia = (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
    dispatchEvent: () => false,
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
  Object.defineProperty(globalThis, 'matchMedia', { configurable: true, value: matchMedia });
  Object.defineProperty(globalThis, 'fetch', { configurable: true, value: fakeApi });
  Object.defineProperty(window, 'fetch', { configurable: true, value: fakeApi });
}

function withStandIns(html: string): string {
  let result = html;
  for (const [placeholder, standIn] of Object.entries(STAND_INS)) {
    result = result.replaceAll(placeholder, standIn);
  }
  return result;
}

function withPlaceholders(html: string): string {
  let result = html;
  for (const [placeholder, standIn] of Object.entries(STAND_INS)) {
    result = result.replaceAll(standIn, placeholder);
  }
  if (/data-(msg|stck|dgst)=/.test(result)) {
    throw new Error('prerender: React wrote development diagnostics; run with NODE_ENV=production');
  }
  if (/prerender\.invalid/.test(result)) {
    throw new Error('prerender: a stand-in value is left in the page (the member data leaked)');
  }
  return result;
}

/** The built index.html with the page in its root, marked with who it was rendered for. */
export function pageDocument(
  template: string,
  page: { markup: string; title: string },
  audience: 'guest' | 'member',
): string {
  const root = /<div id="root">[\s\S]*?<\/div>\s*<\/div>\s*(?=<\/body>|<script)/;
  if (!root.test(template)) throw new Error('prerender: index.html has no #root to fill');
  const filled = template
    .replace(/<title>[^<]*<\/title>/, `<title>${page.title}</title>`)
    .replace(
      root,
      `<div id="root" data-prerendered="${audience}">${page.markup}</div>\n    <div id="root-loading" role="status" class="text-muted-foreground flex min-h-dvh items-center justify-center"><p>Loading Muster…</p></div>\n    `,
    );
  return filled;
}

async function main() {
  // The build runs this with NODE_ENV=production, for React's production build: the development
  // one writes its diagnostics (with file paths) into the markup of every loading placeholder.
  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const dom = new JSDOM(withStandIns(template), { url: `${ORIGIN}/` });
  installBrowserGlobals(dom);

  const vite = await createServer({
    configFile: path.join(webDir, 'vite.config.ts'),
    root: webDir,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await vite.ssrLoadModule('/src/prerender.tsx')) as typeof PrerenderModule;
    // Guests first: the member session, once started, stays for the rest of the run.
    const pages = [...PRERENDERED_PAGES].sort((a, b) => Number(a.member) - Number(b.member));
    for (const target of pages) {
      if (target.member && window.localStorage.getItem('muster:auth-token') === null) {
        window.localStorage.setItem('muster:auth-token', MEMBER_TOKEN);
        await module.startMemberSession();
      }
      dom.reconfigure({ url: `${ORIGIN}${target.path}` });
      const page = await module.prerenderPage(`${ORIGIN}${target.path}`);
      const html = withPlaceholders(
        pageDocument(template, page, target.member ? 'member' : 'guest'),
      );
      const name = `${target.path.slice(1).replaceAll('/', '-')}.html`;
      writeFileSync(path.join(distDir, name), html);
      console.log(
        `prerendered ${target.path} → dist/${name} (${Math.round(html.length / 1024)} KB)`,
      );
    }
  } finally {
    await vite.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
