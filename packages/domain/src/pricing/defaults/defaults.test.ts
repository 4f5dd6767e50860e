import { describe, expect, it } from 'vitest';
import { blockAt as networkFeeBlockAt } from '../../network-fee/calendar.ts';
import { checkCoverage } from '../coverage.ts';
import { createBlockResolver, timePlanBlockAt } from '../resolve.ts';
import { parseUnitPrice } from '../../money/money.ts';
import {
  DEFAULT_COUNTRY_CODES,
  HR_VT_NT_PLAN,
  NL_NORMAL_LOW_PLAN,
  SI_NETWORK_PLAN,
  SI_VT_MT_PLAN,
  countryDefaults,
} from './index.ts';

function plan(country: string, code: string) {
  const found = countryDefaults(country).timePlans.find((p) => p.code === code);
  if (!found) throw new Error(`no plan ${code}`);
  return found.plan;
}

describe('country defaults', () => {
  it('ship SI, AT, HR and NL', () => {
    expect(DEFAULT_COUNTRY_CODES).toEqual(['SI', 'AT', 'HR', 'NL']);
    expect(countryDefaults('si').countryCode).toBe('SI');
    expect(countryDefaults('DE')).toEqual({ countryCode: 'DE', timePlans: [], configs: [] });
  });

  for (const country of ['SI', 'AT', 'HR', 'NL']) {
    it(`${country}: every plan is complete and every config is consistent`, () => {
      const d = countryDefaults(country);
      expect(d.timePlans.length).toBeGreaterThan(0);
      expect(d.configs.length).toBeGreaterThan(0);
      const codes = new Set<string>();
      for (const p of d.timePlans) {
        expect(checkCoverage(p.plan), p.code).toEqual([]);
        expect(p.plan.countryCode).toBe(country);
        expect(p.source.length).toBeGreaterThan(10);
        codes.add(p.code);
      }
      for (const c of d.configs) {
        expect(codes.has(c.code)).toBe(false);
        codes.add(c.code);
        expect(c.source.length, c.code).toBeGreaterThan(10);
        expect(c.config.countryCode).toBe(country);
        for (const price of c.config.prices) {
          expect(parseUnitPrice(c.config.currency, price).ok, `${c.code} ${price}`).toBe(true);
        }
        if (c.config.model === 'TIME_OF_USE') {
          const target = d.timePlans.find((p) => p.code === c.timePlanCode);
          expect(target, c.code).toBeDefined();
          expect(c.config.prices).toHaveLength(target?.plan.blocks.length ?? -1);
        } else {
          expect(c.timePlanCode).toBeNull();
          expect(c.config.prices).toHaveLength(1);
        }
      }
    });
  }

  it('hands out copies', () => {
    const a = countryDefaults('SI');
    (a.timePlans[0] as { code: string }).code = 'changed';
    expect(countryDefaults('SI').timePlans[0]?.code).toBe(SI_NETWORK_PLAN);
  });
});

describe('the Slovenian five-block plan', () => {
  it('agrees with the network-fee calendar at every quarter hour of Oct 2024 – Dec 2026', () => {
    const resolver = createBlockResolver(plan('SI', SI_NETWORK_PLAN), 'Europe/Ljubljana');
    const from = Date.UTC(2024, 8, 30, 22); // 2024-10-01 00:00 CEST
    const to = Date.UTC(2026, 11, 31, 23); // 2027-01-01 00:00 CET
    let mismatches = 0;
    for (let t = from; t < to; t += 15 * 60_000) {
      if (resolver.at(t)?.position !== networkFeeBlockAt(t)) mismatches++;
    }
    expect(mismatches).toBe(0);
  });

  it('holiday and weekend use the non-working table; Saturday = Sunday', () => {
    const si = plan('SI', SI_NETWORK_PLAN);
    // Wednesday 2026-01-14 09:00 (higher season, working) → block 1; Saturday 2026-01-17 09:00 → 2.
    expect(timePlanBlockAt(si, '2026-01-14', 9 * 60)?.position).toBe(1);
    expect(timePlanBlockAt(si, '2026-01-17', 9 * 60)?.position).toBe(2);
    // Thursday 2026-01-01 (new year) is a holiday → like Sunday.
    expect(timePlanBlockAt(si, '2026-01-01', 9 * 60)?.position).toBe(2);
    // Monday 2026-04-06, Easter Monday, lower season → block 3 at 09:00 (a working Monday would be 2).
    expect(timePlanBlockAt(si, '2026-04-06', 9 * 60)?.position).toBe(3);
    expect(timePlanBlockAt(si, '2026-04-13', 9 * 60)?.position).toBe(2);
  });
});

describe('supplier windows', () => {
  it('SI VT/MT: VT on working days 06–22', () => {
    const p = plan('SI', SI_VT_MT_PLAN);
    expect(timePlanBlockAt(p, '2026-03-03', 5 * 60 + 45)?.title).toBe('MT');
    expect(timePlanBlockAt(p, '2026-03-03', 6 * 60)?.title).toBe('VT');
    expect(timePlanBlockAt(p, '2026-03-03', 21 * 60 + 45)?.title).toBe('VT');
    expect(timePlanBlockAt(p, '2026-03-03', 22 * 60)?.title).toBe('MT');
    expect(timePlanBlockAt(p, '2026-03-07', 12 * 60)?.title).toBe('MT'); // Saturday
    expect(timePlanBlockAt(p, '2026-05-01', 12 * 60)?.title).toBe('MT'); // praznik dela (Friday)
  });

  it('HR: VT 07–21 in winter, 08–22 in summer, also on Sundays', () => {
    const p = plan('HR', HR_VT_NT_PLAN);
    expect(timePlanBlockAt(p, '2026-01-11', 7 * 60)?.title).toBe('VT');
    expect(timePlanBlockAt(p, '2026-01-11', 21 * 60)?.title).toBe('NT');
    expect(timePlanBlockAt(p, '2026-07-12', 7 * 60)?.title).toBe('NT');
    expect(timePlanBlockAt(p, '2026-07-12', 21 * 60)?.title).toBe('VT');
  });

  it('NL: low 23–07 on weekdays, all weekend and on holidays', () => {
    const p = plan('NL', NL_NORMAL_LOW_PLAN);
    expect(timePlanBlockAt(p, '2026-06-02', 6 * 60 + 45)?.title).toBe('Dal');
    expect(timePlanBlockAt(p, '2026-06-02', 7 * 60)?.title).toBe('Normaal');
    expect(timePlanBlockAt(p, '2026-06-02', 23 * 60)?.title).toBe('Dal');
    expect(timePlanBlockAt(p, '2026-06-06', 12 * 60)?.title).toBe('Dal');
    expect(timePlanBlockAt(p, '2026-04-27', 12 * 60)?.title).toBe('Dal'); // King's Day, Monday
  });
});
