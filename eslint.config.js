// Flat config. Import boundaries follow docs/architecture.md §2: domain and protocol import nothing of ours;
// contract may import domain; emulators only protocol; server uses contract, domain, db, i18n, protocol (and the
// emulators in tests); web never imports db, server, emulators or protocol; web features do not import each other
// (shared → features → app).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const ours = (names, message) => ({ group: names.map((n) => `@ec/${n}`), message });

/** What no file of the web app may import (it runs in the browser and uses contract, domain and i18n only). */
const webForbidden = ours(
  ['db', 'server', 'emulators', 'simulator', 'protocol'],
  'the web app uses contract, domain and i18n only.',
);

/** One rule object per web feature: it may not import any other feature. */
const featureNames = [
  'auth',
  'consent',
  'site',
  'shell',
  'i18n',
  'errors',
  'confirmation',
  'dev-mailbox',
  'reference',
  'companies',
  'admin-search',
  'integrated-devices',
  'map',
  'menu',
  'locations',
  'global-settings',
];

/**
 * Features whose public face (`index.ts`) other features may import: reference data (countries, time zones,
 * spot-market regions, currencies) and the company list are picked in many forms; everything else in them stays
 * internal.
 */
const publicFeatures = ['reference', 'companies', 'map'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/web/e2e/screenshots/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message:
            'Read the environment only in apps/server/src/config.ts (or a script entry point).',
        },
      ],
    },
  },
  {
    files: ['packages/domain/**'],
    rules: restrict([
      ours(
        ['contract', 'db', 'i18n', 'protocol', 'server', 'web', 'emulators', 'simulator'],
        'domain is pure: it imports nothing of ours.',
      ),
    ]),
  },
  {
    files: ['packages/protocol/**'],
    rules: restrict([
      ours(
        ['contract', 'db', 'domain', 'i18n', 'server', 'web', 'emulators', 'simulator'],
        'the controller protocol imports nothing of ours (firmware authors and the simulator read it alone).',
      ),
    ]),
  },
  {
    files: ['apps/emulators/**'],
    rules: restrict([
      ours(
        ['contract', 'db', 'domain', 'i18n', 'server', 'web', 'simulator'],
        'an emulator speaks only the real service’s protocol: it imports nothing of ours but @ec/protocol.',
      ),
    ]),
  },
  {
    files: ['packages/contract/**'],
    rules: restrict([
      ours(['db', 'i18n', 'server', 'web'], 'contract may import only @ec/domain.'),
    ]),
  },
  {
    files: ['packages/i18n/**'],
    rules: restrict([
      ours(['contract', 'db', 'server', 'web'], 'i18n may import only @ec/domain.'),
    ]),
  },
  {
    files: ['packages/db/**'],
    rules: restrict([ours(['contract', 'server', 'web'], 'db may import only @ec/domain.')]),
  },
  {
    files: ['apps/server/**'],
    rules: restrict([ours(['web'], 'the server never imports the web app.')]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: restrict([webForbidden]),
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: restrict([
      webForbidden,
      {
        group: ['**/features/**', '**/app/**'],
        message: 'shared code may not import features or app.',
      },
    ]),
  },
  ...featureNames.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: restrict([
      webForbidden,
      { group: ['**/app/**'], message: 'features may not import the app layer.' },
      {
        group: [
          ...featureNames.filter((n) => n !== name).map((n) => `**/features/${n}/**`),
          ...publicFeatures.filter((n) => n !== name).map((n) => `!**/features/${n}/index.ts`),
        ],
        message:
          'features do not import each other (except the index.ts of a public feature); lift shared code to src/shared.',
      },
    ]),
  })),
  {
    files: [
      '**/scripts/**',
      '**/bin/**',
      'bench/**',
      '**/e2e/**',
      '**/*.config.ts',
      'apps/server/src/config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
