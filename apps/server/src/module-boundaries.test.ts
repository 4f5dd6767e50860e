// The lint rule of eslint.config.js that keeps a server module away from another module's repository (a module
// reaches another through its service; docs/decisions/0018) and the type-aware promise rules, run through ESLint's API
// on fixture sources.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The messages of the import-boundary rule for `source` linted as if it were the file at `filePath`. */
async function boundaryMessages(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const MENU_FILE = 'apps/server/src/modules/menu/menu.service.ts';

describe('server module boundaries (lint)', () => {
  it.each([
    "import { createLocationsRepository } from '../locations/locations.repository.ts';",
    "import type { SiteRecord } from '../site/site.repository.ts';",
    "import { createAccountsRepository } from '../../modules/accounts/accounts.repository.ts';",
    "import { x } from '../locations/location-users.repository.ts';",
  ])('forbids another module’s repository: %s', async (line) => {
    const messages = await boundaryMessages(MENU_FILE, `${line}\nexport const y = 1;\n`);
    expect(messages).toEqual([expect.stringContaining('only through its service')]);
  });

  it.each([
    "import type { MenuRepository } from './menu.repository.ts';",
    "import type { LocationsService } from '../locations/locations.service.ts';",
    "import type { SiteRecord } from '../site/site.service.ts';",
    "import { isUniqueViolation } from '../../db-errors.ts';",
  ])('allows its own repository and other modules’ services: %s', async (line) => {
    expect(await boundaryMessages(MENU_FILE, `${line}\nexport const y = 1;\n`)).toEqual([]);
  });

  it('keeps the server’s other import rule in the module folders', async () => {
    const messages = await boundaryMessages(
      MENU_FILE,
      "import { x } from '@ec/web';\nexport const y = x;\n",
    );
    expect(messages).toEqual([expect.stringContaining('never imports the web app')]);
  });

  it('leaves code outside the modules alone (the composition root builds every repository)', async () => {
    const source =
      "import { createMenuRepository } from './modules/menu/menu.repository.ts';\nexport const y = createMenuRepository;\n";
    expect(await boundaryMessages('apps/server/src/services.ts', source)).toEqual([]);
  });
});

describe('promises are awaited or handled (type-aware lint)', () => {
  const floating = `export async function load(): Promise<number> {\n  return 1;\n}\nexport function start(): void {\n  load();\n}\n`;
  const handled = `export async function load(): Promise<number> {\n  return 1;\n}\nexport function start(): void {\n  void load();\n}\n`;

  it.each([MENU_FILE, 'apps/web/src/features/menu/components/menu-tree.tsx'])(
    'refuses a floating promise in %s, accepts one marked with void',
    async (filePath) => {
      const rules = async (source: string) => {
        const [result] = await eslint.lintText(source, { filePath });
        return (result?.messages ?? []).map((message) => message.ruleId);
      };
      expect(await rules(floating)).toContain('@typescript-eslint/no-floating-promises');
      expect(await rules(handled)).not.toContain('@typescript-eslint/no-floating-promises');
    },
  );
});
