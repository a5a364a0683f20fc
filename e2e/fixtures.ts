import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { outboxSchema } from '@muster/contract/outbox';
import { apiURL, appURL } from './config.ts';

/** The app keeps its bearer token under this localStorage key (apps/web/src/config/constants.ts). */
export const AUTH_TOKEN_KEY = 'muster:auth-token';

export type LoggedInUser = { email: string; token: string; userId: string };

let counter = 0;
export function uniqueEmail(prefix = 'vet'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

/** Reads the newest sign-in code mailed to `email` from the API's outbox. */
export async function codeFromOutbox(
  request: APIRequestContext,
  email: string,
  api = apiURL,
): Promise<string> {
  const response = await request.get(`${api}/dev/outbox`);
  expect(response.ok()).toBe(true);
  const mails = outboxSchema.parse(await response.json());
  const code = mails.find((m) => m.to === email)?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}

/** Creates a user through the real sign-in API (email code), optionally on the FREE plan. */
export async function createUser(
  request: APIRequestContext,
  options: { email?: string; plan?: 'FREE' | null; api?: string } = {},
): Promise<LoggedInUser> {
  const email = options.email ?? uniqueEmail();
  const api = options.api ?? apiURL;
  const sent = await request.post(`${api}/auth/email-otp/send-verification-otp`, {
    data: { email, type: 'sign-in' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  const otp = await codeFromOutbox(request, email, api);
  const signedIn = await request.post(`${api}/auth/sign-in/email-otp`, { data: { email, otp } });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
  const { token, user } = (await signedIn.json()) as { token: string; user: { id: string } };
  if (options.plan !== null) {
    const free = await request.post(`${api}/subscriptions/free`, {
      data: { plan: 'FREE' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(free.ok(), await free.text()).toBe(true);
  }
  return { email, token, userId: user.id };
}

export type A11yOptions = { include?: string; disableRules?: string[] };

/**
 * Waits for running CSS transitions and finite animations (a colour-mode switch, a menu fading
 * out): axe measures colours as they are at that instant, and half-way colours fail contrast.
 */
async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.allSettled(finite.map((animation) => animation.finished));
  });
}

/** Fails on any serious or critical axe violation, listing each with its targets. */
export async function checkA11y(page: Page, options: A11yOptions = {}) {
  await settleAnimations(page);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) builder = builder.include(options.include);
  if (options.disableRules) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

type Fixtures = {
  /** The API the project's app talks to (the billing-off project has its own server). */
  apiBase: string;
  /**
   * Signs a new user in (through the real API), stores the session where the app keeps it, and
   * signs out afterwards. Call before the first navigation.
   */
  login: (options?: { email?: string; plan?: 'FREE' | null }) => Promise<LoggedInUser>;
  /**
   * console.error messages and Content-Security-Policy violations; the test fails on any unless it
   * calls `consoleErrors.allow(pattern)`.
   */
  consoleErrors: { messages: string[]; allow(pattern: RegExp): void };
};

export const test = base.extend<Fixtures>({
  apiBase: [apiURL, { option: true }],
  login: async ({ page, request, apiBase, baseURL }, use) => {
    const users: LoggedInUser[] = [];
    await use(async (options = {}) => {
      const user = await createUser(request, { ...options, api: apiBase });
      users.push(user);
      await page.addInitScript(
        ([key, token, origin]) => {
          if (
            window.location.origin === origin &&
            !window.sessionStorage.getItem('muster:e2e-login-done')
          ) {
            window.localStorage.setItem(key, token);
            window.sessionStorage.setItem('muster:e2e-login-done', '1');
          }
        },
        [AUTH_TOKEN_KEY, user.token, new URL(baseURL ?? appURL).origin] as const,
      );
      return user;
    });
    // Close the page first: requests it still makes (the sidebar loads after the page) would
    // otherwise meet the signed-out session and log a 401 that no test caused.
    if (users.length > 0) await page.close();
    for (const user of users) {
      await request
        .post(`${apiBase}/auth/sign-out`, {
          data: {},
          headers: { authorization: `Bearer ${user.token}` },
        })
        .catch(() => undefined);
    }
  },
  consoleErrors: [
    async ({ page }, use) => {
      const messages: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') messages.push(message.text());
      });
      page.on('pageerror', (error) => messages.push(error.message));
      // A blocked script, style or eval is reported only as a page event, not on the console:
      // repeat it there, so every test fails on a Content-Security-Policy violation as well.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `Content-Security-Policy violation: ${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      await use({ messages, allow: (pattern) => allowed.push(pattern) });
      const unexpected = messages.filter((m) => !allowed.some((pattern) => pattern.test(m)));
      expect(unexpected, 'console.error during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Where a screen reader hears `text` while a modal surface (`modal`, e.g. the mobile drawer) is
 * open: the modal's own live region, or a toaster region that is not hidden behind the modal.
 * Role queries skip anything under aria-hidden, so a hidden toaster never matches.
 */
export function heardByScreenReaders(page: Page, modal: Locator, text: string): Locator {
  const inModal = modal.getByRole('status').filter({ hasText: text });
  const inToaster = page
    .getByRole('region', { name: /notifications/i })
    .getByText(text, { exact: false });
  return inModal.or(inToaster).first();
}
