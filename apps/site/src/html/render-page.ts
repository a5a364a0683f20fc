import type { PlanDisplay } from '@muster/contract/plans';

import { renderSiteFooter, renderSiteHeader } from './layout.ts';
import type { SitePage } from './links.ts';
import { renderPlanCards, type QuotaTable } from './pricing.ts';

export type PageContext = {
  page: SitePage;
  /** Copyright year in the footer (the build's year). */
  year: number;
  plans: readonly PlanDisplay[];
  quotas: QuotaTable;
};

const PARTIALS = {
  header: ({ page }: PageContext) => renderSiteHeader(page),
  footer: ({ page, year }: PageContext) => renderSiteFooter(page, year),
  plans: ({ plans, quotas }: PageContext) => renderPlanCards(plans, quotas),
} as const;

type PartialName = keyof typeof PARTIALS;

const REQUIRED_PARTIALS: readonly PartialName[] = ['header', 'footer'];

const MARKER = /<!--\s*muster:([a-z-]+)\s*-->/g;

function isPartialName(name: string): name is PartialName {
  return Object.hasOwn(PARTIALS, name);
}

/**
 * Fills the `<!-- muster:NAME -->` markers of a page with shared markup (header, footer, plan cards).
 * Throws on an unknown marker or a page without header and footer, so a broken page fails the build.
 */
export function renderPage(html: string, context: PageContext): string {
  const used = new Set<PartialName>();
  const output = html.replace(MARKER, (_marker, name: string) => {
    if (!isPartialName(name)) {
      throw new Error(`Unknown partial <!-- muster:${name} --> in page "${context.page}".`);
    }
    used.add(name);
    return PARTIALS[name](context);
  });
  const missing = REQUIRED_PARTIALS.filter((name) => !used.has(name));
  if (missing.length > 0) {
    throw new Error(
      `Page "${context.page}" lacks ${missing.map((name) => `<!-- muster:${name} -->`).join(', ')}.`,
    );
  }
  return output;
}
