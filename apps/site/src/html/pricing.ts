import type { PlanDisplay } from '@muster/contract/plans';

import { escapeHtml } from './escape-html.ts';
import { renderCheckIcon } from './icons.ts';
import { APP_LINKS } from './links.ts';

const MONTHS_PER_INTERVAL: Record<PlanDisplay['interval'], number | null> = {
  forever: null,
  month: 1,
  '6 months': 6,
  once: null,
};

/** `0` → `$0`, `29.99` → `$29.99`, `25` → `$25`. */
export function formatUsd(amount: number): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: hasCents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** Words shown next to the price, read the same by screen readers (no "/" shorthand). */
export function describeInterval(interval: PlanDisplay['interval']): string {
  switch (interval) {
    case 'forever':
      return 'free forever';
    case 'month':
      return 'per month';
    case '6 months':
      return 'every 6 months';
    case 'once':
      return 'one-time payment';
  }
}

/** For plans billed over several months: what that works out to per month, e.g. `About $25 a month`. */
export function describeMonthlyEquivalent(plan: PlanDisplay): string | null {
  const months = MONTHS_PER_INTERVAL[plan.interval];
  if (months === null || months <= 1 || plan.priceUsd === 0) return null;
  return `About ${formatUsd(Math.round((plan.priceUsd / months) * 100) / 100)} a month`;
}

export function renderPlanCard(plan: PlanDisplay): string {
  const name = escapeHtml(plan.name);
  const headingId = `plan-${plan.id.toLowerCase().replaceAll('_', '-')}`;
  const monthlyEquivalent = describeMonthlyEquivalent(plan);
  const highlights = plan.highlights
    .map(
      (highlight) =>
        `<li class="flex gap-3">${renderCheckIcon('mt-1 h-5 w-5 shrink-0 text-olive-700')}<span>${escapeHtml(highlight)}</span></li>`,
    )
    .join('');
  return `<li class="flex">
  <article class="flex w-full flex-col rounded-xl border border-khaki-200 bg-white p-6 shadow-sm" aria-labelledby="${headingId}">
    <h2 id="${headingId}" class="text-xl font-bold text-navy-900">${name}</h2>
    <p class="mt-2 text-navy-700">${escapeHtml(plan.summary)}</p>
    <p class="mt-6">
      <span class="block text-4xl font-bold tracking-tight text-navy-900">${formatUsd(plan.priceUsd)}</span>
      <span class="block font-medium text-navy-700">${describeInterval(plan.interval)}</span>
    </p>
    ${monthlyEquivalent === null ? '' : `<p class="mt-1 text-sm text-navy-700">${monthlyEquivalent}</p>`}
    <ul class="mt-6 mb-8 space-y-3 text-navy-900" aria-label="Included in ${name}">${highlights}</ul>
    <a class="btn-primary mt-auto" href="${APP_LINKS.signUp}">Get started<span class="sr-only"> with ${name}</span></a>
  </article>
</li>`;
}

/** The plan list for pricing.html, rendered at build time so the page needs no JavaScript. */
export function renderPlanCards(plans: readonly PlanDisplay[]): string {
  return `<ul class="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Plans">
${plans.map(renderPlanCard).join('\n')}
</ul>`;
}
