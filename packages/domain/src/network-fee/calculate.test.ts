import { describe, expect, it } from 'vitest';
import { energyWindowAt, intervalBlock } from './calendar.ts';
import {
  calculateOldSystem,
  calculateScenario,
  excessCharge,
  powerFee,
  type SupplierTariff,
} from './calculate.ts';
import { annotateSeries, preparePeriod } from './series.ts';
import { powerSeries, stamp, must } from './test-support.ts';
import { dayNumberOf, parseIsoDate } from './time-zone.ts';

const day = (text: string) => dayNumberOf(must(parseIsoDate(text)));
const noPrices: SupplierTariff = { tariffs: 2, prices: { vt: 0, mt: 0, et: 0 } };

/** January 2025 at 1 kW with two spikes in block 1 (Wed 15 Jan 10:00 → 5 kW, 10:15 → 4 kW). */
const spikes: Record<string, number> = { '2025-01-15 10:00': 5, '2025-01-15 10:15': 4 };
const january = powerSeries('2025-01-01', '2025-01-31', (t) => spikes[stamp(t)] ?? 1);
const januaryPeriod = preparePeriod(annotateSeries(january));
const whole = (tenths: number[], excessCharged: boolean) => [
  { fromDay: januaryPeriod.fromDay, toDay: januaryPeriod.toDay, tenths, excessCharged },
];

describe('formula helpers', () => {
  it('power fee is agreed power × rate × share of the month', () => {
    expect(powerFee(46, 3.4225, 1)).toBeCloseTo(4.6 * 3.4225, 12);
    expect(powerFee(46, 3.4225, 10 / 31)).toBeCloseTo((4.6 * 3.4225 * 10) / 31, 12);
  });

  it('excess charge is √(Σ squares) × rate × factor', () => {
    // Exceedances of 3 kW and 2 kW: √13 kW.
    const squares = 30_000 ** 2 + 20_000 ** 2;
    expect(excessCharge(squares, 3.4225, 0.9)).toBeCloseTo(Math.sqrt(13) * 3.4225 * 0.9, 12);
  });
});

