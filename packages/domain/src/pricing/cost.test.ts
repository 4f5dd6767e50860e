import { describe, expect, it } from 'vitest';
import { aggregateCosts, computeCosts, picosToMoney, type CostInput } from './cost.ts';
import { countryDefaults, SI_NETWORK_PLAN, SI_VT_MT_PLAN } from './defaults/index.ts';
import { priceList, quarterHours } from './test-support.ts';
import type { TimePlan } from './types.ts';

const TZ = 'Europe/Ljubljana';
const EUR = 10 ** 12; // one euro in picos
const Q = 15 * 60_000;

function siPlans(): Map<number, TimePlan> {
  const d = countryDefaults('SI');
  const network = d.timePlans.find((p) => p.code === SI_NETWORK_PLAN)?.plan as TimePlan;
  const vtmt = d.timePlans.find((p) => p.code === SI_VT_MT_PLAN)?.plan as TimePlan;
  return new Map([
    [5, { ...network, id: 5 }],
    [2, { ...vtmt, id: 2 }],
  ]);
}

function run(partial: Partial<CostInput> & Pick<CostInput, 'intervals' | 'lists'>) {
  return computeCosts({ plans: siPlans(), timeZone: TZ, countryCode: 'SI', ...partial });
}

const touList = priceList({
  kind: 'TIME_OF_USE',
  multiTariff: true,
  tariffPlanId: 2,
  tariffs: { t0: null, t1: '0.11990', t2: '0.09790' },
  distributorPlanId: 5,
  distributorEnergy: ['0.02217', '0.01998', '0.01717', '0.01805', '0.01299'],
  distributorPower: ['3.82301', '1.09230', '0.28902', '0.02436', '0.00245'],
  agreedPowerKw: ['3.7', '4.6', '4.6', '4.6', '4.6'],
});

