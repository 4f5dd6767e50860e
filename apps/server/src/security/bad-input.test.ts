// Walks EVERY route of the contract and throws bad input at it: malformed JSON, wrong types, huge strings, unknown
// fields, wrong params and query, odd content types. Whatever comes in, the answer is never a 500, and every error
// is the `{ error: { code, message, fields? } }` envelope. Runs anonymous and signed in, so session routes get
// past their access check and their input is exercised too.
//
// Then control characters (issue 10): every string of every route's sample — body fields, query values, path
// parameters — gets NUL, other C0 controls, DEL, a C1 control, a line break, a tab (and in bodies a lone surrogate),
// one field at a time, as each role and without a session, with ids of real demo rows so that the request would
// reach the service and the database. Each must be refused with 400 and a field error naming that field (or with the
// 401/403 the route's access declares for that caller).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildPath, envelope, errorBodySchema, routes, type RouteDescriptor } from '@ec/contract';
import { hasAnyRole, type Role } from '@ec/domain';
import { demoIds } from '../test/demo-ids.ts';
import { createTestApp, DEMO, signIn, type TestApp } from '../test/helpers.ts';
import { demoSamples, VALID, type RouteSample } from '../test/route-samples.ts';

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

/** Who sends the control-character cases: each role of the demo, and nobody. */
const CALLERS = [
  { who: 'super admin', login: DEMO.admin, role: 'ROLE_SUPER_ADMIN' },
  { who: 'aggregator', login: DEMO.aggregator, role: 'ROLE_AGGREGATOR' },
  { who: 'advanced user', login: DEMO.advanced, role: 'ROLE_USER_ADVANCED' },
  { who: 'basic user', login: DEMO.basic, role: 'ROLE_USER_BASIC' },
  { who: 'no session', login: null, role: null },
] as const satisfies readonly { who: string; login: unknown; role: Role | null }[];

