import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { freePort } from '../apps/web/e2e/app-server.ts';

export { freePort };

/** The PostgreSQL server the database benches use (its admin database). */
export const BENCH_POSTGRES_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement (create/drop database) on the admin database of {@link BENCH_POSTGRES_URL}. */
export async function postgresAdmin(statement: string): Promise<void> {
  const { createDb, sql } = await import('@ec/db');
  const db = await createDb({ databaseUrl: BENCH_POSTGRES_URL, maxConnections: 1 });
  try {
    await db.db.execute(sql.raw(statement));
  } finally {
    await db.close();
  }
}

export const repoRoot = new URL('../', import.meta.url).pathname;

export interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 answer of `readyPath`. */
  msToFirst200: number;
  /** The server's standard output so far (only with `captureOutput`). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the real server (`node apps/server/src/server.ts`) and measures the time to its first 200 on `readyPath`.
 * `cpu` pins it to one core with taskset so load figures are per core.
 */
export async function startServer(options: {
  dataDir: string;
  readyPath?: string;
  cpu?: number;
  env?: Record<string, string>;
  /** Set PUBLIC_URL to the server's own base URL (the CSRF check accepts configured origins only). */
  publicUrl?: boolean;
  /** Keep the server's standard output (its log) for {@link StartedServer.output}. */
  captureOutput?: boolean;
}): Promise<StartedServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const args = ['apps/server/src/server.ts'];
  const command = options.cpu === undefined ? process.execPath : 'taskset';
  const argv =
    options.cpu === undefined ? args : ['-c', String(options.cpu), process.execPath, ...args];
  const started = performance.now();
  const child = spawn(command, argv, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Required in production: a fresh key per bench server (its data directory is fresh too).
      EXTERNAL_CREDENTIALS_KEY: randomBytes(32).toString('hex'),
      ...options.env,
      ...(options.publicUrl ? { PUBLIC_URL: baseUrl } : {}),
    },
    stdio: ['ignore', options.captureOutput ? 'pipe' : 'ignore', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const readyPath = options.readyPath ?? '/api/health';
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    if (performance.now() - started > 120_000) throw new Error('server did not answer in 120 s');
    try {
      const res = await fetch(baseUrl + readyPath);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const msToFirst200 = performance.now() - started;
  return {
    child,
    baseUrl,
    msToFirst200,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}

/** Prints one figure as `name: value unit (target …) PASS|MISS`. */
export function report(
  name: string,
  value: number,
  unit: string,
  target?: { max?: number; min?: number },
) {
  let verdict = '';
  if (target?.max !== undefined)
    verdict = ` (target ≤ ${target.max} ${unit}) ${value <= target.max ? 'PASS' : 'MISS'}`;
  if (target?.min !== undefined)
    verdict = ` (target ≥ ${target.min} ${unit}) ${value >= target.min ? 'PASS' : 'MISS'}`;
  console.log(
    `${name}: ${value.toFixed(unit === 'KB' ? 1 : unit === 'ms' ? 1 : 0)} ${unit}${verdict}`,
  );
}

/** What {@link openLoop} measured. */
export interface OpenLoopResult {
  sent: number;
  /** Answers by status code. */
  statuses: Record<number, number>;
  errors: number;
  /** Latency percentiles in ms (from the scheduled send time, so queueing in this process counts too). */
  p50: number;
  p99: number;
  max: number;
  /** Answer bytes on the wire per request (body as received, e.g. gzip). */
  bytesPerAnswer: number;
}

/**
 * An open-loop load generator: requests are scheduled at a steady `rate` per second (one every 1000/rate ms) no
 * matter how fast answers come, over a pool of keep-alive connections, and latency is measured from each request's
 * scheduled time. A closed-loop tool (autocannon's `overallRate`) lets each connection send its share back to back
 * at the start of every second, which measures bursts of concurrent requests rather than a steady rate.
 */
export async function openLoop(options: {
  url: string;
  headers: Record<string, string>;
  rate: number;
  durationMs: number;
}): Promise<OpenLoopResult> {
  const { request, Agent } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const url = new URL(options.url);
  const total = Math.round((options.rate * options.durationMs) / 1000);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let errors = 0;
  let bytes = 0;
  let sent = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  const fire = (scheduled: number) =>
    new Promise<void>((resolve) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          headers: options.headers,
          agent,
        },
        (res) => {
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () => {
            latencies.push(performance.now() - scheduled);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  while (sent < total) {
    const now = performance.now();
    const due = Math.min(total, Math.floor((now - start) / interval) + 1);
    while (sent < due) {
      pending.push(fire(start + sent * interval));
      sent += 1;
    }
    await new Promise((r) => setTimeout(r, 1));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    sent,
    statuses,
    errors,
    p50: Math.round(pick(0.5) * 10) / 10,
    p99: Math.round(pick(0.99) * 10) / 10,
    max: Math.round((latencies.at(-1) ?? 0) * 10) / 10,
    bytesPerAnswer: bytes / Math.max(latencies.length, 1),
  };
}

/** Order statistics of a list of timings (sorted here, a copy): nearest-rank quantiles and the midpoint median. */
export function timings(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  const at = (i: number): number => sorted[i] ?? NaN;
  /** The nearest-rank q-quantile (0 < q ≤ 1). */
  const quantile = (q: number): number => at(Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1)));
  return {
    quantile,
    median: n % 2 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2,
    min: at(0),
    max: at(n - 1),
  };
}

/** Signs in over the API and answers the session cookie (`ec_session=…`) for later requests. */
export async function signIn(
  baseUrl: string,
  login: { email: string; password: string },
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data: login }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ec_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(';')[0] ?? '';
}
