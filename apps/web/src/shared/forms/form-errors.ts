/** A field's error: a catalog key (validation.*) and its placeholder values. */
export interface FieldError {
  key: string;
  values?: Record<string, string | number>;
}

/** Field errors by field name. */
export type FieldErrors<F extends string> = Partial<Record<F, FieldError>>;

/** The parts of a zod issue this module reads (structural, so the app needs no zod import of its own). */
interface SchemaIssue {
  code: string;
  path: readonly PropertyKey[];
  format?: string;
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
}

/**
 * Maps a contract schema's validation issues to catalog keys (validation.*), one per field, the first issue
 * winning. Empty values read as "required" whatever the schema's rule.
 */
export function fieldErrorsFromSchema<F extends string>(
  error: { issues: readonly SchemaIssue[] },
  values: Partial<Record<F, unknown>>,
): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || result[field as F]) continue;
    const value = values[field as F];
    result[field as F] =
      value === '' || value === undefined ? { key: 'validation.required' } : keyFor(issue);
  }
  return result;
}

function keyFor(issue: SchemaIssue): FieldError {
  switch (issue.code) {
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'validation.invalid_email' : 'validation.invalid' };
    case 'too_big':
      return {
        key: issue.origin === 'string' ? 'validation.too_long' : 'validation.too_big',
        values: { max: Number(issue.maximum) },
      };
    case 'too_small':
      return {
        key: issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small',
        values: { min: Number(issue.minimum) },
      };
    case 'invalid_type':
      return { key: 'validation.invalid_type' };
    default:
      return { key: 'validation.invalid' };
  }
}
