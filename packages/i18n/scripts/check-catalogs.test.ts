import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { runCatalogCheck } from './check-catalogs.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
let dir = '';

/** A scratch package folder holding a copy of the shipped locales and an empty pending folder. */
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
  cpSync(join(packageDir, 'locales'), join(dir, 'locales'), { recursive: true });
  mkdirSync(join(dir, 'pending'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const write = (path: string, content: unknown): void => {
  writeFileSync(join(dir, path), typeof content === 'string' ? content : JSON.stringify(content));
};

describe('runCatalogCheck', () => {
  it('passes the shipped package', () => {
    const result = runCatalogCheck(packageDir);
    expect(result.problems).toEqual([]);
    expect(result.summary).toMatch(/^i18n: 14 catalogs, \d+ English keys, no problems/);
  });

  it('passes with an empty or absent pending folder', () => {
    expect(runCatalogCheck(dir).problems).toEqual([]);
    rmSync(join(dir, 'pending'), { recursive: true });
    expect(runCatalogCheck(dir).problems).toEqual([]);
  });

  it('fails while a pending key is not merged into en.json', () => {
    write('pending/alarms-en.json', { alarms: { title: 'Alarms' }, common: { save: 'Save' } });
    expect(runCatalogCheck(dir).problems).toEqual([
      'pending/alarms-en.json alarms.title: not merged into locales/en.json and translated yet',
    ]);
  });

  it('accepts pending files whose keys are all merged, plural keys by their base', () => {
    write('pending/shell-en.json', {
      common: {
        save: 'Save',
        item_count_one: '{{count}} item',
        item_count_other: '{{count}} items',
      },
    });
    const result = runCatalogCheck(dir);
    expect(result.problems).toEqual([]);
    expect(result.summary).toContain('1 pending file(s) with 3 keys, all merged');
  });

  it('reports pending files that are misnamed or unreadable', () => {
    write('pending/alarms.json', { a: 'b' });
    write('pending/broken-en.json', '{ not json');
    const problems = runCatalogCheck(dir).problems;
    expect(problems).toHaveLength(2);
    expect(problems[0]).toBe(
      'pending/alarms.json: pending files are English and named <area>-en.json',
    );
    expect(problems[1]).toMatch(/^pending\/broken-en\.json: /);
  });

  it('reports missing, unreadable and unknown locale files', () => {
    rmSync(join(dir, 'locales/sv.json'));
    write('locales/pl.json', '[]');
    write('locales/nl.json', '{');
    write('locales/fr.json', {});
    const problems = runCatalogCheck(dir).problems;
    expect(problems).toContain('locales/sv.json: missing');
    expect(problems).toContain('locales/pl.json: not a JSON object');
    expect(problems.some((line) => line.startsWith('locales/nl.json: '))).toBe(true);
    expect(problems).toContain(
      'locales/fr.json: not a supported locale (bs, cs, de, en, hr, it, mk, nl, pl, pt, sk, sl, sr, sv)',
    );
    expect(problems).toHaveLength(4);
  });

  it('reports catalog problems with the file and key', () => {
    write('locales/de.json', { common: { loading: 'Lädt …' } });
    const problems = runCatalogCheck(dir).problems;
    expect(problems).toContain(
      'locales/de.json common.retry: missing_key: missing (English: "Try again")',
    );
    expect(problems).toContain(
      'locales/de.json common.item_count: missing_key: missing plural key (needs forms _one, _other)',
    );
  });
});
