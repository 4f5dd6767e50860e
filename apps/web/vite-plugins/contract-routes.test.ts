import { describe, expect, it } from 'vitest';
import * as contract from '@ec/contract';
import { contractRoutesModule, stripSchemas } from './contract-routes.ts';

describe('contract routes without schemas', () => {
  it("keeps every route's method and path and drops the schemas", () => {
    const stripped = stripSchemas(contract.routes) as typeof contract.routes;
    expect(stripped.site.translations).toEqual({
      method: 'GET',
      path: '/site/translations/:locale',
    });
    expect(stripped.auth.login).toEqual({ method: 'POST', path: '/auth/login' });
    expect(JSON.stringify(stripped)).not.toMatch(/zod|_zod|"def"/);
  });

  it("builds a module whose buildPath is the contract's own", async () => {
    const source = contractRoutesModule(contract);
    const module = (await import(
      /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`
    )) as { buildPath: typeof contract.buildPath; ERROR_CODES: readonly string[] };
    expect(module.buildPath('/site/translations/:locale', { locale: 'sl' })).toBe(
      '/site/translations/sl',
    );
    expect(module.ERROR_CODES).toEqual(contract.ERROR_CODES);
  });
});
