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
export const dataDir = process.env.E2E_DATA_DIR ?? '.data-test/e2e';
export const isCI = Boolean(process.env.CI);
