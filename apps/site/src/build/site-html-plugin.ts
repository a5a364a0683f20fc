import path from 'node:path';

import type { PlanDisplay } from '@muster/contract/plans';
import { runnerImport, type Plugin } from 'vite';

import { isSitePage } from '../html/links.ts';
import {
  buildCompensationRates,
  type CompensationDomain,
  type CompensationRates,
} from '../html/compensation.ts';
import type { QuotaTable } from '../html/pricing.ts';
import { renderPage } from '../html/render-page.ts';

/**
 * Loads the plan display data from the contract package. vite.config.ts is bundled with every bare import
 * left to Node, which would then have to run the contract's TypeScript source itself, so the module goes
 * through Vite's module runner instead. This keeps `vite build` working with the default config loader.
 */
async function loadQuotas(root: string): Promise<QuotaTable> {
  const { module } = await runnerImport<{ QUOTAS?: QuotaTable }>('@muster/contract/quotas', {
    root,
    logLevel: 'silent',
  });
  if (!module.QUOTAS) throw new Error('@muster/contract/quotas exports no QUOTAS.');
  return module.QUOTAS;
}

async function loadPlans(root: string): Promise<readonly PlanDisplay[]> {
  const { module } = await runnerImport<{ PLANS?: readonly PlanDisplay[] }>(
    '@muster/contract/plans',
    { root, logLevel: 'silent' },
  );
  if (!Array.isArray(module.PLANS) || module.PLANS.length === 0) {
    throw new Error('@muster/contract/plans exports no PLANS.');
  }
  return module.PLANS;
}

/**
 * VA's compensation tables and the chart geometry, from the domain package (through the module
 * runner, like the plans), for the rate years in effect on `today`.
 */
async function loadCompensationRates(root: string, today: string): Promise<CompensationRates> {
  const load = async <T>(specifier: string) =>
    (await runnerImport<T>(specifier, { root, logLevel: 'silent' })).module;
  const table = await load<Omit<CompensationDomain, 'barChartLayout'>>(
    '@muster/domain/compensation-table',
  );
  const chart = await load<Pick<CompensationDomain, 'barChartLayout'>>(
    '@muster/domain/compensation-chart',
  );
  if (
    typeof table.compensationRateTable !== 'function' ||
    typeof chart.barChartLayout !== 'function'
  )
    throw new Error('@muster/domain lacks the compensation table or chart functions.');
  return buildCompensationRates(
    {
      BELOW_30_NOTE: table.BELOW_30_NOTE,
      rateYears: table.rateYears,
      defaultRateYear: table.defaultRateYear,
      compensationRateTable: table.compensationRateTable,
      monthlyByRating: table.monthlyByRating,
      barChartLayout: chart.barChartLayout,
    },
    today,
  );
}

type SiteHtmlPluginOptions = { year: number };

/** Renders the shared partials into every page, in dev and at build time (static HTML, no JS needed). */
export function siteHtmlPlugin({ year }: SiteHtmlPluginOptions): Plugin {
  let root = process.cwd();
  let plans: Promise<readonly PlanDisplay[]> | undefined;
  let quotas: Promise<QuotaTable> | undefined;
  let compensation: Promise<CompensationRates> | undefined;
  return {
    name: 'muster-site-html',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html, context) {
        const page = path.basename(context.filename, '.html');
        if (!isSitePage(page)) {
          throw new Error(
            `${context.filename} is not a site page; add it to SITE_PAGES in src/html/links.ts.`,
          );
        }
        plans ??= loadPlans(root);
        quotas ??= loadQuotas(root);
        compensation ??= loadCompensationRates(root, new Date().toISOString().slice(0, 10));
        return renderPage(html, {
          page,
          year,
          plans: await plans,
          quotas: await quotas,
          compensation: await compensation,
        });
      },
    },
  };
}
