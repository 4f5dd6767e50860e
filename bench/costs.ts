// Benchmark: the cost of one year of 15-minute energy (35 040 intervals, import and export) for one location under
// a TIME_OF_USE price list on the Slovenian plans (VT/MT supplier windows, five-block network plan with monthly
// power charge), per interval and aggregated by month. Target: median ≤ 20 ms.
// Usage: node bench/costs.ts [--iterations N]

import { parseArgs } from 'node:util';
import {
  SI_NETWORK_PLAN,
  SI_VT_MT_PLAN,
  aggregateCosts,
  computeCosts,
  countryDefaults,
  type CostInput,
  type PriceList,
  type TimePlan,
} from '../packages/domain/src/pricing/index.ts';
import { generateHouseholdProfile } from '../packages/domain/scripts/household-profile.ts';
import { timings } from './lib.ts';

const TARGET_MS = 20;
const WARM_UP = 10;
const QUARTER_MS = 15 * 60_000;

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '40' } } });
const iterations = Math.max(30, Number(values.iterations) || 40);

const profile = generateHouseholdProfile({ startDate: '2026-01-01', days: 365 });
const intervals = profile.powersKw.map((kw, i) => {
  const start = (profile.intervalEndsMs[i] as number) - QUARTER_MS;
  // A PV-like export around midday (local 10–15 h in summer) so revenue is priced too.
  const hour = new Date(start).getUTCHours();
  const exportWh = hour >= 9 && hour < 14 ? 300 : 0;
  return { start, importWh: kw * 250, exportWh };
});

const defaults = countryDefaults('SI');
const network = defaults.timePlans.find((p) => p.code === SI_NETWORK_PLAN)?.plan as TimePlan;
const vtmt = defaults.timePlans.find((p) => p.code === SI_VT_MT_PLAN)?.plan as TimePlan;
const list: PriceList = {
  id: 1,
  locationId: 1,
  name: 'bench',
  kind: 'TIME_OF_USE',
  currency: 'EUR',
  validFrom: '2025-12-01',
  validTo: null,
  active: true,
  multiTariff: true,
  tariffPlanId: 2,
  tariffs: { t0: null, t1: '0.11990', t2: '0.09790' },
  differentExportPrice: true,
  exportTariff: 'MULTI',
  sell: { t0: null, t1: '0.07', t2: '0.05' },
  buyMarkup: null,
  sellMarkup: null,
  supplierFeePerMonth: '1.99',
  distributorPlanId: 5,
  distributorEnergy: ['0.02217', '0.01998', '0.01717', '0.01805', '0.01299'],
  distributorPower: ['3.82301', '1.09230', '0.28902', '0.02436', '0.00245'],
  agreedPowerKw: ['3.7', '4.6', '4.6', '4.6', '4.6'],
  configIds: {
    supplierEnergyBuyConfigId: null,
    supplierEnergySellConfigId: null,
    distributorEnergyConfigId: null,
    distributorPowerConfigId: null,
  },
};
const input: CostInput = {
  intervals,
  lists: [list],
  plans: new Map([
    [5, { ...network, id: 5 }],
    [2, { ...vtmt, id: 2 }],
  ]),
  timeZone: 'Europe/Ljubljana',
  countryCode: 'SI',
};

function once(): number {
  const result = computeCosts(input);
  const months = aggregateCosts(result.intervals, input.timeZone, 'month');
  return months.reduce((s, m) => s + m.total.minor, 0);
}

let sink = 0;
for (let i = 0; i < WARM_UP; i++) sink += once();
const times: number[] = [];
for (let i = 0; i < iterations; i++) {
  const start = performance.now();
  sink += once();
  times.push(performance.now() - start);
}
const { median, quantile, min, max } = timings(times);
const p90 = quantile(0.9);

process.stdout.write(
  [
    `costs: one year, ${intervals.length} quarter hours, TIME_OF_USE list on the SI VT/MT and five-block plans, by month`,
    `  runs ${iterations} (after ${WARM_UP} warm-up)`,
    `  median ${median.toFixed(2)} ms   p90 ${p90.toFixed(2)} ms   min ${min.toFixed(2)} ms   max ${max.toFixed(2)} ms`,
    `  target median ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'MISSED'}`,
    `  (checksum ${sink})`,
  ].join('\n') + '\n',
);
if (median > TARGET_MS) process.exitCode = 1;
