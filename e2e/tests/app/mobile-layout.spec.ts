import path from 'node:path';
import type { Page } from '@playwright/test';

import { expect, test } from '../../fixtures.ts';

import { everyAppPath } from './app-pages.ts';

/** What the not-found page or a stand-in screen says; no route of the app may show it. */
const STAND_IN = /Lost in Cyberspace|coming soon|not built yet|under construction/i;

/** How far the page's content reaches past the viewport's right edge, in CSS pixels. */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const overflow =
      Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - width;
    const culprits: string[] = [];
    if (overflow > 0) {
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
        const box = element.getBoundingClientRect();
        if (box.right > width + 0.5 && box.width > 0 && culprits.length < 5) {
          const name =
            element.getAttribute('aria-label') ?? element.textContent.trim().slice(0, 30);
          culprits.push(
            `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 3).join('.')} "${name}" right=${Math.round(box.right)}`,
          );
        }
      }
    }
    return { overflow, culprits };
  });
}

test.describe('[APP][MOBILE]: every page is a real page and fits a 375 px screen without sideways scrolling', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('[APP][MOBILE]: the route list is read from the app', () => {
    const paths = everyAppPath();
    expect(paths).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/calculator',
        '/profile',
        '/welcome',
        '/plan-selection',
        '/vault',
        '/sign-in',
      ]),
    );
    expect(paths.length).toBeGreaterThan(40);
  });

  test('[APP][MOBILE]: signed out, and signed in, no page scrolls sideways', async ({
    page,
    login,
  }, testInfo) => {
    test.setTimeout(240_000);
    const failures: string[] = [];
    const check = async (target: string, who: string) => {
      await page.goto(target);
      await page.waitForLoadState('networkidle');
      const { overflow, culprits } = await sidewaysOverflow(page);
      if (overflow > 0)
        failures.push(
          `${who} ${target} → ${new URL(page.url()).pathname}: ${overflow}px wider; ${culprits.join(' | ')}`,
        );
      // Completeness: every route is a real page, never the not-found page or a stand-in screen.
      const text = await page.locator('body').innerText();
      if (STAND_IN.test(text)) failures.push(`${who} ${target}: ${STAND_IN.exec(text)?.[0]}`);
    };
    for (const target of [
      '/sign-in',
      '/sign-up',
      '/privacy-policy',
      '/terms',
      '/service-outage',
      '/layman-sign/example-id',
    ]) {
      await check(target, 'signed out');
    }
    await login();
    for (const target of everyAppPath()) await check(target, 'signed in');
    // What a phone shows, kept with the run's results for a person to look at.
    for (const target of ['/dashboard', '/calculator', '/profile']) {
      await page.goto(target);
      await page.waitForLoadState('networkidle');
      const file = testInfo.outputPath(`375px${target.replace('/', '-')}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(path.basename(file), { path: file, contentType: 'image/png' });
    }
    expect(failures).toEqual([]);
  });
});
