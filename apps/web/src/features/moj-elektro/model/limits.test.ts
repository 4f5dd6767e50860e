import { describe, expect, it } from 'vitest';
import { limitBounds, limitsOrNull, validateLimits } from './limits.ts';
import type { ConsumerInfo } from './types.ts';

const bounds = { minimum: 3.5, maximum: 17 };

describe('custom power limits (checked like the engine)', () => {
  it('accepts P1 ≤ P2 ≤ … ≤ P5 within minimum and connection power', () => {
    expect(validateLimits(['5', '5', '6', '7', '7.5'], bounds)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(limitsOrNull(['5', '5', '6', '7', '7,5'], bounds)).toEqual([5, 5, 6, 7, 7.5]);
  });

  it('flags a block lower than the one before it', () => {
    expect(validateLimits(['8', '6', '7', '7', '7'], bounds)).toEqual([
      null,
      'moj_elektro.limits.not_ascending',
      null,
      null,
      null,
    ]);
    expect(limitsOrNull(['8', '6', '7', '7', '7'], bounds)).toBeNull();
  });

  it('flags a block below the minimum power and above the connection power', () => {
    expect(validateLimits(['3', '5', '6', '7', '18'], bounds)).toEqual([
      'moj_elektro.limits.below_minimum',
      null,
      null,
      null,
      'moj_elektro.limits.above_connection',
    ]);
  });

  it('flags empty and non-numeric inputs', () => {
    expect(validateLimits(['', '-1', 'x', '0', '5'], { minimum: null, maximum: null })).toEqual([
      'validation.required',
      'moj_elektro.limits.invalid_number',
      'moj_elektro.limits.invalid_number',
      'moj_elektro.limits.invalid_number',
      null,
    ]);
  });

  it("takes the bounds from the consumer info's valid record", () => {
    const record = {
      block1: 5,
      block2: 5,
      block3: 5,
      block4: 5,
      block5: 5,
      dateTo: '2026-12-31',
      limitSetBy: 'DISTRIBUTER',
    };
    const info = {
      connectionPower: 20,
      powerLimits: [
        { ...record, dateFrom: '2026-01-01', isValid: false, minimumPower: 9, connectionPower: 30 },
        {
          ...record,
          dateFrom: '2025-01-01',
          isValid: true,
          minimumPower: 4.2,
          connectionPower: 17,
        },
      ],
    } as unknown as ConsumerInfo;
    expect(limitBounds(info)).toEqual({ minimum: 4.2, maximum: 17 });
    expect(limitBounds(null)).toEqual({ minimum: null, maximum: null });
  });
});
