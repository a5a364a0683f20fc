import { fileURLToPath } from 'node:url';

/** `true` in the bundle: its build (scripts/build-api.ts) defines it; unset in the sources. */
declare const MUSTER_BUNDLED: boolean | undefined;

/**
 * The files the API reads from disk while it runs, where the repository keeps them (the container
 * image keeps the same layout). From the sources this module is apps/api/src/lib/runtime-files.ts;
 * in the bundle its code is part of apps/api/dist/server.mjs, one folder less deep. Every module
 * that reads such a file takes its folder from here, so the bundle finds them too.
 */
const apiDir = new URL(typeof MUSTER_BUNDLED === 'boolean' ? '../' : '../../', import.meta.url);
const fromApi = (relative: string) => fileURLToPath(new URL(relative, apiDir));

export const RUNTIME_FILES = {
  /** VA's blank forms, with their sources and checksums. */
  vaForms: fromApi('assets/va-forms/'),
  /** VA's JSON schemas (Benefits Claims v2). */
  vaSchemas: fromApi('assets/va-schemas/'),
  /** The database migrations (drizzle). */
  migrations: fromApi('../../packages/db/migrations'),
  /** The app's and the site's production builds. */
  appBuild: fromApi('../web/dist'),
  siteBuild: fromApi('../site/dist'),
};
