import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import {
  apiURL,
  appURL,
  billingOffApiURL,
  billingOffAppURL,
  billingOffDataDir,
  billingOffPorts,
  billingOffSiteURL,
  chromiumArgs,
  chromiumPath,
  dataDir,
  fakes,
  isCI,
  lighthouseURL,
  oauthURL,
  ports,
  prices,
  siteURL,
  stripeURL,
} from './config.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Browser tests drive Debian's Chromium against the real server (`npm start`'s script) on its own
 * ports with a throwaway data folder. No browser is downloaded.
 */
export default defineConfig<{ apiBase: string }>({
  testDir: './tests',
  outputDir: path.join(repo, 'test-results', 'e2e'),
  fullyParallel: false,
  workers: 1,
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repo, 'test-results', 'e2e.json') }]],
  use: {
    baseURL: appURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: /billing-off\// },
    // The app with billing off (`npm start`'s default), on the second server below.
    {
      name: 'billing-off',
      testMatch: /billing-off\/.*\.spec\.ts$/,
      use: { browserName: 'chromium', baseURL: billingOffAppURL, apiBase: billingOffApiURL },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/servers/fakes.ts',
      cwd: repo,
      url: `${stripeURL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `rm -rf ${dataDir} && node --import tsx scripts/start.ts`,
      cwd: repo,
      url: `${apiURL}/ready`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DATA_DIR: dataDir,
        API_PORT: String(ports.api),
        APP_PORT: String(ports.app),
        SITE_PORT: String(ports.site),
        API_URL: apiURL,
        APP_URL: appURL,
        SITE_URL: siteURL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        GOOGLE_CLIENT_ID: 'muster-e2e',
        GOOGLE_CLIENT_SECRET: 'muster-e2e-secret',
        GOOGLE_AUTHORIZATION_URL: `${oauthURL}/authorize`,
        GOOGLE_TOKEN_URL: `${oauthURL}/token`,
        GOOGLE_USERINFO_URL: `${oauthURL}/userinfo`,
        LIGHTHOUSE_CLIENT_ID: fakes.lighthouseClientId,
        LIGHTHOUSE_CLIENT_SECRET: fakes.lighthouseClientSecret,
        LIGHTHOUSE_API_URL: `${lighthouseURL}/services`,
        LIGHTHOUSE_AUTHORIZATION_URL: `${lighthouseURL}/oauth2/authorization`,
        LIGHTHOUSE_TOKEN_URL: `${lighthouseURL}/oauth2/token`,
        LIGHTHOUSE_REVOKE_URL: `${lighthouseURL}/oauth2/revoke`,
        STRIPE_SECRET_KEY: fakes.stripeSecretKey,
        STRIPE_WEBHOOK_SECRET: fakes.stripeWebhookSecret,
        STRIPE_API_BASE: stripeURL,
        STRIPE_PRICE_FREE: prices.FREE,
        STRIPE_PRICE_PRO_MONTHLY: prices.PRO_MONTHLY,
        STRIPE_PRICE_PRO_BIANNUALLY: prices.PRO_BIANNUALLY,
        STRIPE_PRICE_LIFETIME: prices.LIFETIME,
        // The browser suite signs up many times from one address.
        RATE_LIMIT_MAX: '100000',
        SIGN_IN_CODE_RATE_LIMIT_MAX: '100000',
        CALCULATOR_RATE_LIMIT_MAX: '10000',
        CONTACT_RATE_LIMIT_MAX: '1000',
        // Checked by the shell suite: the app's community links come from the server's config.
        COMMUNITY_DISCORD_URL: 'https://discord.gg/muster-e2e',
        COMMUNITY_SOCIAL_URL: 'https://social.example/muster-e2e',
      },
    },
    {
      // Started after the server above, so the app build it made is there to serve.
      command: `rm -rf ${billingOffDataDir} && node --import tsx e2e/servers/billing-off.ts`,
      cwd: repo,
      url: `${billingOffApiURL}/ready`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        DATA_DIR: billingOffDataDir,
        API_PORT: String(billingOffPorts.api),
        APP_PORT: String(billingOffPorts.app),
        SITE_PORT: String(billingOffPorts.site),
        API_URL: billingOffApiURL,
        APP_URL: billingOffAppURL,
        SITE_URL: billingOffSiteURL,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        STRIPE_SECRET_KEY: '',
        RATE_LIMIT_MAX: '100000',
        SIGN_IN_CODE_RATE_LIMIT_MAX: '100000',
      },
    },
  ],
});
