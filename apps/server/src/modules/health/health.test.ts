import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('reports ok when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: { status: 'ok', database: 'up' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 degraded/down once the database is gone', async () => {
    await t.db.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(json(res)).toEqual({ data: { status: 'degraded', database: 'down' } });
  });
});
