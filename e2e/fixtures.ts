import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export type A11yOptions = { include?: string; disableRules?: string[] };

/** Fails on any serious or critical axe violation, listing each with its targets. */
export async function checkA11y(page: Page, options: A11yOptions = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) builder = builder.include(options.include);
  if (options.disableRules) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

type Fixtures = {
  /** console.error messages; the test fails on any unless it calls `consoleErrors.allow(pattern)`. */
  consoleErrors: { messages: string[]; allow(pattern: RegExp): void };
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const messages: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') messages.push(message.text());
      });
      page.on('pageerror', (error) => messages.push(error.message));
      await use({ messages, allow: (pattern) => allowed.push(pattern) });
      const unexpected = messages.filter((m) => !allowed.some((pattern) => pattern.test(m)));
      expect(unexpected, 'console.error during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
