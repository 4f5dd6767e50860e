import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors.ts';
import { fieldsFromIssues, forbiddenCharacterFields, registerInputGuard } from './validation.ts';

const form = z.strictObject({
  data: z.strictObject({
    email: z.email().max(20),
    name: z.string().min(3).max(5),
    code: z.string().min(1),
    age: z.number().int().min(18).max(99),
    kind: z.enum(['a', 'b']),
    tags: z.array(z.string()).max(1).optional(),
    check: z
      .string()
      .refine((v) => v !== 'bad', { message: 'validation.invalid_value' })
      .optional(),
  }),
});

const valid = { email: 'a@b.test', name: 'abcd', code: 'x', age: 30, kind: 'a' };

function fields(data: unknown, part?: string) {
  const result = form.safeParse(data);
  if (result.success) return {};
  return fieldsFromIssues(result.error.issues, data, part);
}

describe('fieldsFromIssues', () => {
  it('keeps a refinement’s translation key (also a module’s) and replaces plain text', () => {
    const schema = z.strictObject({
      a: z.string().refine(() => false, { message: 'moj_elektro.filters.max_range' }),
      b: z.string().refine(() => false, { message: 'Invalid input' }),
    });
    const result = schema.safeParse({ a: 'x', b: 'y' });
    expect(result.success).toBe(false);
    expect(fieldsFromIssues(result.error?.issues ?? [], { a: 'x', b: 'y' })).toEqual({
      a: 'moj_elektro.filters.max_range',
      b: 'validation.invalid',
    });
  });

  const table: [string, unknown, Record<string, string>][] = [
    ['missing body', null, { body: 'validation.required' }],
    ['wrong root type', [], { body: 'validation.invalid_type' }],
    ['missing data', {}, { data: 'validation.required' }],
    [
      'missing field',
      { data: { ...valid, email: undefined } },
      { 'data.email': 'validation.required' },
    ],
    ['null field', { data: { ...valid, age: null } }, { 'data.age': 'validation.required' }],
    ['wrong type', { data: { ...valid, age: '30' } }, { 'data.age': 'validation.invalid_type' }],
    [
      'bad e-mail',
      { data: { ...valid, email: 'nope' } },
      { 'data.email': 'validation.invalid_email' },
    ],
    ['long text', { data: { ...valid, name: 'abcdef' } }, { 'data.name': 'validation.too_long' }],
    ['short text', { data: { ...valid, name: 'ab' } }, { 'data.name': 'validation.too_short' }],
    [
      'empty required text',
      { data: { ...valid, code: '' } },
      { 'data.code': 'validation.required' },
    ],
    ['number too big', { data: { ...valid, age: 100 } }, { 'data.age': 'validation.too_big' }],
    ['number too small', { data: { ...valid, age: 1 } }, { 'data.age': 'validation.too_small' }],
    ['not an integer', { data: { ...valid, age: 1.5 } }, { 'data.age': 'validation.invalid_type' }],
    ['enum value', { data: { ...valid, kind: 'c' } }, { 'data.kind': 'validation.invalid_value' }],
    [
      'array too long',
      { data: { ...valid, tags: ['a', 'b'] } },
      { 'data.tags': 'validation.too_big' },
    ],
    [
      'array element',
      { data: { ...valid, tags: [1] } },
      { 'data.tags.0': 'validation.invalid_type' },
    ],
    [
      'refinement key',
      { data: { ...valid, check: 'bad' } },
      { 'data.check': 'validation.invalid_value' },
    ],
    [
      'unknown fields at two levels',
      { data: { ...valid, x: 1 }, y: 2 },
      { 'data.x': 'validation.unknown_field', y: 'validation.unknown_field' },
    ],
  ];
  it.each(table)('%s', (_name, data, expected) => {
    expect(fields(data)).toEqual(expected);
  });

  it('prefixes query and params fields and keeps the first problem per field', () => {
    const query = z.strictObject({ identifier: z.string().max(2) });
    const result = query.safeParse({ identifier: 'long', extra: '1' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldsFromIssues(result.error.issues, {}, 'querystring')).toEqual({
        'query.identifier': 'validation.too_long',
        'query.extra': 'validation.unknown_field',
      });
      expect(fieldsFromIssues(result.error.issues, {}, 'params')).toMatchObject({
        'params.identifier': 'validation.too_long',
      });
    }
  });
});

describe('forbiddenCharacterFields', () => {
  it('names every string holding a control character, in bodies, queries and params', () => {
    expect(
      forbiddenCharacterFields({
        data: {
          name: 'a\u0000b',
          ok: 'fine',
          nested: { list: ['x', 'y\u001b'] },
          n: 5,
          t: 'a\tb\nc',
        },
      }),
    ).toEqual({
      'data.name': 'validation.control_characters',
      'data.nested.list.1': 'validation.control_characters',
    });
    expect(forbiddenCharacterFields({ q: 'a\u009bb' }, 'querystring')).toEqual({
      'query.q': 'validation.control_characters',
    });
    expect(forbiddenCharacterFields({ id: '1\u0000' }, 'params')).toEqual({
      'params.id': 'validation.control_characters',
    });
  });

  it('names keys with control characters, and lone surrogates as invalid', () => {
    expect(forbiddenCharacterFields({ data: { 'a\u0000': 1, b: 'x\ud800' } })).toEqual({
      'data.a\u0000': 'validation.control_characters',
      'data.b': 'validation.invalid',
    });
  });

  it('takes a bare string body and a body nested 100 000 levels deep without recursion', () => {
    expect(forbiddenCharacterFields('\u0000')).toEqual({ body: 'validation.control_characters' });
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(Object.values(forbiddenCharacterFields(deep))).toEqual([
      'validation.control_characters',
    ]);
  });
});

describe('registerInputGuard', () => {
  const app = Fastify();
  beforeAll(async () => {
    registerErrorHandling(app);
    registerInputGuard(app);
    // A route with no schema at all: the guard alone keeps control characters out.
    app.post('/api/echo/:id', async (request) => ({ params: request.params, body: request.body }));
    app.get('/page/:id', async (request) => ({ params: request.params }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('refuses a control character in the path, query or body of an API route with 400 field errors', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/echo/1%00?q=a%01',
      payload: { data: { name: 'a\u007fb' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'errors.VALIDATION_FAILED',
        fields: {
          'params.id': 'validation.control_characters',
          'query.q': 'validation.control_characters',
          'data.name': 'validation.control_characters',
        },
      },
    });
  });

  it('lets clean input, and tab and line breaks in a body, through; leaves routes outside /api alone', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/api/echo/1?q=a',
      payload: { data: { text: 'a\tb\r\nc' } },
    });
    expect(ok.statusCode).toBe(200);
    // A query or a path parameter never carries multi-line text.
    const query = await app.inject({ method: 'POST', url: '/api/echo/1%0A?q=a%09b', payload: {} });
    expect(query.json()).toMatchObject({
      error: {
        fields: {
          'params.id': 'validation.control_characters',
          'query.q': 'validation.control_characters',
        },
      },
    });
    expect((await app.inject({ method: 'GET', url: '/page/1%00' })).statusCode).toBe(200);
  });
});