let t: TestApp;
let session = '';
const sessions = new Map<string, string>();
let samples: Record<string, RouteSample> = {};
beforeAll(async () => {
  t = await createTestApp();
  session = await signIn(t.app);
  for (const caller of CALLERS) {
    if (caller.login) sessions.set(caller.who, await signIn(t.app, caller.login));
  }
  samples = demoSamples(
    Object.fromEntries(all.map(({ id, route }) => [id, route])),
    await demoIds(t),
  );
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

/** Text no string field of any route accepts. Path parameters and query values never take a lone surrogate. */
const BAD_TEXT = [
  ['NUL', '\u0000'],
  ['U+0001', '\u0001'],
  ['ESC', '\u001b'],
  ['DEL', '\u007f'],
  ['C1 CSI', '\u009b'],
  ['line break', '\n'],
  ['tab', '\t'],
] as const;
const LONE_SURROGATE = ['lone surrogate', '\ud800'] as const;
/** Fields of multi-line text (a file's content): line breaks and tabs are their content, not bad input. */
const MULTI_LINE_FIELDS = new Set(['/abstract-devices/upload data.content']);
const MULTI_LINE_OK = new Set(['line break', 'tab']);

/** `value` with `bad` put after its first character. */
const spoil = (value: string, bad: string) => `${value.slice(0, 1)}${bad}${value.slice(1)}`;

/** Every string in a JSON value, as its field path (`data.address.city`) and a copy with that string replaced. */
function stringLeaves(
  value: unknown,
  path: string[] = [],
): { path: string; replace: (text: string) => unknown }[] {
  if (typeof value === 'string') return [{ path: path.join('.'), replace: (text) => text }];
  if (value === null || typeof value !== 'object') return [];
  const entries = Object.entries(value);
  return entries.flatMap(([key, child]) =>
    stringLeaves(child, [...path, key]).map((leaf) => ({
      path: leaf.path,
      replace: (text: string) => {
        const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
          ? [...(value as unknown[])]
          : { ...(value as Record<string, unknown>) };
        (copy as Record<string, unknown>)[key] = leaf.replace(text);
        return copy;
      },
    })),
  );
}

interface TextCase {
  name: string;
  url: string;
  payload?: string;
  /** The field the 400 must name. */
  field: string;
}

/** One request per string of the sample and bad text, each spoiling only that string. */
function textCasesFor(route: RouteDescriptor, sample: RouteSample): TextCase[] {
  const cases: TextCase[] = [];
  const payload = sample.body === undefined ? undefined : JSON.stringify(sample.body);
  for (const leaf of stringLeaves(sample.body)) {
    for (const [name, bad] of [...BAD_TEXT, LONE_SURROGATE]) {
      if (MULTI_LINE_FIELDS.has(`${route.path} ${leaf.path}`) && MULTI_LINE_OK.has(name)) continue;
      cases.push({
        name: `${leaf.path}: ${name}`,
        url: urlOf(route, sample.params, sample.query),
        payload: JSON.stringify(leaf.replace(spoil(valueAt(sample.body, leaf.path), bad))),
        field: leaf.path,
      });
    }
  }
  for (const [key, value] of Object.entries(sample.query ?? {})) {
    for (const [name, bad] of BAD_TEXT) {
      cases.push({
        name: `query ${key}: ${name}`,
        url: urlOf(route, sample.params, { ...sample.query, [key]: spoil(value, bad) }),
        ...(payload === undefined ? {} : { payload }),
        field: `query.${key}`,
      });
    }
  }
  for (const [key, value] of Object.entries(sample.params ?? {})) {
    for (const [name, bad] of [...BAD_TEXT, ['C1 CSI before the id', '\u009b']] as const) {
      const spoiled = name.endsWith('before the id') ? `${bad}${value}` : `${value}${bad}`;
      cases.push({
        name: `param ${key}: ${name}`,
        url: urlOf(route, { ...sample.params, [key]: spoiled }, sample.query),
        ...(payload === undefined ? {} : { payload }),
        field: `params.${key}`,
      });
    }
  }
  return cases;
}

function valueAt(body: unknown, path: string): string {
  let current = body;
  for (const key of path.split('.')) current = (current as Record<string, unknown>)[key];
  return current as string;
}

/** The status the route's access answers `role` with before looking at the input, or null when it looks. */
function refusedAccess(id: string, route: RouteDescriptor, role: Role | null): number | null {
  // The development mailbox (open to the contract) answers like an unknown route to anyone but a signed-in super
  // admin on this machine, before it looks at the input (security/dev-mailbox.test.ts).
  if (id.startsWith('dev.') && role !== 'ROLE_SUPER_ADMIN') return 404;
  if (route.access.kind === 'public') return null;
  if (role === null) return 401;
  if (route.access.roles && !hasAnyRole(role, route.access.roles)) return 403;
  return null;
}

describe('control characters in every string, as every role, with ids of real rows', () => {
  describe.each(all)('$id', ({ id, route }) => {
    it.each(CALLERS)(
      'refused with 400 and a field error naming the field ($who)',
      async ({ who, role }) => {
        const token = sessions.get(who);
        const expectedStatus = refusedAccess(id, route, role) ?? 400;
        const problems: string[] = [];
        for (const c of textCasesFor(route, samples[id] ?? {})) {
          const res: LightMyRequestResponse = await t.app.inject({
            method: route.method,
            url: c.url,
            // Logging out would end the session the other cases use.
            cookies: token && id !== 'auth.logout' ? { ec_session: token } : {},
            headers: c.payload === undefined ? {} : { 'content-type': 'application/json' },
            ...(c.payload === undefined ? {} : { payload: c.payload }),
          });
          const body = safeJson(res.body);
          const parsed = errorBodySchema.safeParse(body);
          const where = `${c.name}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (res.statusCode !== expectedStatus || !parsed.success) problems.push(where);
          else if (expectedStatus === 400 && !parsed.data.error.fields?.[c.field]) {
            problems.push(`field not named — ${where}`);
          }
        }
        expect(problems).toEqual([]);
      },
    );
  });
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
