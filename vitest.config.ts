import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * All unit and API suites. The API suite runs against PGlite, and again against PostgreSQL when
 * TEST_DATABASE_URL is set (CI sets it), one file at a time (see apps/api/vitest.config.ts), so
 * in a group of its own after the other projects, which share every core.
 */
const apiRun = { sequence: { groupOrder: 1 } };
const apiProjects = [
  {
    extends: './apps/api/vitest.config.ts',
    root: './apps/api',
    test: { name: 'api', env: { MUSTER_TEST_DB: 'pglite' }, ...apiRun },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          extends: './apps/api/vitest.config.ts',
          root: './apps/api',
          test: { name: 'api-postgres', env: { MUSTER_TEST_DB: 'postgres' }, ...apiRun },
        },
      ]
    : []),
];

export default defineConfig({
  test: {
    // Every core: the main process mostly waits (Vitest's default leaves one idle).
    maxWorkers: availableParallelism(),
    projects: [
      'packages/*',
      'apps/web',
      'apps/site',
      ...apiProjects,
      // The lint rules of eslint-rules/, with probes that must fail them.
      {
        test: {
          name: 'lint-rules',
          root: './eslint-rules',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      // The repository's own scripts (the Node check, Chromium for the browser suite).
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
