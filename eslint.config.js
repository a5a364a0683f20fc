// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = new URL('./apps/web/src/features/', import.meta.url);
/** Every web feature folder; each gets a rule against importing the others. */
const webFeatures = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

const CONFIG_MODULE_GLOBS = [
  '**/src/config/**',
  '**/test/config.ts',
  '**/test/helpers/config.ts',
  'e2e/config.ts',
  'scripts/**',
  'bench/**',
  '**/vite.config.ts',
  'vitest.config.ts',
  '**/playwright.config.ts',
  '.ci/**',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // process.env is read only in config modules (see CONFIG_MODULE_GLOBS).
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through a config module.',
        },
      ],
    },
  },
  {
    files: CONFIG_MODULE_GLOBS,
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // Web boundaries (docs/decisions/0003): shared → features → app, and no feature imports another.
  // Written as import-string patterns, so they hold for `@/…` aliases and relative paths alike.
  {
    // testing/ is exempt: it renders the whole app for route-level tests.
    files: ['apps/web/src/{components,lib,hooks,utils,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', '**/features/**', '@/app/*', '**/app/**', '@muster/db*'],
              message:
                'Shared web code must not depend on features, the app layer or the database.',
            },
          ],
        },
      ],
    },
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@/features/*',
                `!@/features/${feature}`,
                `!@/features/${feature}/**`,
                '../../features/*',
                '@/app/*',
                '@muster/db*',
              ],
              message: 'Features never import another feature or the app layer.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@muster/db*'], message: 'The web app never touches the database.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/site/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['packages/domain/**/*.ts', 'packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm*', '@muster/db*', 'fastify*'],
              message: 'Contract and domain are pure: no I/O.',
            },
          ],
        },
      ],
    },
  },
);
