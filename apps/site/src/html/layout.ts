import { escapeHtml } from '@muster/contract/html';
import { renderLogoMark } from './icons.ts';
import {
  APP_LINKS,
  FIND_ACCREDITED_REPRESENTATIVE_URL,
  SITE_PAGES,
  type SitePage,
} from './links.ts';

/** Shown in every footer, word for word. */
export const FOOTER_DISCLAIMER =
  'Muster is not affiliated with or endorsed by the U.S. Department of Veterans Affairs. Nothing here is legal advice. Accredited Veterans Service Organizations (VSOs) can help you with your claim for free.';

type NavLink = { page: SitePage; label: string };

const FOOTER_LINKS: readonly NavLink[] = [
  { page: 'pricing', label: 'Pricing' },
  { page: 'calculator', label: 'Rating calculator' },
  { page: 'contact', label: 'Contact' },
  { page: 'privacy-policy', label: 'Privacy policy' },
  { page: 'terms', label: 'Terms' },
];

function renderSiteLink(link: NavLink, current: SitePage, className: string): string {
  const ariaCurrent = link.page === current ? ' aria-current="page"' : '';
  return `<a class="${className}" href="${SITE_PAGES[link.page]}"${ariaCurrent}>${escapeHtml(link.label)}</a>`;
}

/** Skip link (first tab stop) and the site header with its main navigation. */
export function renderSiteHeader(current: SitePage): string {
  const homeCurrent = current === 'index' ? ' aria-current="page"' : '';
  const navLinkClass =
    'rounded-md px-3 py-2 font-semibold text-navy-800 underline-offset-4 hover:underline aria-[current=page]:underline aria-[current=page]:decoration-2';
  return `<a class="skip-link" href="#main">Skip to main content</a>
<header class="border-b border-khaki-200 bg-white">
  <div class="page-container flex flex-wrap items-center justify-between gap-x-6 gap-y-3 py-4">
    <a class="flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-navy-900 no-underline" href="${SITE_PAGES.index}"${homeCurrent}>${renderLogoMark('h-8 w-8')}<span>Muster</span></a>
    <nav aria-label="Main">
      <ul class="flex flex-wrap items-center gap-1 sm:gap-2">
        <li>${renderSiteLink({ page: 'calculator', label: 'Calculator' }, current, navLinkClass)}</li>
        <li>${renderSiteLink({ page: 'pricing', label: 'Pricing' }, current, navLinkClass)}</li>
        <li><a class="${navLinkClass}" href="${APP_LINKS.signIn}">Sign in</a></li>
        <li class="ml-1"><a class="btn-primary px-4 py-2" href="${APP_LINKS.signUp}">Get started</a></li>
      </ul>
    </nav>
  </div>
</header>`;
}

/** Footer with the VA disclaimer, the VSO link and the site's secondary pages. */
export function renderSiteFooter(current: SitePage, year: number): string {
  const footerLinkClass = 'rounded-sm text-khaki-100 underline underline-offset-4 hover:text-white';
  const links = FOOTER_LINKS.map(
    (link) => `<li>${renderSiteLink(link, current, footerLinkClass)}</li>`,
  ).join('');
  return `<footer class="on-dark mt-auto bg-navy-950 text-khaki-100">
  <div class="page-container grid gap-10 py-12 md:grid-cols-[1fr_2fr]">
    <div>
      <p class="flex items-center gap-2 text-lg font-bold text-white">${renderLogoMark('h-7 w-7')}<span>Muster</span></p>
      <p class="mt-2">Built by veterans, for veterans.</p>
      <nav class="mt-6" aria-label="Footer">
        <ul class="flex flex-wrap gap-x-6 gap-y-2">${links}</ul>
      </nav>
    </div>
    <div class="space-y-4 text-base leading-relaxed">
      <p>${escapeHtml(FOOTER_DISCLAIMER)}</p>
      <p><a class="font-semibold text-white underline decoration-khaki-300 decoration-2 underline-offset-4 hover:decoration-white" href="${FIND_ACCREDITED_REPRESENTATIVE_URL}">Find an accredited representative on VA.gov</a></p>
      <p class="text-sm text-khaki-200">&copy; ${year} Muster</p>
    </div>
  </div>
</footer>`;
}
