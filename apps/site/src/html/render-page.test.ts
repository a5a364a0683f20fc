import { PLANS } from '@muster/contract/plans';
import { QUOTAS } from '@muster/contract/quotas';
import { describe, expect, it } from 'vitest';

import { FOOTER_DISCLAIMER } from './layout.ts';
import { renderPage, type PageContext } from './render-page.ts';

const context: PageContext = { page: 'pricing', year: 2026, plans: PLANS, quotas: QUOTAS };
const page = (main: string) =>
  `<body><!-- muster:header --><main id="main">${main}</main><!-- muster:footer --></body>`;

describe('renderPage', () => {
  it('puts the skip link first, then the header, and the disclaimer in the footer', () => {
    const html = renderPage(page(''), context);
    expect(html.indexOf('href="#main"')).toBeLessThan(html.indexOf('<header'));
    expect(html.indexOf('<a')).toBe(html.indexOf('<a class="skip-link" href="#main"'));
    expect(html).toContain(FOOTER_DISCLAIMER);
    expect(html).toContain(
      'href="https://www.va.gov/get-help-from-accredited-representative/find-rep/"',
    );
    expect(html).toContain('&copy; 2026 Muster');
    expect(html).not.toContain('<!-- muster:');
  });

  it('marks the current page in the navigation', () => {
    const html = renderPage(page(''), context);
    expect(html).toMatch(/href="\/pricing\.html" aria-current="page"/);
    expect(html).not.toMatch(/href="\/terms\.html" aria-current="page"/);
  });

  it('renders the plan cards where the page asks for them', () => {
    const html = renderPage(page('<!-- muster:plans -->'), context);
    for (const plan of PLANS) expect(html).toContain(`>${plan.name}</h2>`);
  });

  it('fails the build on an unknown marker or a missing footer', () => {
    expect(() => renderPage(page('<!-- muster:pricing-table -->'), context)).toThrow(
      /Unknown partial/,
    );
    expect(() => renderPage('<!-- muster:header --><main></main>', context)).toThrow(
      /muster:footer/,
    );
  });
});
