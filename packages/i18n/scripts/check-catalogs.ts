// CI check for the shipped catalogs (`npm run i18n:check`): every locale complete and consistent with English and
// with its language's plural rules, and no English key left waiting in pending/ without being merged.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES, isLocale } from '@ec/domain';
import type { Locale } from '@ec/domain';

import { checkCatalogs, flattenCatalog } from '../src/catalog.ts';
import type { Catalog } from '../src/index.ts';
import { splitPluralKey } from '../src/plural.ts';

/** What one run of the check found: problem lines to print (empty when clean) and a one-line summary. */
export interface CatalogCheckResult {
  problems: string[];
  summary: string;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

function isCatalog(value: unknown): value is Catalog {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function jsonFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];
}

/** Runs the check over a package folder holding `locales/` and (optionally) `pending/`. */
export function runCatalogCheck(packageDir: string): CatalogCheckResult {
  const problems: string[] = [];
  const localesDir = join(packageDir, 'locales');
  const pendingDir = join(packageDir, 'pending');

  const catalogs: Partial<Record<Locale, Catalog>> = {};
  for (const locale of LOCALES) {
    const file = join(localesDir, `${locale}.json`);
    if (!existsSync(file)) {
      problems.push(`locales/${locale}.json: missing`);
      continue;
    }
    try {
      const parsed = readJson(file);
      if (isCatalog(parsed)) catalogs[locale] = parsed;
      else problems.push(`locales/${locale}.json: not a JSON object`);
    } catch (error) {
      problems.push(`locales/${locale}.json: ${(error as Error).message}`);
    }
  }
  for (const name of jsonFiles(localesDir)) {
    if (!isLocale(name.slice(0, -'.json'.length))) {
      problems.push(`locales/${name}: not a supported locale (${LOCALES.join(', ')})`);
    }
  }

  for (const problem of checkCatalogs(catalogs)) {
    // A file that is missing or unreadable was reported above.
    if (problem.kind === 'missing_catalog') continue;
    problems.push(
      `locales/${problem.locale}.json ${problem.key}: ${problem.kind}: ${problem.message}`,
    );
  }

  let english: Record<string, string> = {};
  try {
    english = catalogs.en ? flattenCatalog(catalogs.en) : {};
  } catch {
    // checkCatalogs has reported the bad value.
  }
  const englishPluralBases = new Set(
    Object.keys(english).flatMap((key) => splitPluralKey(key)?.base ?? []),
  );
  const pendingFiles = jsonFiles(pendingDir);
  let pendingKeys = 0;
  for (const name of pendingFiles) {
    const label = `pending/${name}`;
    if (!name.endsWith('-en.json')) {
      problems.push(`${label}: pending files are English and named <area>-en.json`);
      continue;
    }
    let flat: Record<string, string>;
    try {
      const parsed = readJson(join(pendingDir, name));
      if (!isCatalog(parsed)) throw new TypeError('not a JSON object');
      flat = flattenCatalog(parsed);
    } catch (error) {
      problems.push(`${label}: ${(error as Error).message}`);
      continue;
    }
    for (const key of Object.keys(flat)) {
      pendingKeys += 1;
      const base = splitPluralKey(key)?.base;
      const merged = key in english || (base !== undefined && englishPluralBases.has(base));
      if (!merged) {
        problems.push(`${label} ${key}: not merged into locales/en.json and translated yet`);
      }
    }
  }

  const keyCount = Object.keys(english).length;
  const summary =
    `i18n: ${Object.keys(catalogs).length} catalogs, ${keyCount} English keys, no problems` +
    (pendingFiles.length
      ? `; ${pendingFiles.length} pending file(s) with ${pendingKeys} keys, all merged`
      : '; nothing pending');
  return { problems, summary };
}

if (import.meta.main) {
  const result = runCatalogCheck(fileURLToPath(new URL('..', import.meta.url)));
  if (result.problems.length) {
    for (const line of result.problems) console.error(line);
    console.error(`i18n: ${result.problems.length} problem(s) in the catalogs`);
    process.exitCode = 1;
  } else {
    console.log(result.summary);
  }
}
