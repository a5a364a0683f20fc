import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { apiURL, appURL, chromiumPath, dataDir, isCI, ports, siteURL } from './config.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Browser tests drive Debian's Chromium against the real server (`npm start`'s script) on its own
 * ports with a throwaway data folder. No browser is downloaded.
 */
export default defineConfig({
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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
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
    },
  },
});
