import { RUNTIME_URL_PLACEHOLDERS } from '../config/runtime-urls.ts';

/**
 * Site pages, linked with their `.html` file names so they work on any static server with no rewrites.
 * Keys match the page's HTML file (see vite.config.ts).
 */
export const SITE_PAGES = {
  index: '/',
  pricing: '/pricing.html',
  calculator: '/calculator.html',
  contact: '/contact.html',
  'privacy-policy': '/privacy-policy.html',
  terms: '/terms.html',
  '404': '/404.html',
} as const;

export type SitePage = keyof typeof SITE_PAGES;

/** App links stay as placeholders in the built HTML; the serving host fills in the app URL. */
export const APP_LINKS = {
  signUp: `${RUNTIME_URL_PLACEHOLDERS.appUrl}/sign-up`,
  signIn: `${RUNTIME_URL_PLACEHOLDERS.appUrl}/sign-in`,
} as const;

export const FIND_ACCREDITED_REPRESENTATIVE_URL =
  'https://www.va.gov/get-help-from-accredited-representative/find-rep/';

export function isSitePage(name: string): name is SitePage {
  return Object.hasOwn(SITE_PAGES, name);
}
