// Benchmark: the battery what-if sweep over 20 capacities (1–20 kWh, power = capacity / 2, at least 1 kW, η 0.9)
// for the shipped year of 15-minute data (packages/domain/samples/household-heat-pump-ev.json): interval table,
// the "before" bill, and per capacity the dispatch and the optimized "after" bill. File parsing excluded.
// Target: ≤ 1 s for the whole sweep (median). Usage: node bench/battery-sweep.ts [--iterations N]

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseMojElektroReadings } from '../packages/domain/src/network-fee/index.ts';
import { batterySweep, type BatteryWhatIfInput } from '../packages/domain/src/what-if/index.ts';
import { repoRoot, timings } from './lib.ts';

const TARGET_MS = 1000;
const WARM_UP = 2;

const { values } = parseArgs({ options: { iterations: { type: 'string', default: '7' } } });
const iterations = Math.max(5, Number(values.iterations) || 7);

const series = parseMojElektroReadings(
  readFileSync(repoRoot + 'packages/domain/samples/household-heat-pump-ev.json', 'utf8'),
);
const input: BatteryWhatIfInput = {
  base: {
    series,
    connection: { phases: 3, connectionPowerKw: 17 },
    prices: { vt: 0.11, mt: 0.08 },
  },
  battery: { capacityKwh: 10, powerKw: 5, roundTripEfficiency: 0.9 },
};
const capacities = Array.from({ length: 20 }, (_, i) => i + 1);
const powerOf = (capacityKwh: number) => Math.max(1, capacityKwh / 2);

let sink = 0;
let last = batterySweep(input, capacities, powerOf);
for (let i = 0; i < WARM_UP; i++) sink += batterySweep(input, capacities, powerOf).points.length;
const times: number[] = [];
for (let i = 0; i < iterations; i++) {
  const start = performance.now();
  last = batterySweep(input, capacities, powerOf);
  times.push(performance.now() - start);
  sink += last.points.length;
}
const { median, quantile, min, max } = timings(times);
const p95 = quantile(0.95);

process.stdout.write(
  [
    `battery-sweep: ${series.values.length} intervals, 20 capacities (dispatch + optimized bill each)`,
    `  runs ${iterations} (after ${WARM_UP + 1} warm-up)`,
    `  median ${median.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   min ${min.toFixed(1)} ms   max ${max.toFixed(1)} ms`,
    `  target median ≤ ${TARGET_MS} ms: ${median <= TARGET_MS ? 'met' : 'MISSED'}`,
    `  saving at 1 / 10 / 20 kWh: ${[0, 9, 19].map((i) => last.points[i]?.yearlySavingEur.toFixed(2)).join(' / ')} EUR/year`,
    `  (checksum ${sink})`,
  ].join('\n') + '\n',
);
