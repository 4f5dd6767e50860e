// Flat config. Import boundaries follow docs/architecture.md §2: domain and protocol import nothing of ours;
// contract may import domain; emulators only protocol; server uses contract, domain, db, i18n, protocol (and the
// emulators in tests); web never imports db, server, emulators or protocol; the web app's layers import downwards
// only (shared → entities → features → app), entities and features not each other; a server module reaches another
// module only through its service (never its repository).
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
 * The folders of a web layer (apps/web/src/<layer>/<name>/), read from the disk, so a new entity or feature
 * folder gets its boundary rules without an edit here.
 */
const webSlices = (layer) =>
  readdirSync(new URL(`./apps/web/src/${layer}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/**
 * A regular expression for imports of the slices `names` of `layer` from a sibling slice: relative paths do not
 * always spell the layer (`../../companies/api/x.ts` from features/menu/components), so a glob on
 * `features/companies` alone misses them. `rest` is what may follow the slice's name (default: anything). An
 * array: empty when there is no sibling.
 */
const sliceImport = (layer, names, rest = '(/|$)') =>
  names.length === 0 ? [] : [`^(\\.\\./)+(${layer}/)?(${names.join('|')})${rest}`];

/** Resources (apps/web/src/entities/<name>): query keys, query options and small shared components. */
const entityNames = webSlices('entities');
/** Screens and flows (apps/web/src/features/<name>). */
const featureNames = webSlices('features');

/**
 * The server's modules, from the folder names: a module reaches another module only through its service, so a file
 * in `apps/server/src/modules/<a>/` may not import `<b>/<anything>.repository.ts` of another module (decision 0018).
 */
const serverModuleNames = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The pattern that matches another module's repository in an import path, seen from module `name`. */
const otherRepository = (name) =>
  `^(\\.\\./)+(modules/)?(?!${name}/)[^/.][^/]*/[^/]+\\.repository(\\.ts)?$`;

/** What no file of the web app may import (it runs in the browser and uses contract, domain and i18n only). */
const webForbidden = ours(
  ['db', 'server', 'emulators', 'simulator', 'protocol'],
  'the web app uses contract, domain and i18n only.',
);

/**
 * Features whose public face (`index.ts`) other features may import: reference data (countries, time zones,
 * spot-market regions, currencies), companies (a picker, the choice modal) and the map's coordinates selector are
 * used in many forms; everything else in them stays internal.
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
    // Type-aware rules where promises matter most: a promise nobody awaits or handles loses its error (an unhandled
    // rejection) and its ordering; a promise passed where a void callback is expected is the same mistake.
    files: ['apps/server/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
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
  ...serverModuleNames.map((name) => ({
    files: [`apps/server/src/modules/${name}/**`],
    rules: restrict([
      ours(['web'], 'the server never imports the web app.'),
      {
        regex: otherRepository(name),
        message:
          'a module reaches another module only through its service, never its repository (docs/decisions/0018).',
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
    rules: restrict([webForbidden]),
  },
  {
    files: ['apps/web/src/shared/**/*.{ts,tsx}'],
    rules: restrict([
      webForbidden,
      {
        group: ['**/entities/**', '**/features/**', '**/app/**'],
        message: 'shared code may not import entities, features or app.',
      },
    ]),
  },
  ...entityNames.map((name) => ({
    files: [`apps/web/src/entities/${name}/**/*.{ts,tsx}`],
    rules: restrict([
      webForbidden,
      {
        group: ['**/features/**', '**/app/**'],
        message:
          'entities import only shared code and the packages (contract, domain), never features or app.',
      },
      ...sliceImport(
        'entities',
        entityNames.filter((n) => n !== name),
      ).map((regex) => ({
        regex,
        message:
          'entities do not import each other; a feature that needs two resources composes them.',
      })),
    ]),
  })),
  ...featureNames.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: restrict([
      webForbidden,
      { group: ['**/app/**'], message: 'features may not import the app layer.' },
      ...[
        ...sliceImport(
          'features',
          featureNames.filter((n) => n !== name && !publicFeatures.includes(n)),
        ),
        ...sliceImport(
          'features',
          publicFeatures.filter((n) => n !== name),
          '/(?!index\\.ts$)',
        ),
      ].map((regex) => ({
        regex,
        message:
          'features do not import each other (except the index.ts of a public feature); lift shared code to src/shared or src/entities.',
      })),
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
