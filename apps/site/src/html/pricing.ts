import type { QuotaFeature } from '@muster/contract/billing';
import { escapeHtml } from '@muster/contract/html';
import type { PlanDisplay } from '@muster/contract/plans';
import type { QUOTAS } from '@muster/contract/quotas';

/** The enforced quota table (loaded at build time through Vite's runner; see site-html-plugin). */
export type QuotaTable = typeof QUOTAS;

import { renderCheckIcon } from './icons.ts';
import { APP_LINKS } from './links.ts';

/**
 * Months each billing interval covers. The contract holds the same table, but this module runs
 * inside Vite's config loader, which cannot load the contract's TypeScript at run time; a test
 * keeps the two equal.
 */
export const MONTHS_PER_INTERVAL: Record<PlanDisplay['interval'], number | null> = {
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

const QUOTA_LABELS: Record<QuotaFeature, (n: number) => string> = {
  decision_letters: (n) => `${n} decision letter ${n === 1 ? 'explanation' : 'explanations'}`,
  ai_messages: (n) => `${n.toLocaleString('en-US')} AI assistant messages`,
  personal_statements: (n) => `${n} personal ${n === 1 ? 'statement' : 'statements'}`,
  nexus_letters: (n) => (n === 0 ? 'No nexus letter drafts' : `${n} nexus letter drafts`),
  buddy_requests: (n) => `${n} buddy statement requests`,
  vault_storage_mb: (n) =>
    n >= 1024 ? `${Math.round(n / 1024)} GB document vault` : `${n} MB document vault`,
};

/** The plan's monthly limits, from the same table the API enforces. */
export function renderQuotaList(plan: PlanDisplay, quotas: QuotaTable): string {
  const rules = quotas[plan.id];
  const items = (Object.keys(QUOTA_LABELS) as QuotaFeature[])
    .map((feature) => {
      const limit = rules[feature].limit;
      const text =
        limit === null ? `Unlimited ${feature.replaceAll('_', ' ')}` : QUOTA_LABELS[feature](limit);
      return `<li>${escapeHtml(text)}</li>`;
    })
    .join('');
  return `<h3 class="mt-6 text-sm font-semibold text-navy-900">Each month</h3>
    <ul class="mt-2 space-y-1 text-sm text-navy-800" aria-label="Monthly limits of ${escapeHtml(plan.name)}">${items}</ul>`;
}

export function renderPlanCard(plan: PlanDisplay, quotas: QuotaTable): string {
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
    <ul class="mt-6 space-y-3 text-navy-900" aria-label="Included in ${name}">${highlights}</ul>
    ${renderQuotaList(plan, quotas)}
    <div class="mb-8"></div>
    <a class="btn-primary mt-auto" href="${APP_LINKS.signUp}">Get started<span class="sr-only"> with ${name}</span></a>
  </article>
</li>`;
}

/** The plan list for pricing.html, rendered at build time so the page needs no JavaScript. */
export function renderPlanCards(plans: readonly PlanDisplay[], quotas: QuotaTable): string {
  return `<ul class="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" aria-label="Plans">
${plans.map((plan) => renderPlanCard(plan, quotas)).join('\n')}
</ul>`;
}
