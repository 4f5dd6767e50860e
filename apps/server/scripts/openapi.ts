// `npm run openapi` (--write) regenerates docs/api/openapi.json from the contract; `npm run openapi:check` (--check)
// fails when the committed copy differs from what the server generates.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { generateOpenApiText, OPENAPI_FILE } from '../src/openapi-document.ts';

const mode = process.argv.includes('--check')
  ? 'check'
  : process.argv.includes('--write')
    ? 'write'
    : undefined;
if (!mode) {
  process.stderr.write('usage: node apps/server/scripts/openapi.ts --write | --check\n');
  process.exit(2);
}

const text = await generateOpenApiText();
const shown = relative(process.cwd(), OPENAPI_FILE);
if (mode === 'write') {
  mkdirSync(dirname(OPENAPI_FILE), { recursive: true });
  writeFileSync(OPENAPI_FILE, text);
  process.stdout.write(`wrote ${shown}\n`);
} else {
  let committed = '';
  try {
    committed = readFileSync(OPENAPI_FILE, 'utf8');
  } catch {
    // missing counts as stale
  }
  if (committed !== text) {
    process.stderr.write(
      `${shown} is stale: the API changed. Run \`npm run openapi\` and commit the result.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${shown} is up to date\n`);
}