describe('computeCosts', () => {
  it('prices a FIXED list exactly (femto of the major unit)', () => {
    const r = run({
      intervals: [{ start: Date.UTC(2026, 2, 3, 10), importWh: 1000, exportWh: 500 }],
      lists: [priceList({ tariffs: { t0: '0.12345', t1: null, t2: null } })],
    });
    const c = r.intervals[0];
    expect(c?.supplierEnergy).toBe((12345 * EUR) / 100000);
    // Without a different export price the export is paid at the buy price.
    expect(c?.revenue).toBe((12345 * EUR) / 200000);
    expect(c?.tariff).toBe('T0');
    expect(c?.total).toBe((12345 * EUR) / 200000);
  });

  it('switches T2 → T1 at 06:00 and T1 → T2 at 22:00 local on a working day', () => {
    // Tuesday 2026-03-03, CET: local 05:45 = 04:45 UTC.
    const at = (h: number, m: number) => Date.UTC(2026, 2, 3, h - 1, m);
    const r = run({
      intervals: [at(5, 45), at(6, 0), at(21, 45), at(22, 0)].map((start) => ({
        start,
        importWh: 1000,
        exportWh: 0,
      })),
      lists: [touList],
    });
    expect(r.intervals.map((c) => c.tariff)).toEqual(['T2', 'T1', 'T1', 'T2']);
    expect(r.intervals.map((c) => c.supplierEnergy)).toEqual([
      (9790 * EUR) / 100000,
      (11990 * EUR) / 100000,
      (11990 * EUR) / 100000,
      (9790 * EUR) / 100000,
    ]);
    // Lower season working day: 05:45 block 4, 06:00 block 3, 21:45 block 3, 22:00 block 4.
    expect(r.intervals.map((c) => c.block)).toEqual([4, 3, 3, 4]);
    expect(r.intervals[0]?.distributorEnergy).toBe((1805 * EUR) / 100000);
  });

  it('DST days have 92 and 100 intervals, each priced, and aggregate into one local day', () => {
    const spring = quarterHours(Date.UTC(2026, 2, 28, 23), Date.UTC(2026, 2, 29, 22));
    const autumn = quarterHours(Date.UTC(2026, 9, 24, 22), Date.UTC(2026, 9, 25, 23));
    expect(spring).toHaveLength(92);
    expect(autumn).toHaveLength(100);
    const r = run({ intervals: [...spring, ...autumn], lists: [touList] });
    expect(r.intervals.every((c) => c.total !== null)).toBe(true);
    const days = aggregateCosts(r.intervals, TZ, 'day');
    expect(days.map((d) => d.intervals)).toEqual([92, 100]);
    // Sunday: all MT, 23 h × 1 kWh = 23 kWh at 0.0979 → 2.2517 → 2.25 EUR.
    expect(days[0]?.supplierEnergy).toEqual({ currency: 'EUR', minor: 225 });
    expect(days[1]?.supplierEnergy).toEqual({ currency: 'EUR', minor: minorOf(25 * 9790) });
    // The repeated hour is two hour buckets.
    const hours = aggregateCosts(r.intervals, TZ, 'hour');
    expect(hours).toHaveLength(23 + 25);
  });

  it('switches lists at local midnight and leaves uncovered intervals null', () => {
    const a = priceList({
      id: 1,
      validFrom: '2026-03-01',
      validTo: '2026-03-10',
      tariffs: { t0: '0.1', t1: null, t2: null },
    });
    const b = priceList({
      id: 2,
      validFrom: '2026-03-10',
      tariffs: { t0: '0.2', t1: null, t2: null },
    });
    // 2026-03-10 00:00 CET = 2026-03-09 23:00 UTC.
    const r = run({
      intervals: quarterHours(Date.UTC(2026, 1, 28, 22, 45), Date.UTC(2026, 2, 9, 23, 15)).filter(
        (i, n, all) => n < 2 || n >= all.length - 2,
      ),
      lists: [b, a],
    });
    expect(r.intervals.map((c) => c.listId)).toEqual([null, 1, 1, 2]);
    expect(r.uncovered).toBe(1);
    expect(r.intervals[0]?.total).toBeNull();
    expect(r.intervals[3]?.supplierEnergy).toBe(EUR / 20); // 250 Wh × 0.2
  });

  it('spot: buy = spot/1000 + markup, sell = spot/1000 − markup, also when negative', () => {
    const spotList = priceList({
      kind: 'SPOT_MARKET',
      tariffs: { t0: null, t1: null, t2: null },
      buyMarkup: '0.01',
      sellMarkup: '0.005',
    });
    const start = Date.UTC(2026, 4, 10, 11);
    const prices = new Map<number, string>([
      [start, '-12.50'],
      [start + Q, '85.37'],
    ]);
    const r = run({
      intervals: [0, 1, 2].map((i) => ({ start: start + i * Q, importWh: 1000, exportWh: 2000 })),
      lists: [spotList],
      spot: (t) => prices.get(t) ?? null,
    });
    const [neg, pos, missing] = r.intervals;
    // −0.0125 + 0.01 = −0.0025 EUR/kWh; sell −0.0125 − 0.005 = −0.0175 EUR/kWh × 2 kWh.
    expect(neg?.supplierEnergy).toBe((-25 * EUR) / 10000);
    expect(neg?.revenue).toBe((-350 * EUR) / 10000);
    expect(neg?.total).toBe((-25 * EUR) / 10000 + (350 * EUR) / 10000);
    expect(pos?.supplierEnergy).toBe((9537 * EUR) / 100000);
    expect(missing?.supplierEnergy).toBeNull();
    expect(missing?.revenue).toBeNull();
    expect(missing?.total).toBeNull();
    expect(missing?.distributorEnergy).toBe(0);
    expect(r.missingSpot).toBe(1);
  });

  it('pays export at sell.t0 or by windows with a different export price', () => {
    const start = Date.UTC(2026, 2, 3, 11); // Tuesday 12:00 CET, VT
    const base = {
      ...touList,
      differentExportPrice: true,
      sell: { t0: '0.05', t1: '0.07', t2: '0.03' },
    };
    const t0 = run({
      intervals: [{ start, importWh: 0, exportWh: 1000 }],
      lists: [{ ...base, exportTariff: 'T0' }],
    });
    const multi = run({
      intervals: [{ start, importWh: 0, exportWh: 1000 }],
      lists: [{ ...base, exportTariff: 'MULTI' }],
    });
    expect(t0.intervals[0]?.revenue).toBe(EUR / 20);
    expect(multi.intervals[0]?.revenue).toBe((7 * EUR) / 100);
  });

  it('spreads the monthly power charge over the month: the blocks of the month, exact sum', () => {
    const jan = quarterHours(Date.UTC(2025, 11, 31, 23), Date.UTC(2026, 0, 31, 23), 0);
    const mar = quarterHours(Date.UTC(2026, 1, 28, 23), Date.UTC(2026, 2, 31, 22), 0);
    const r = run({ intervals: [...jan, ...mar], lists: [touList] });
    const sum = (from: number, to: number) =>
      r.intervals.slice(from, to).reduce((s, c) => s + (c.distributorPower ?? 0), 0);
    // January (higher season): blocks 1–4; watts × nanos per kW = picos.
    const janCharge = 3700 * 3823010000 + 4600 * (1092300000 + 289020000 + 24360000);
    expect(sum(0, jan.length)).toBe(janCharge);
    // March (lower season, 30 days + 23 h): blocks 2–5.
    const marCharge = 4600 * (1092300000 + 289020000 + 24360000 + 2450000);
    expect(sum(jan.length, r.intervals.length)).toBe(marCharge);
    // Proportional to duration: every January interval gets the same share ±1 pico.
    const shares = r.intervals.slice(0, jan.length).map((c) => c.distributorPower ?? 0);
    const min = shares.reduce((a, b) => (b < a ? b : a));
    const max = shares.reduce((a, b) => (b > a ? b : a));
    expect(max - min <= 1).toBe(true);
    // As money: 3.7 × 3.82301 + 4.6 × (1.0923 + 0.28902 + 0.02436) = 20.611 → 20.61 EUR.
    const month = aggregateCosts(r.intervals, TZ, 'month');
    expect(month[0]?.distributorPower).toEqual({ currency: 'EUR', minor: 2061 });
  });

  it('spreads the supplier fee like the power charge', () => {
    const list = priceList({ supplierFeePerMonth: '1.99' });
    const r = run({
      intervals: quarterHours(Date.UTC(2026, 3, 30, 22), Date.UTC(2026, 4, 31, 22)),
      lists: [list],
    });
    const fee = r.intervals.reduce((s, c) => s + (c.supplierFee ?? 0), 0);
    expect(fee).toBe((199 * EUR) / 100);
  });

  it('marks intervals of a list whose plan is missing or incomplete', () => {
    const r = run({
      intervals: [{ start: Date.UTC(2026, 2, 3, 11), importWh: 100, exportWh: 0 }],
      lists: [{ ...touList, tariffPlanId: 99 }],
    });
    expect(r.missingBlock).toBe(1);
    expect(r.intervals[0]?.supplierEnergy).toBeNull();
    expect(r.intervals[0]?.total).toBeNull();
  });
});