describe('calculateScenario', () => {
  it('reports energy, fees and excess per block for every block that occurs in the month', () => {
    const result = calculateScenario(
      januaryPeriod,
      whole([20, 30, 40, 50, 60], false),
      noPrices,
      [2, 3, 4, 5, 6],
    );
    const month = must(result.months[0]);
    expect(month.month).toBe('2025-01');
    expect(month.blocks.map((b) => b.block)).toEqual([1, 2, 3, 4]);
    // Energy per block, counted independently from the calendar.
    const kwh = [0, 0, 0, 0, 0, 0];
    january.intervalEndsMs.forEach((end, i) => {
      const b = intervalBlock(end);
      kwh[b] = must(kwh[b]) + must(january.values[i]) / 4;
    });
    for (const b of month.blocks) expect(b.energyKwh).toBeCloseTo(must(kwh[b.block]), 9);
    const rates = [0.01998, 0.01833, 0.01809, 0.01855];
    month.blocks.forEach((b, i) =>
      expect(b.networkEnergyCost).toBeCloseTo(must(kwh[b.block]) * must(rates[i]), 9),
    );
    expect(month.blocks.map((b) => b.networkPowerCost)).toEqual([
      2 * 3.4225,
      3 * 0.91224,
      4 * 0.16297,
      5 * 0.00407,
    ]);
    expect(month.blocks.map((b) => b.agreedPowerKw)).toEqual([2, 3, 4, 5]);
    const b1 = must(month.blocks[0]);
    expect(b1.excessPowerKw).toBeCloseTo(Math.sqrt(13), 12);
    expect(b1.excessOccurrences).toBe(2);
    expect(b1.excessCost).toBeCloseTo(Math.sqrt(13) * 3.4225 * 0.9, 12);
    expect(
      month.blocks.slice(1).every((b) => b.excessOccurrences === 0 && b.excessCost === 0),
    ).toBe(true);
  });

  it('shows excess but leaves it out of the total when the operator set the agreed power', () => {
    const monthOf = (charged: boolean) =>
      must(
        calculateScenario(januaryPeriod, whole([20, 30, 40, 50, 60], charged), noPrices, [])
          .months[0],
      );
    const exempt = monthOf(false);
    const liable = monthOf(true);
    expect(exempt.excessCost).toBeGreaterThan(0);
    expect(exempt.excessCost).toBe(liable.excessCost);
    expect([exempt.excessCharged, liable.excessCharged]).toEqual([false, true]);
    expect(exempt.total).toBeCloseTo(exempt.networkEnergyCost + exempt.networkPowerCost, 12);
    expect(liable.total).toBeCloseTo(
      liable.networkEnergyCost + liable.networkPowerCost + liable.excessCost,
      12,
    );
  });

  it('prices supplier energy by VT/MT windows, or ET for a one-tariff meter', () => {
    let vt = 0;
    let mt = 0;
    january.intervalEndsMs.forEach((end, i) => {
      if (energyWindowAt(end - 900_000) === 'VT') vt += must(january.values[i]) / 4;
      else mt += must(january.values[i]) / 4;
    });
    const two = calculateScenario(
      januaryPeriod,
      whole([20, 30, 40, 50, 60], false),
      {
        tariffs: 2,
        prices: { vt: 0.12, mt: 0.08, et: 99 },
      },
      [],
    );
    expect(must(two.months[0]).energyCost).toBeCloseTo(vt * 0.12 + mt * 0.08, 9);
    const one = calculateScenario(
      januaryPeriod,
      whole([20, 30, 40, 50, 60], false),
      {
        tariffs: 1,
        prices: { vt: 99, mt: 99, et: 0.1 },
      },
      [],
    );
    expect(must(one.months[0]).energyCost).toBeCloseTo((vt + mt) * 0.1, 9);
    expect(two.total - must(two.months[0]).energyCost).toBeCloseTo(
      one.total - must(one.months[0]).energyCost,
      9,
    );
  });

  it('uses the reduced block-1 rate for the power fee and the excess, and the year’s excess factor', () => {
    const s = powerSeries('2025-11-01', '2026-01-31', (t) =>
      t.day === 5 && t.hour === 10 && t.minute === 0 ? 4 : 1,
    );
    const period = preparePeriod(annotateSeries(s));
    const r = calculateScenario(
      period,
      [
        {
          fromDay: period.fromDay,
          toDay: period.toDay,
          tenths: [20, 20, 20, 20, 20],
          excessCharged: true,
        },
      ],
      noPrices,
      [],
    );
    const b1 = r.months.map((m) => must(m.blocks[0]));
    expect(b1.map((b) => b.networkPowerCost)).toEqual([2 * 1.71126, 2 * 1.71126, 2 * 1.71126]);
    // 5 Nov 2025 (Wed), 5 Dec 2025 (Fri), 5 Jan 2026 (Mon) at 10:00: 2 kW over the agreed 2 kW each.
    expect(b1.map((b) => b.excessPowerKw)).toEqual([2, 2, 2]);
    expect(must(b1[0]).excessCost).toBeCloseTo(2 * 1.71126 * 0.9, 12);
    expect(must(b1[2]).excessCost).toBeCloseTo(2 * 1.71126 * 1.05, 12);
  });

  it('prorates each agreed power by its days when it changes within a month', () => {
    const s = powerSeries('2025-01-01', '2025-01-31', (t) =>
      (t.day === 10 || t.day === 20) && t.hour === 10 && t.minute === 0 ? 5 : 1,
    );
    const period = preparePeriod(annotateSeries(s));
    const r = calculateScenario(
      period,
      [
        {
          fromDay: day('2025-01-01'),
          toDay: day('2025-01-15'),
          tenths: [20, 30, 40, 50, 60],
          excessCharged: false,
        },
        {
          fromDay: day('2025-01-16'),
          toDay: day('2025-01-31'),
          tenths: [40, 40, 40, 50, 60],
          excessCharged: true,
        },
      ],
      noPrices,
      [4, 4, 4, 5, 6],
    );
    const m = must(r.months[0]);
    const b1 = must(m.blocks[0]);
    expect(b1.networkPowerCost).toBeCloseTo(2 * 3.4225 * (15 / 31) + 4 * 3.4225 * (16 / 31), 12);
    expect(b1.agreedPowerKw).toBeCloseTo((2 * 15 + 4 * 16) / 31, 12);
    // 10 Jan: 5 − 2 = 3 kW over; 20 Jan: 5 − 4 = 1 kW over.
    expect(b1.excessPowerKw).toBeCloseTo(Math.sqrt(10), 12);
    expect(b1.excessOccurrences).toBe(2);
    // Liable when any part of the month is under user-set values.
    expect(m.excessCharged).toBe(true);
    expect(r.agreedPowerKw).toEqual([4, 4, 4, 5, 6]);
  });

  it('prorates the power fee of a partial month', () => {
    const period = preparePeriod(annotateSeries(january), '2025-01-01', '2025-01-10');
    const r = calculateScenario(
      period,
      [
        {
          fromDay: period.fromDay,
          toDay: period.toDay,
          tenths: [31, 31, 31, 31, 31],
          excessCharged: false,
        },
      ],
      noPrices,
      [],
    );
    expect(must(must(r.months[0]).blocks[0]).networkPowerCost).toBeCloseTo(
      3.1 * 3.4225 * (10 / 31),
      12,
    );
  });

  it('adds the months into the scenario total', () => {
    const s = powerSeries('2025-02-20', '2025-03-10', () => 2);
    const period = preparePeriod(annotateSeries(s));
    const r = calculateScenario(
      period,
      [
        {
          fromDay: period.fromDay,
          toDay: period.toDay,
          tenths: [20, 20, 20, 20, 20],
          excessCharged: true,
        },
      ],
      noPrices,
      [],
    );
    expect(r.months.map((m) => m.month)).toEqual(['2025-02', '2025-03']);
    expect(must(r.months[1]).blocks.map((b) => b.block)).toEqual([2, 3, 4, 5]);
    expect(r.total).toBeCloseTo(must(r.months[0]).total + must(r.months[1]).total, 12);
  });
});

