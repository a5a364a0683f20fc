import type { PlanDisplay } from '@muster/contract/plans';

import { renderDependantFields } from './calculator-form.ts';
import { renderCompensationRates, type CompensationRates } from './compensation.ts';
import { renderIcon } from './icons.ts';
import { renderSiteFooter, renderSiteHeader } from './layout.ts';
import type { SitePage } from './links.ts';
import { renderPlanCards, type QuotaTable } from './pricing.ts';

export type PageContext = {
  page: SitePage;
  /** Copyright year in the footer (the build's year). */
  year: number;
  plans: readonly PlanDisplay[];
  quotas: QuotaTable;
  /** VA's compensation tables and charts for the calculator page. */
  compensation: CompensationRates;
};

type Partial = (context: PageContext, args: readonly string[]) => string;

const PARTIALS = {
  header: ({ page }: PageContext) => renderSiteHeader(page),
  footer: ({ page, year }: PageContext) => renderSiteFooter(page, year),
  plans: ({ plans, quotas }: PageContext) => renderPlanCards(plans, quotas),
  'compensation-rates': ({ compensation }: PageContext) => renderCompensationRates(compensation),
  'dependant-fields': () => renderDependantFields(),
  /** `<!-- muster:icon NAME CLASS... -->`: an icon from icons.ts with the classes given. */
  icon: (_context, [name = '', ...classes]) => renderIcon(name, classes.join(' ')),
} as const satisfies Record<string, Partial>;

type PartialName = keyof typeof PARTIALS;

const REQUIRED_PARTIALS: readonly PartialName[] = ['header', 'footer'];

/** `<!-- muster:NAME -->`, or with words after the name that the partial takes as arguments. */
const MARKER = /<!--\s*muster:([a-z-]+)((?:\s+[^\s>]+)*?)\s*-->/g;

function isPartialName(name: string): name is PartialName {
  return Object.hasOwn(PARTIALS, name);
}

/**
 * Fills the `<!-- muster:NAME -->` markers of a page with shared markup (header, footer, plan cards).
 * Throws on an unknown marker or a page without header and footer, so a broken page fails the build.
 */
export function renderPage(html: string, context: PageContext): string {
  const used = new Set<PartialName>();
  const output = html.replace(MARKER, (_marker, name: string, args: string) => {
    if (!isPartialName(name)) {
      throw new Error(`Unknown partial <!-- muster:${name} --> in page "${context.page}".`);
    }
    used.add(name);
    const partial: Partial = PARTIALS[name];
    return partial(context, args.trim() ? args.trim().split(/\s+/) : []);
  });
  const missing = REQUIRED_PARTIALS.filter((name) => !used.has(name));
  if (missing.length > 0) {
    throw new Error(
      `Page "${context.page}" lacks ${missing.map((name) => `<!-- muster:${name} -->`).join(', ')}.`,
    );
  }
  return output;
}
