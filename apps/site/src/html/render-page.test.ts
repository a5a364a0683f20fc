import { DEPENDANT_COUNT_LIMITS, DEPENDANT_LABELS } from '@muster/contract/calculator';
import { PLANS } from '@muster/contract/plans';
import { QUOTAS } from '@muster/contract/quotas';
import { describe, expect, it } from 'vitest';

import { compensationRatesForTest } from './compensation.test-support.ts';
import { FOOTER_DISCLAIMER } from './layout.ts';
import { renderPage, type PageContext } from './render-page.ts';

const context: PageContext = {
  page: 'pricing',
  year: 2026,
  plans: PLANS,
  quotas: QUOTAS,
  compensation: compensationRatesForTest('2026-11-23'),
};
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

  it('renders the dependant fields with the labels and limits of the contract', () => {
    const html = renderPage(page('<!-- muster:dependant-fields -->'), context);
    for (const label of Object.values(DEPENDANT_LABELS))
      expect(html).toContain(`>${label}</label>`);
    expect(html).toMatch(
      new RegExp(`name="children_under_18"[^>]*max="${DEPENDANT_COUNT_LIMITS.children_under_18}"`),
    );
    expect(html).toMatch(
      new RegExp(`name="school_children"[^>]*max="${DEPENDANT_COUNT_LIMITS.school_children}"`),
    );
    const parents = html.slice(html.indexOf('name="parents"'), html.indexOf('</select>'));
    expect(parents.match(/<option /g)).toHaveLength(DEPENDANT_COUNT_LIMITS.parents + 1);
  });

  it('renders a named icon with the classes the marker gives, and refuses an unknown one', () => {
    const html = renderPage(page('<!-- muster:icon check mt-1 h-5 w-5 -->'), context);
    expect(html).toContain('<svg class="mt-1 h-5 w-5" viewBox="0 0 20 20" aria-hidden="true"');
    expect(renderPage(page('<!-- muster:icon vault h-6 w-6 -->'), context)).toContain(
      '<svg class="h-6 w-6" viewBox="0 0 24 24"',
    );
    expect(() => renderPage(page('<!-- muster:icon nope h-6 -->'), context)).toThrow(
      'Unknown icon "nope"',
    );
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
