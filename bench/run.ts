// `npm run bench`: runs every benchmark script in its own process and prints their figures. Pass names to run a
// subset: `npm run bench -- startup site-info`.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { repoRoot } from './lib.ts';

const all = [
  'bundle',
  'startup',
  'site-info',
  'network-fee',
  'costs',
  'menu',
  'sidebar-filter',
  'spot-prices',
  'battery-sweep',
  'moj-elektro-calculations',
];
const chosen = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;
let failed = false;
for (const name of chosen) {
  const file = `bench/${name}.ts`;
  if (!existsSync(repoRoot + file)) {
    console.error(`bench: no ${file}`);
    failed = true;
    continue;
  }
  console.log(`\n== ${name}`);
  const run = spawnSync(process.execPath, [file], { cwd: repoRoot, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
