// Start-up time, as `npm start` starts the server: development mode with the demo seed, PGlite in a fresh DATA_DIR.
// A first start on the empty directory (initdb + migrate + demo seed) and later starts on the same directory, each
// measured from spawning `node apps/server/src/server.ts` to its first 200 on GET / (the SPA, served once built),
// with the server's own per-phase timings from its start log.
//
// Usage: node bench/startup.ts [--busy]
//   --busy  CPU burners (one per core, at least two: a busy loop in `node -e`) run during the starts, as on a busy
//           2-core machine; they are killed afterwards and stop by themselves after 5 minutes in any case.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { report, startServer, type StartedServer } from './lib.ts';

const busy = process.argv.includes('--busy');

/** The `phaseMs` object of the server's "start-up phases" log line. */
function phasesOf(output: string): Record<string, number> | null {
  for (const line of output.split('\n')) {
    if (!line.includes('"phaseMs"')) continue;
    try {
      return (JSON.parse(line) as { phaseMs: Record<string, number> }).phaseMs;
    } catch {
      // a pretty-printed log: no phases to read
    }
  }
  return null;
}

/** The "demo: a year of 15-minute history written" log line's fields, once it is there. */
function historyOf(output: string): { intervals: number; ms: number } | null {
  for (const line of output.split('\n')) {
    if (!line.includes('a year of 15-minute history written')) continue;
    try {
      return JSON.parse(line) as { intervals: number; ms: number };
    } catch {
      // a pretty-printed log
    }
  }
  return null;
}

async function start(
  dataDir: string,
  options: { waitForHistory?: boolean } = {},
): Promise<{
  ms: number;
  phases: Record<string, number> | null;
  history: { intervals: number; ms: number; fromSpawnMs: number } | null;
}> {
  const spawned = performance.now();
  const server: StartedServer = await startServer({
    dataDir,
    readyPath: '/',
    captureOutput: true,
    // As `npm start`: not production, so the demo data is seeded; JSON logs at info for the phase line.
    env: { NODE_ENV: 'development', LOG_LEVEL: 'info', MQTT_PORT: '0', MQTT_WS_PORT: '0' },
  });
  // The phase line is written right after listening; give the pipe a moment.
  for (let i = 0; i < 100 && !phasesOf(server.output()); i++)
    await new Promise((r) => setTimeout(r, 20));
  const phases = phasesOf(server.output());
  let history: { intervals: number; ms: number; fromSpawnMs: number } | null = null;
  if (options.waitForHistory) {
    // The demo year is written in the background after the server is ready (apps/server/src/demo).
    for (let i = 0; i < 3000 && !history; i++) {
      const line = historyOf(server.output());
      if (line) history = { ...line, fromSpawnMs: Math.round(performance.now() - spawned) };
      else await new Promise((r) => setTimeout(r, 100));
    }
  }
  await server.stop();
  return { ms: server.msToFirst200, phases, history };
}

const format = (phases: Record<string, number> | null) =>
  phases
    ? Object.entries(phases)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(' · ')
    : '(no phase line)';

const burners: ChildProcess[] = [];
if (busy) {
  for (let i = 0; i < Math.max(2, availableParallelism()); i++)
    // Each burner stops by itself after 5 minutes, should this process die before killing it.
    burners.push(
      spawn(
        process.execPath,
        ['-e', 'const end = Date.now() + 300_000; while (Date.now() < end);'],
        {
          stdio: 'ignore',
        },
      ),
    );
  console.log(`startup: ${burners.length} CPU burners running (busy machine)`);
}
const label = busy ? ' (busy: every core burned)' : '';
const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-start-'));
try {
  const first = await start(dataDir, { waitForHistory: true });
  console.log(`  first start phases (ms): ${format(first.phases)}`);
  report(
    `startup: first start, empty DATA_DIR (initdb + migrate + demo seed) to first 200${label}`,
    first.ms,
    'ms',
    { max: 60_000 },
  );
  if (first.history) {
    console.log(
      `  demo history: ${first.history.intervals} intervals in ${first.history.ms} ms after the server was ready`,
    );
    report(
      `startup: first start to the demo year of history written${label}`,
      first.history.fromSpawnMs,
      'ms',
      { max: 60_000 },
    );
  } else {
    console.log('  demo history: no "history written" line within 5 minutes');
  }
  const later: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await start(dataDir);
    later.push(again.ms);
    console.log(`  later start ${i + 1} phases (ms): ${format(again.phases)}`);
  }
  report(`startup: later start to first 200 (worst of 3)${label}`, Math.max(...later), 'ms', {
    max: 5_000,
  });
} finally {
  for (const burner of burners) burner.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
