/** Where the e2e suite finds the three hosts; the only e2e module that reads the environment. */
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const ports = {
  app: port('E2E_APP_PORT', 4100),
  api: port('E2E_API_PORT', 4101),
  site: port('E2E_SITE_PORT', 4102),
};
export const appURL = process.env.APP_URL ?? `http://localhost:${ports.app}`;
export const apiURL = process.env.API_URL ?? `http://localhost:${ports.api}`;
export const siteURL = process.env.SITE_URL ?? `http://localhost:${ports.site}`;
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Flags for Debian's Chromium on a build machine: no sandbox (root), no GPU, and none of its
 * background traffic, which a closed network refuses. The Lighthouse bench uses them too.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const dataDir = process.env.E2E_DATA_DIR ?? '.data-test/e2e';
export const isCI = Boolean(process.env.CI);
/** `npm run test:a11y`: axe on every app page in every theme, not a third of them each. */
export const a11yAllThemes = process.env.A11Y_ALL_THEMES === '1';

/** Loopback fakes for the outside services (OAuth provider, Stripe). */
export const fakes = {
  oauthPort: port('E2E_OAUTH_PORT', 4103),
  stripePort: port('E2E_STRIPE_PORT', 4104),
  /** VA.gov Lighthouse (OAuth and the APIs) and the port a spec reads and steers it through. */
  lighthousePort: port('E2E_LIGHTHOUSE_PORT', ports.app + 9),
  lighthouseControlPort: port('E2E_LIGHTHOUSE_CONTROL_PORT', ports.app + 10),
  lighthouseClientId: 'muster-e2e-va',
  lighthouseClientSecret: 'muster-e2e-va-secret',
  stripeSecretKey: 'sk_test_muster_e2e',
  stripeWebhookSecret: 'whsec_muster_e2e',
};
export const oauthURL = `http://127.0.0.1:${fakes.oauthPort}`;
export const stripeURL = `http://127.0.0.1:${fakes.stripePort}`;
export const lighthouseURL = `http://127.0.0.1:${fakes.lighthousePort}`;
export const lighthouseControlURL = `http://127.0.0.1:${fakes.lighthouseControlPort}`;
export const prices = {
  FREE: 'price_e2e_free',
  PRO_MONTHLY: 'price_e2e_pro_monthly',
  PRO_BIANNUALLY: 'price_e2e_pro_6m',
  LIFETIME: 'price_e2e_lifetime',
};
/** What the fake Google answers from userinfo. */
export const googleProfile = {
  sub: 'google-e2e-1',
  email: 'google.veteran@example.com',
  email_verified: true,
  name: 'Grace Hopper',
};

/**
 * A second app with billing off (no Stripe key: the default of `npm start`) on its own ports, for
 * the specs of the `billing-off` project. Its control port lets a spec stand in for what the
 * browser cannot reach: metered use on the server, and the clock of a sign-in code.
 */
export const billingOffPorts = {
  // Next to the app's port unless told otherwise, so one E2E_APP_PORT moves the whole suite.
  app: port('E2E_BILLING_OFF_APP_PORT', ports.app + 5),
  api: port('E2E_BILLING_OFF_API_PORT', ports.app + 6),
  site: port('E2E_BILLING_OFF_SITE_PORT', ports.app + 7),
  control: port('E2E_CONTROL_PORT', ports.app + 8),
};
export const billingOffAppURL = `http://localhost:${billingOffPorts.app}`;
export const billingOffApiURL = `http://localhost:${billingOffPorts.api}`;
export const billingOffSiteURL = `http://localhost:${billingOffPorts.site}`;
export const controlURL = `http://127.0.0.1:${billingOffPorts.control}`;
export const billingOffDataDir =
  process.env.E2E_BILLING_OFF_DATA_DIR ?? '.data-test/e2e-billing-off';
