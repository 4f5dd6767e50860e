import { describe, expect, it } from 'vitest';
import {
  limitBounds,
  limitsFromQuery,
  limitsOrNull,
  limitsToQuery,
  validateLimits,
} from './limits.ts';
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

describe('custom power limits in the URL query', () => {
  const q = (text: string) => new URLSearchParams(text);

  it('reads five ascending numbers and writes them back, other keys kept', () => {
    expect(limitsFromQuery(q('device=11&custom=5.1,6,6,7,7'))).toEqual([5.1, 6, 6, 7, 7]);
    const written = limitsToQuery([5.1, 6, 6.5, 7, 7], q('device=11&vt=0.12'));
    expect(written.toString()).toBe('device=11&vt=0.12&custom=5.1%2C6%2C6.5%2C7%2C7');
    expect(limitsFromQuery(written)).toEqual([5.1, 6, 6.5, 7, 7]);
    expect(limitsToQuery(null, written).toString()).toBe('device=11&vt=0.12');
  });

  it('treats a missing, partial or garbled value as no custom limits', () => {
    for (const text of [
      '',
      'device=11',
      'custom=',
      'custom=5,6,7',
      'custom=5,6,7,7,7,8',
      'custom=5,6,x,7,7',
      'custom=5,6,,7,7',
      'custom=-5,6,6,7,7',
      'custom=0,6,6,7,7',
      'custom=1e3,6,6,7,7',
      'custom=8,6,6,7,7',
      'custom=Infinity,6,6,7,7',
    ])
      expect(limitsFromQuery(q(text)), text).toBeNull();
  });
});
