import { describe, expect, it } from 'vitest';
import { companyEmailRoutes, companyEmailSettingsFormSchema } from './company-email.ts';

/** `{ path: message }` of a failed parse, or {} when it passes. */
function problems(result: { success: boolean; error?: { issues: readonly unknown[] } }) {
  const out: Record<string, string> = {};
  for (const issue of (result.error?.issues ?? []) as { path: PropertyKey[]; message: string }[]) {
    out[issue.path.join('.')] ??= issue.message;
  }
  return out;
}

describe('companyEmailSettingsFormSchema', () => {
  it('accepts a sender and trims the name', () => {
    expect(
      companyEmailSettingsFormSchema.parse({
        senderName: ' Sun Co ',
        senderEmail: 'mail@sun.example',
      }),
    ).toEqual({ senderName: 'Sun Co', senderEmail: 'mail@sun.example' });
  });

  it('accepts clearing both fields', () => {
    expect(companyEmailSettingsFormSchema.parse({ senderName: null, senderEmail: null })).toEqual({
      senderName: null,
      senderEmail: null,
    });
  });

  it.each([
    [{ senderName: 'A', senderEmail: 'not-an-email' }, ['senderEmail']],
    [{ senderName: 'A', senderEmail: 'a@' }, ['senderEmail']],
    [{ senderName: '   ', senderEmail: 'a@b.example' }, ['senderName']],
    [{ senderName: 'x'.repeat(101), senderEmail: 'a@b.example' }, ['senderName']],
    [{ senderName: 'A' }, ['senderEmail']],
    [{ senderName: 'A', senderEmail: 'a@b.example', dkimKey: 'x' }, ['']],
  ])('%j is rejected at %j', (input, fields) => {
    expect(Object.keys(problems(companyEmailSettingsFormSchema.safeParse(input)))).toEqual(fields);
  });
});

describe('company id parameter', () => {
  const params = companyEmailRoutes.get.params;
  if (!params) throw new Error('the route declares its params');
  it.each(['1', '2147483647'])('accepts %s', (id) => {
    expect(params.safeParse({ id }).success).toBe(true);
  });
  it.each(['0', '-1', 'abc', '1.5', '2147483648'])('rejects %s', (id) => {
    expect(params.safeParse({ id }).success).toBe(false);
  });
});
