import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDescriptor } from '@ec/contract';
import { generateOpenApiText, OPENAPI_FILE } from '../openapi-document.ts';
import { createTestApp, type TestApp } from '../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
};

describe('OpenAPI', () => {
  it('serves an OpenAPI 3.1 document at /api/docs/json with every contract route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<Doc>();
    expect(doc.openapi).toBe('3.1.0');
    for (const [group, defs] of Object.entries(routes)) {
      for (const [name, route] of Object.entries(defs as Record<string, RouteDescriptor>)) {
        const path = `/api${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;
        const operation = doc.paths[path]?.[route.method.toLowerCase()];
        expect(operation?.operationId, `${route.method} ${path}`).toBe(`${group}.${name}`);
        expect(Boolean(operation?.security)).toBe(route.access.kind === 'session');
      }
    }
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('serves Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });

  it('matches the committed docs/api/openapi.json (run `npm run openapi` after API changes)', async () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(await generateOpenApiText());
  });
});
