import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  hasForbiddenCharacters,
  MALFORMED_TEXT_MESSAGE,
} from '@ec/contract';
import { RequestValidationError } from '../errors.ts';

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

/** Where a failing field lives, as the client names it: body fields bare (`data.email`), others prefixed. */
const PART_PREFIX: Record<string, string> = {
  body: '',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

/**
 * Validates one request part with its zod schema. Failures become a RequestValidationError whose `fields` map each
 * field path to a translation key under `validation.*` (the first problem per field wins).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(fieldsFromIssues(result.error.issues, data, httpPart)),
    };
  };

/** Maps zod issues to `{ fieldPath: 'validation.<rule>' }`. `data` is the validated value, to tell missing from wrong. */
export function fieldsFromIssues(
  issues: readonly Issue[],
  data: unknown,
  httpPart = 'body',
): Record<string, string> {
  const prefix = PART_PREFIX[httpPart] ?? httpPart;
  const fields: Record<string, string> = {};
  const put = (path: Path, key: string) => {
    const name = fieldName(prefix, httpPart, path);
    fields[name] ??= key;
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) put([...issue.path, key], 'validation.unknown_field');
    } else {
      put(issue.path, keyFor(issue, valueAt(data, issue.path)));
    }
  }
  return fields;
}

function fieldName(prefix: string, httpPart: string, path: Path): string {
  const parts = path.map(String);
  if (parts.length === 0) return httpPart === 'body' ? 'body' : prefix;
  return prefix ? `${prefix}.${parts.join('.')}` : parts.join('.');
}

/** A translation key: lower-case dotted words (`validation.required`, `moj_elektro.filters.max_range`). */
const TRANSLATION_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/;

function keyFor(issue: Issue, value: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null
        ? 'validation.required'
        : 'validation.invalid_type';
    case 'too_big':
      return issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'validation.required' : 'validation.too_short';
      }
      return 'validation.too_small';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.invalid_email' : 'validation.invalid';
    case 'invalid_value':
      return 'validation.invalid_value';
    case 'custom':
      // A refinement may name its own translation key (`validation.*`, or a module's such as
      // `moj_elektro.filters.max_range`).
      return TRANSLATION_KEY.test(issue.message) ? issue.message : 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}

function valueAt(data: unknown, path: Path): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * Request parts the input guard walks, in the order their field errors are listed. Path parameters and query
 * strings never carry multi-line text, so there tab and line breaks are refused too; a body may (schemas decide).
 */
const GUARDED_PARTS = [
  ['params', 'params', hasControlCharacters],
  ['query', 'querystring', hasControlCharacters],
  ['body', 'body', hasForbiddenCharacters],
] as const;

/**
 * The input guard (issue 10): before any route under `/api` validates its input, every string in its path
 * parameters, query and body — and every key — is checked for characters no field accepts (NUL and the other C0
 * controls, DEL, C1 controls, lone surrogates; tab and line breaks only in a body; see the contract's
 * `hasForbiddenCharacters` and `hasControlCharacters`). Such a request is answered 400 with `validation.control_characters` (or
 * `validation.invalid` for a lone surrogate) on each field, so no route — including one whose schema forgets the
 * contract's text helpers, or one outside the contract such as the social sign-in redirects — hands PostgreSQL a
 * NUL. The schemas then apply each field's own rules (single-line text refuses tab and line breaks too).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const fields: Record<string, string> = {};
    for (const [property, httpPart, isForbidden] of GUARDED_PARTS) {
      Object.assign(fields, forbiddenCharacterFields(request[property], httpPart, isForbidden));
    }
    if (Object.keys(fields).length > 0) throw new RequestValidationError(fields);
  });
}

/**
 * `{ fieldPath: key }` for every string (value or key) in `value` that holds a character no field accepts, named
 * like schema errors (`data.name`, `query.q`, `params.id`). Walks without recursion: a body may nest thousands of
 * levels deep before its schema refuses it.
 */
export function forbiddenCharacterFields(
  value: unknown,
  httpPart = 'body',
  isForbidden: (text: string) => boolean = hasForbiddenCharacters,
): Record<string, string> {
  const prefix = PART_PREFIX[httpPart] ?? httpPart;
  const fields: Record<string, string> = {};
  const report = (at: Step, text: string) => {
    fields[fieldName(prefix, httpPart, pathOf(at))] ??= messageFor(text);
  };
  const pending: Step[] = [{ value, key: null, parent: null }];
  for (let step = pending.pop(); step !== undefined; step = pending.pop()) {
    const current = step.value;
    if (typeof current === 'string') {
      if (isForbidden(current)) report(step, current);
    } else if (current !== null && typeof current === 'object') {
      const isArray = Array.isArray(current);
      for (const [key, child] of Object.entries(current)) {
        const childStep: Step = { value: child, key: isArray ? Number(key) : key, parent: step };
        if (isForbidden(key)) report(childStep, key);
        pending.push(childStep);
      }
    }
  }
  return fields;
}

/** A value met by the walk, linked to its parent (paths are built only for the few values reported). */
interface Step {
  value: unknown;
  key: PropertyKey | null;
  parent: Step | null;
}

function pathOf(step: Step): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at: Step | null = step; at?.parent; at = at.parent) {
    if (at.key !== null) path.unshift(at.key);
  }
  return path;
}

function messageFor(text: string): string {
  return hasControlCharacters(text.replace(/\p{Surrogate}/gu, ''))
    ? CONTROL_CHARACTERS_MESSAGE
    : MALFORMED_TEXT_MESSAGE;
}
