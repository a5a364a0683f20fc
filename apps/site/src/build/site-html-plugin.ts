import path from 'node:path';

import type { PlanDisplay } from '@muster/contract/plans';
import { runnerImport, type Plugin } from 'vite';

import { isSitePage } from '../html/links.ts';
import type { QuotaTable } from '../html/pricing.ts';
import { renderPage } from '../html/render-page.ts';

/**
 * Loads the plan display data from the contract package. vite.config.ts is bundled with every bare import
 * left to Node, and Node 20 cannot run the contract's TypeScript source, so the module goes through
 * Vite's module runner instead. This keeps `vite build` working with the default config loader.
 */
async function loadQuotas(root: string): Promise<QuotaTable> {
  const { module } = await runnerImport<{ QUOTAS?: QuotaTable }>('@muster/contract/quotas', { root, logLevel: 'silent' });
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

type SiteHtmlPluginOptions = { year: number };

/** Renders the shared partials into every page, in dev and at build time (static HTML, no JS needed). */
export function siteHtmlPlugin({ year }: SiteHtmlPluginOptions): Plugin {
  let root = process.cwd();
  let plans: Promise<readonly PlanDisplay[]> | undefined;
  let quotas: Promise<QuotaTable> | undefined;
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
        return renderPage(html, { page, year, plans: await plans, quotas: await quotas });
      },
    },
  };
}
