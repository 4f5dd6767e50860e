// Walks EVERY route of the contract and throws bad input at it: malformed JSON, wrong types, huge strings, unknown
// fields, wrong params and query, odd content types. Whatever comes in, the answer is never a 500, and every error
// is the `{ error: { code, message, fields? } }` envelope. Runs anonymous and signed in, so session routes get
// past their access check and their input is exercised too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, envelope, errorBodySchema, routes, type RouteDescriptor } from '@ec/contract';
import { createTestApp, signIn, type TestApp } from './test/helpers.ts';
import { VALID } from './test/route-samples.ts';

const HUGE = 'x'.repeat(1_100_000);
const BIG = 'y'.repeat(200_000);

interface Case {
  name: string;
  url?: string;
  payload?: string;
  contentType?: string;
  /** Must be refused with a 4xx (otherwise a success is fine, e.g. a GET ignoring a body). */
  mustFail?: boolean;
}

function urlOf(
  route: RouteDescriptor,
  params?: Record<string, string>,
  query?: Record<string, string>,
): string {
  const path = `/api${buildPath(route.path, params)}`;
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

function casesFor(route: RouteDescriptor, valid: (typeof VALID)[string]): Case[] {
  const takesBody = route.body !== undefined;
  const cases: Case[] = [];
  const body = (name: string, value: unknown, mustFail = takesBody) =>
    cases.push({
      name,
      payload: typeof value === 'string' ? value : JSON.stringify(value),
      mustFail,
    });

  // Bodies.
  body('malformed JSON', '{"data": {"email": ', route.method !== 'GET');
  body('truncated JSON', '{', route.method !== 'GET');
  body('JSON null', 'null');
  body('JSON array', [1, 2]);
  body('JSON string', '"text"');
  body('JSON number', '42');
  body('data of the wrong type', { data: 5 });
  body('data as array', { data: [] });
  body('fields of the wrong type', { data: { email: 123, password: ['x'], locale: {} } });
  body('nested objects where strings go', {
    data: { email: { $gt: '' }, password: { toString: 1 } },
  });
  body('prototype poisoning', '{"__proto__": {"admin": true}, "data": {}}', route.method !== 'GET');
  body(
    'constructor poisoning',
    '{"constructor": {"prototype": {"admin": true}}}',
    route.method !== 'GET',
  );
  body(
    'a 1 MB+ string (over the body limit)',
    { data: { email: HUGE, password: HUGE } },
    route.method !== 'GET',
  );
  body('200 kB strings', { data: { email: `${BIG}@x.test`, password: BIG } });
  body('deep nesting', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`, route.method !== 'GET');
  body('unknown top-level field', { ...(valid.body as object), extra: true });
  if (takesBody) {
    const data = (valid.body as { data?: object }).data ?? {};
    body('unknown nested field', { data: { ...data, isAdmin: true } });
    body('missing data', {});
  }
  cases.push({
    name: 'form-encoded body',
    payload: 'email=a&password=b',
    contentType: 'application/x-www-form-urlencoded',
    mustFail: takesBody,
  });
  cases.push({
    name: 'text body',
    payload: 'hello',
    contentType: 'text/plain',
    mustFail: takesBody,
  });
  cases.push({
    name: 'multipart body',
    payload: '--b\r\n\r\nx\r\n--b--',
    contentType: 'multipart/form-data; boundary=b',
    mustFail: takesBody,
  });

  // Query strings.
  const query = (name: string, q: Record<string, string> | string) =>
    cases.push({
      name,
      url:
        typeof q === 'string'
          ? `${urlOf(route, valid.params)}?${q}`
          : urlOf(route, valid.params, q),
      payload: valid.body === undefined ? undefined : JSON.stringify(valid.body),
      mustFail: true,
    });
  query('unknown query key', { ...valid.query, zzz: '1' });
  query('huge query value', { ...valid.query, identifier: 'i'.repeat(20_000) });
  query('repeated query key', 'identifier=a&identifier=b');
  query('prototype query key', '__proto__=x&constructor=y');

  // Path parameters.
  if (route.params) {
    for (const key of Object.keys(valid.params ?? {})) {
      for (const [name, value] of [
        ['invalid', 'not-a-valid-value'],
        ['empty-ish', ' '],
        ['traversal', '..%2F..%2Fetc%2Fpasswd'],
        ['NUL byte', '%00'],
        ['bad percent-encoding', '%E0%A4%A'],
        ['overlong', 'p'.repeat(5000)],
      ] as const) {
        const path = `/api${route.path.replace(`:${key}`, value)}`;
        const search = new URLSearchParams(valid.query).toString();
        cases.push({
          name: `param ${key}: ${name}`,
          url: search ? `${path}?${search}` : path,
          mustFail: true,
        });
      }
    }
  }
  return cases;
}

let t: TestApp;
let session = '';
beforeAll(async () => {
  t = await createTestApp();
  session = await signIn(t.app);
});
afterAll(() => t.close());

const all = Object.entries(routes).flatMap(([group, defs]) =>
  Object.entries(defs as Record<string, RouteDescriptor>).map(([name, route]) => ({
    id: `${group}.${name}`,
    route,
  })),
);

describe('bad input on every route', () => {
  it('has a valid sample for every route in the contract', () => {
    expect(Object.keys(VALID).sort()).toEqual(all.map((r) => r.id).sort());
  });

  describe.each(all)('$id', ({ id, route }) => {
    const valid = VALID[id] ?? {};
    it.each([
      ['anonymous', false],
      ['signed in', true],
    ])('never answers 500, and every error is the envelope (%s)', async (_who, signedIn) => {
      const problems: string[] = [];
      for (const c of casesFor(route, valid)) {
        // Logging out would end the session the other cases use.
        const cookies: Record<string, string> =
          signedIn && id !== 'auth.logout' ? { ec_session: session } : {};
        const res = await t.app.inject({
          method: route.method,
          url: c.url ?? urlOf(route, valid.params, valid.query),
          cookies,
          headers:
            c.payload === undefined ? {} : { 'content-type': c.contentType ?? 'application/json' },
          ...(c.payload === undefined ? {} : { payload: c.payload }),
        });
        const where = `${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) problems.push(where);
        else if (res.statusCode >= 400) {
          const parsed = errorBodySchema.safeParse(safeJson(res.body));
          if (!parsed.success) problems.push(`not an error envelope — ${where}`);
        } else if (c.mustFail && !(route.access.kind === 'session' && !signedIn)) {
          problems.push(`accepted — ${where}`);
        } else if (
          res.statusCode !== 304 &&
          !envelope(route.data).safeParse(safeJson(res.body)).success
        ) {
          problems.push(`success without the data envelope — ${where}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
