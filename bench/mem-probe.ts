// Loaded into the server by bench/fleet.ts (NODE_OPTIONS=--import …/mem-probe.ts --expose-gc): on SIGUSR2 it runs a
// full garbage collection and writes `process.memoryUsage()` as JSON to the file BENCH_MEM_FILE. Benchmarks only.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEM_FILE;
if (file) {
  process.on('SIGUSR2', () => {
    (globalThis as { gc?: () => void }).gc?.();
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
