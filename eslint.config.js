// Flat config. Import boundaries follow docs/architecture.md §2: domain imports nothing of ours; contract may
// import domain; server uses contract, domain, db, i18n; web never imports db or server; web features do not import
// each other (shared → features → app).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

const ours = (names, message) => ({ group: names.map((n) => `@ec/${n}`), message });

/**
 * The server's modules, from the folder names: a module reaches another module only through its service, so a file
 * in `apps/server/src/modules/<a>/` may not import `<b>/<anything>.repository.ts` of another module (decision 0014).
 */
const serverModuleNames = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The pattern that matches another module's repository in an import path, seen from module `name`. */
const otherRepository = (name) =>
  `^(\\.\\./)+(modules/)?(?!${name}/)[^/.][^/]*/[^/]+\\.repository(\\.ts)?$`;

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
        ['contract', 'db', 'i18n', 'server', 'web'],
        'domain is pure: it imports nothing of ours.',
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
  ...serverModuleNames.map((name) => ({
    files: [`apps/server/src/modules/${name}/**`],
    rules: restrict([
      ours(['web'], 'the server never imports the web app.'),
      {
        regex: otherRepository(name),
        message:
          'a module reaches another module only through its service, never its repository (docs/decisions/0014).',
      },
    ]),
  })),
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
    rules: restrict([ours(['db', 'server'], 'the web app uses contract, domain and i18n only.')]),
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: restrict([
      ours(['db', 'server'], 'the web app uses contract, domain and i18n only.'),
      {
        group: ['**/features/**', '**/app/**'],
        message: 'shared code may not import features or app.',
      },
    ]),
  },
  ...featureNames.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: restrict([
      ours(['db', 'server'], 'the web app uses contract, domain and i18n only.'),
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
