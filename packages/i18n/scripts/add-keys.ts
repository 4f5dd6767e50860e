// Adds translated keys to every catalog: `node packages/i18n/scripts/add-keys.ts FILE`, where FILE maps a dotted key
// to its text in all 14 locales: { "common.close": { "en": "Close", "sl": "Zapri", … } }. A key missing any locale
// is refused, so no catalog is left behind. Keys added this way are removed from packages/i18n/pending/*.json.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { LOCALES } from '@ec/domain';
import type { Catalog } from '../src/index.ts';

const packageDir = new URL('../', import.meta.url).pathname;
const file = process.argv[2];
if (!file) {
  console.error('usage: node packages/i18n/scripts/add-keys.ts FILE');
  process.exit(2);
}
const additions = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;

const problems: string[] = [];
for (const [key, texts] of Object.entries(additions)) {
  for (const locale of LOCALES) {
    if (typeof texts[locale] !== 'string' || texts[locale] === '')
      problems.push(`${key}: no ${locale} text`);
  }
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}

function setKey(catalog: Catalog, dotted: string, text: string): void {
  const parts = dotted.split('.');
  let node = catalog;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next === 'string') throw new Error(`${dotted}: ${part} is a text, not a group`);
    node = next ?? (node[part] = {});
  }
  node[parts.at(-1) as string] = text;
}

function deleteKey(catalog: Catalog, dotted: string): void {
  const parts = dotted.split('.');
  const parents: Catalog[] = [catalog];
  for (const part of parts.slice(0, -1)) {
    const next = parents.at(-1)?.[part];
    if (next === undefined || typeof next === 'string') return;
    parents.push(next);
  }
  delete parents.at(-1)?.[parts.at(-1) as string];
  for (let i = parents.length - 1; i > 0; i--) {
    if (Object.keys(parents[i] as Catalog).length === 0)
      delete parents[i - 1]?.[parts[i - 1] as string];
  }
}

for (const locale of LOCALES) {
  const path = `${packageDir}locales/${locale}.json`;
  const catalog = JSON.parse(readFileSync(path, 'utf8')) as Catalog;
  for (const [key, texts] of Object.entries(additions))
    setKey(catalog, key, texts[locale] as string);
  writeFileSync(path, `${JSON.stringify(catalog, null, 2)}\n`);
}

const pendingDir = `${packageDir}pending/`;
const pendingFiles = existsSync(pendingDir) ? readdirSync(pendingDir) : [];
for (const name of pendingFiles.filter((n) => n.endsWith('.json'))) {
  const pending = JSON.parse(readFileSync(pendingDir + name, 'utf8')) as Catalog;
  for (const key of Object.keys(additions)) deleteKey(pending, key);
  if (Object.keys(pending).length === 0) rmSync(pendingDir + name);
  else writeFileSync(pendingDir + name, `${JSON.stringify(pending, null, 2)}\n`);
}
console.log(`added ${Object.keys(additions).length} keys to ${LOCALES.length} catalogs`);