describe('calculateOldSystem', () => {
  it('charges billing power and VT/MT (or ET) network energy', () => {
    let vt = 0;
    let mt = 0;
    january.intervalEndsMs.forEach((end, i) => {
      if (energyWindowAt(end - 900_000) === 'VT') vt += must(january.values[i]) / 4;
      else mt += must(january.values[i]) / 4;
    });
    const two = calculateOldSystem(januaryPeriod, 10, {
      tariffs: 2,
      prices: { vt: 0.1, mt: 0.05, et: 0 },
    });
    const m = must(two.months[0]);
    expect(m.networkPowerCost).toBeCloseTo(10 * 0.796, 12);
    expect(m.networkEnergyCost).toBeCloseTo(vt * 0.04308 + mt * 0.03311, 9);
    expect(m.energyCost).toBeCloseTo(vt * 0.1 + mt * 0.05, 9);
    expect([m.vtKwh + m.mtKwh, m.energyKwh].map((x) => Math.round(x * 1e6))).toEqual([
      Math.round((vt + mt) * 1e6),
      Math.round((vt + mt) * 1e6),
    ]);
    expect(two.total).toBeCloseTo(m.energyCost + m.networkEnergyCost + m.networkPowerCost, 12);
    const one = calculateOldSystem(januaryPeriod, 7, {
      tariffs: 1,
      prices: { vt: 0, mt: 0, et: 0 },
    });
    expect(must(one.months[0]).networkEnergyCost).toBeCloseTo((vt + mt) * 0.03973, 9);
    expect(one.billingPowerKw).toBe(7);
  });
});
