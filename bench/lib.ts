import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const repoRoot = new URL('../', import.meta.url).pathname;

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface StartedServer {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawn to the first 200 answer of `readyPath`. */
  msToFirst200: number;
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
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
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
