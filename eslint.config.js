// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'off',
      // process.env is read only in config modules (see CONFIG_MODULE_GLOBS).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through a config module.' },
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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // A feature never imports another feature.
            ...['accounts', 'shell', 'storage'].map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'Features never import from each other.',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/hooks', './apps/web/src/utils', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code must not depend on features or the app layer.',
            },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features must not import the app layer.' },
            { target: './apps/web', from: './packages/db', message: 'The web app never touches the database.' },
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
        { patterns: [{ group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm*', '@muster/db*', 'fastify*'], message: 'Contract and domain are pure: no I/O.' }] },
      ],
    },
  },
);
