import { expect, type Page } from '@playwright/test';

import { apiURL, appURL, siteURL } from '../../config.ts';

/** The marketing site's pages (and the 404 page an unknown path gets), each with its one h1. */
export const SITE_PAGES = [
  {
    label: 'landing',
    path: '/',
    heading: 'Build a stronger VA disability claim, one step at a time',
  },
  { label: 'pricing', path: '/pricing.html', heading: 'Pricing' },
  { label: 'calculator', path: '/calculator.html', heading: 'VA disability calculator' },
  { label: 'contact', path: '/contact.html', heading: 'Contact us' },
  { label: 'privacy policy', path: '/privacy-policy.html', heading: 'Privacy policy' },
  { label: 'terms', path: '/terms.html', heading: 'Terms of service' },
  { label: 'not found', path: '/no-such-page', heading: 'Oops! Lost in Cyberspace' },
] as const;

export const FOOTER_DISCLAIMER =
  'Muster is not affiliated with or endorsed by the U.S. Department of Veterans Affairs. Nothing here is legal advice. Accredited Veterans Service Organizations (VSOs) can help you with your claim for free.';

export const FIND_REP_URL = 'https://www.va.gov/get-help-from-accredited-representative/find-rep/';

export function siteHref(path: string): string {
  return new URL(path, siteURL).href;
}

/** The app and API URLs as the server writes them into the pages (no trailing slash). */
export const APP_BASE_URL = appURL.replace(/\/+$/, '');
export const API_BASE_URL = apiURL.replace(/\/+$/, '');

/** An app link exactly as the site should render it once the server has filled in the app URL. */
export function appHref(path: '/sign-up' | '/sign-in'): string {
  return `${APP_BASE_URL}${path}`;
}

/** Every page shares the footer: the exact VA disclaimer, the VSO link and the secondary pages. */
export async function expectSiteFooter(page: Page): Promise<void> {
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText(FOOTER_DISCLAIMER, { exact: true })).toBeVisible();
  await expect(
    footer.getByRole('link', { name: 'Find an accredited representative on VA.gov' }),
  ).toHaveAttribute('href', FIND_REP_URL);
  const footerNav = footer.getByRole('navigation', { name: 'Footer' });
  await expect(footerNav.getByRole('link', { name: 'Pricing' })).toHaveAttribute(
    'href',
    '/pricing.html',
  );
  await expect(footerNav.getByRole('link', { name: 'Rating calculator' })).toHaveAttribute(
    'href',
    '/calculator.html',
  );
  await expect(footerNav.getByRole('link', { name: 'Contact' })).toHaveAttribute(
    'href',
    '/contact.html',
  );
  await expect(footerNav.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
    'href',
    '/privacy-policy.html',
  );
  await expect(footerNav.getByRole('link', { name: 'Terms' })).toHaveAttribute(
    'href',
    '/terms.html',
  );
}
