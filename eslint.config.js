// @ts-check
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import muster from './eslint-rules/architecture.js';

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
  // Rules that need the types: a promise nobody awaits or handles, a promise passed where a plain
  // callback is expected, and a condition the types already decide.
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: {
          // These vitest.config.ts files sit outside their workspace's tsconfig.
          allowDefaultProject: ['apps/api/vitest.config.ts', 'packages/*/vitest.config.ts'],
        },
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // An async handler on a JSX attribute (react-hook-form's handleSubmit) is what React expects.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unnecessary-condition': 'error',
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
  // The layering (docs/decisions/0003 and docs/ARCHITECTURE.md): every import resolved to the file
  // it names, so relative paths and aliases are held to the same rules. See eslint-rules/.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    plugins: { muster },
    rules: { 'muster/architecture': 'error' },
  },
  // No import cycles in our own code: a cycle makes the load order decide what is undefined.
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads no TypeScript module and so finds no cycle through one.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/api/tsconfig.json',
            'apps/site/tsconfig.json',
            'packages/*/tsconfig.json',
          ],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
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
