import { describe, expect, it } from 'vitest';
import {
  calculationFilterSchema,
  externalCredentialFormSchema,
  maskToken,
  meterDataQuerySchema,
} from './moj-elektro.ts';

const filter = {
  from: '2025-01-01',
  to: '2025-12-31',
  vt: 0.1,
  mt: 0.08,
  et: 0,
  customPowerLimits: null,
};

function paths(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('moj-elektro contract', () => {
  it('masks a token to its first 5 characters', () => {
    expect(maskToken('demo-moj-elektro-all')).toBe('demo-•••••');
    expect(maskToken('abc')).toBe('abc•••••');
  });

  it('trims a token and refuses an empty one', () => {
    expect(externalCredentialFormSchema.parse({ token: '  abc  ' }).token).toBe('abc');
    expect(externalCredentialFormSchema.safeParse({ token: '   ' }).success).toBe(false);
  });

  it('accepts a calculation filter of up to 730 days', () => {
    expect(calculationFilterSchema.safeParse(filter).success).toBe(true);
    expect(
      calculationFilterSchema.safeParse({ ...filter, from: '2024-01-01', to: '2025-12-30' })
        .success,
    ).toBe(true);
  });

  it('refuses more than 730 days and an end before the start on `to`', () => {
    expect(
      paths(calculationFilterSchema.safeParse({ ...filter, from: '2024-01-01', to: '2025-12-31' })),
    ).toEqual({
      to: 'moj_elektro.filters.max_range',
    });
    expect(
      paths(calculationFilterSchema.safeParse({ ...filter, from: '2025-02-01', to: '2025-01-31' })),
    ).toEqual({
      to: 'validation.invalid_value',
    });
    expect(paths(meterDataQuerySchema.safeParse({ from: '2024-01-01', to: '2025-12-31' }))).toEqual(
      { to: 'moj_elektro.filters.max_range' },
    );
  });

  it('refuses negative prices and custom limits that are not five numbers', () => {
    expect(calculationFilterSchema.safeParse({ ...filter, vt: -0.1 }).success).toBe(false);
    expect(
      calculationFilterSchema.safeParse({ ...filter, customPowerLimits: [1, 2, 3, 4] }).success,
    ).toBe(false);
    expect(
      calculationFilterSchema.safeParse({ ...filter, customPowerLimits: [3, 4, 4, 4, 4] }).success,
    ).toBe(true);
  });
});