function minorOf(nanosTimesKwh: number): number {
  return picosToMoney('EUR', nanosTimesKwh * 10 ** 7).minor;
}

describe('aggregateCosts', () => {
  it('rounds each line once per bucket and the total is the sum of the rounded lines', () => {
    // 3 intervals of 40 Wh at 0.1 EUR/kWh = 0.004 EUR each: rounded per interval 0, once per bucket 0.012 → 0.01.
    const start = Date.UTC(2026, 2, 3, 11);
    const r = run({
      intervals: [0, 1, 2].map((i) => ({ start: start + i * Q, importWh: 40, exportWh: 10 })),
      lists: [
        priceList({ tariffs: { t0: '0.1', t1: null, t2: null }, distributorEnergy: ['0.0333'] }),
      ],
    });
    const [bucket] = aggregateCosts(r.intervals, TZ, 'total');
    expect(bucket?.supplierEnergy.minor).toBe(1);
    expect(bucket?.revenue.minor).toBe(0); // 0.003
    expect(bucket?.distributorEnergy.minor).toBe(0); // 0.003996
    expect(bucket?.total.minor).toBe(
      (bucket?.supplierEnergy.minor ?? 0) +
        (bucket?.supplierFee.minor ?? 0) +
        (bucket?.distributorEnergy.minor ?? 0) +
        (bucket?.distributorPower.minor ?? 0) -
        (bucket?.revenue.minor ?? 0),
    );
    expect(bucket?.start).toBe(start);
    expect(bucket?.end).toBe(start + 3 * Q);
    expect(bucket?.intervals).toBe(3);
  });

  it('the lines of every month of a year add up to its total, and blocks split the energy', () => {
    const year = quarterHours(Date.UTC(2025, 11, 31, 23), Date.UTC(2026, 11, 31, 23), 137, 21);
    const r = run({ intervals: year, lists: [touList] });
    const months = aggregateCosts(r.intervals, TZ, 'month');
    expect(months).toHaveLength(12);
    for (const m of months) {
      expect(m.total.minor).toBe(
        m.supplierEnergy.minor +
          m.supplierFee.minor +
          m.distributorEnergy.minor +
          m.distributorPower.minor -
          m.revenue.minor,
      );
      expect(m.blocks.reduce((s, b) => s + b.importWh, 0)).toBeCloseTo(m.importWh, 6);
    }
    expect(months[0]?.blocks.map((b) => b.position)).toEqual([1, 2, 3, 4]);
    expect(months[5]?.blocks.map((b) => b.position)).toEqual([2, 3, 4, 5]);
  });

  it('adds large amounts without loss and rounds fractional Wh to the nearest pico', () => {
    const start = Date.UTC(2026, 2, 3, 11);
    const big = run({
      intervals: quarterHours(start, start + 100 * Q, 1_000_000),
      lists: [priceList({ tariffs: { t0: '5', t1: null, t2: null } })],
    });
    // 100 × 1 MWh × 5 EUR/kWh = 500 000 EUR; the sum passes 2^53 picos.
    expect(aggregateCosts(big.intervals, TZ, 'total')[0]?.supplierEnergy.minor).toBe(50_000_000);
    const frac = run({
      intervals: [{ start, importWh: 0.5, exportWh: 0 }],
      lists: [priceList({ tariffs: { t0: '0.123456789', t1: null, t2: null } })],
    });
    // 0.123456789 EUR/kWh × 0.0005 kWh = 61.7283945 µEUR → 61 728 394.5 picos → 61 728 395.
    expect(frac.intervals[0]?.supplierEnergy).toBe(61_728_395);
  });

  it('skips uncovered intervals', () => {
    expect(
      aggregateCosts(run({ intervals: quarterHours(0, Q), lists: [] }).intervals, TZ, 'day'),
    ).toEqual([]);
  });
});
