import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
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
      // A refinement may name its own translation key.
      return issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
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
