// Benchmark: all network-fee scenarios (new with derived agreed powers, optimized, custom, old) for 730 days of
// 15-minute data, from the raw series (annotation and grouping included, file parsing excluded).
// Target: median ≤ 50 ms. Usage: node bench/network-fee.ts [--iterations N]

import { parseArgs } from 'node:util';
import {
  calculateNetworkFee,
  type NetworkFeeInput,
} from '../packages/domain/src/network-fee/index.ts';
import { generateHouseholdProfile } from '../packages/domain/scripts/household-profile.ts';
import { timings } from './lib.ts';

const TARGET_MS = 50;
const WARM_UP = 10;

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '40' } } });
const iterations = Math.max(30, Number(values.iterations) || 40);

const profile = generateHouseholdProfile({ startDate: '2024-10-01', days: 730 });
const input: NetworkFeeInput = {
  series: { kind: 'power', intervalEndsMs: profile.intervalEndsMs, values: profile.powersKw },
  connection: { phases: 3, connectionPowerKw: 17 },
  custom: [6, 8, 10, 12, 12],
  prices: { vt: 0.11, mt: 0.08 },
};

let sink = 0;
for (let i = 0; i < WARM_UP; i++) sink += calculateNetworkFee(input).scenarios.optimized.total;
const times: number[] = [];
for (let i = 0; i < iterations; i++) {
  const start = performance.now();
  sink += calculateNetworkFee(input).scenarios.optimized.total;
  times.push(performance.now() - start);
}
const { median, quantile, min, max } = timings(times);
const p90 = quantile(0.9);

process.stdout.write(
  [
    `network-fee: 730 days, ${profile.powersKw.length} intervals, all scenarios incl. optimisation`,
    `  runs ${iterations} (after ${WARM_UP} warm-up)`,
    `  median ${median.toFixed(2)} ms   p90 ${p90.toFixed(2)} ms   min ${min.toFixed(2)} ms   max ${max.toFixed(2)} ms`,
    `  target median ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'MISSED'}`,
    `  (checksum ${sink.toFixed(2)})`,
  ].join('\n') + '\n',
);
