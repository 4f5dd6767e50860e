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
  message?: string;
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
      // A text shorter than one character is missing, also when it only looked filled in (spaces or zero-width
      // characters the schema trims away) — the server answers `validation.required` for it too.
      if (issue.origin === 'string' && Number(issue.minimum) <= 1) {
        return { key: 'validation.required' };
      }
      return {
        key: issue.origin === 'string' ? 'validation.too_short' : 'validation.too_small',
        values: { min: Number(issue.minimum) },
      };
    case 'invalid_type':
      return { key: 'validation.invalid_type' };
    case 'custom':
      // The contract's refinements put a catalog key in the message (validation.password_repeat, …).
      return { key: issue.message?.includes('.') ? issue.message : 'validation.invalid' };
    default:
      return { key: 'validation.invalid' };
  }
}

/**
 * Field errors from an API error's `fields` (`{ 'data.email': 'validation.invalid_email' }`): the server names
 * fields by their path in the body; only the form's own fields are kept.
 */
export function fieldErrorsFromApi<F extends string>(
  fields: Record<string, string>,
  names: readonly F[],
): FieldErrors<F> {
  const result: FieldErrors<F> = {};
  for (const [path, key] of Object.entries(fields)) {
    const name = path.split('.').pop() as F | undefined;
    if (name && names.includes(name) && !result[name]) result[name] = { key };
  }
  return result;
}

/** The parts of a zod schema a form uses: `safeParse` (structural, so the app needs no zod import of its own). */
export interface FormSchema<T> {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/**
 * Checks `values` with a contract schema loaded on demand (zod stays out of the first load). When the schema
 * cannot load (offline), the values pass: the server validates them again and answers with field errors.
 */
export async function validateForm<T, F extends string>(
  loadSchema: () => Promise<FormSchema<T>>,
  values: Record<F, unknown>,
): Promise<{ ok: true; data: T } | { ok: false; errors: FieldErrors<F> }> {
  const schema = await loadSchema().catch(() => null);
  if (!schema) return { ok: true, data: values as T };
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  return { ok: false, errors: fieldErrorsFromSchema<F>(parsed.error, values) };
}

/** `errors` without `field`'s error (a field the user is correcting stops showing its old message). */
export function withoutError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!errors[field]) return errors;
  return Object.fromEntries(
    Object.entries(errors).filter(([name]) => name !== field),
  ) as FieldErrors<F>;
}
