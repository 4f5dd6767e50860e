// The real entry point in a child process: first start on an empty data directory (migrate + seed + demo logins),
// a second start on the same directory (no seeding), and a clean exit on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** How long a start may take before the test gives up; a test starts and stops the server, so it gets twice that. */
const START_WAIT_MS = 150_000;
const SPAWN_TEST_MS = 2 * START_WAIT_MS;

const entry = fileURLToPath(new URL('./server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ec-server-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function start(
  env: Record<string, string> = { HOST: '127.0.0.1' },
): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      // The embedded MQTT broker on free ports: 1884/1885 may be taken by a running server.
      MQTT_PORT: '0',
      MQTT_WS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  // A first start migrates and seeds (argon2 hashes) in a fresh process: seconds when quiet, a minute or more when
  // the machine is busy. The limit is time, not attempts, and stays inside the test's own limit (SPAWN_TEST_MS).
  const deadline = Date.now() + START_WAIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200)
        return { child, base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${output}`);
}

/** Waits until the output holds `text` (log lines reach us apart from the HTTP answers), then returns it. */
async function outputWith(output: () => string, text: string): Promise<string> {
  for (let i = 0; i < 100 && !output().includes(text); i++) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return output();
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('server.ts', () => {
  it(
    'first start: migrates, seeds, prints the demo logins, serves, and exits 0 on SIGTERM',
    async () => {
      const { child, base, output } = await start();
      const info = await (await fetch(`${base}/api/site/info?identifier=gridline`)).json();
      expect(info).toMatchObject({ data: { identifier: 'gridline', status: 'maintenance' } });
      expect(output()).toContain('seeding the demo data');
      // Raw readings get their daily partitions before the server accepts telemetry (no DEFAULT partition).
      expect(await outputWith(output, 'start-up phases')).toMatch(/telemetry partitions \d+ ms/);
      expect(output()).toContain('admin@demo.energy');
      // The banner says where the development mailbox is, that it is for development, and who may read it.
      expect(await outputWith(output, 'for development only')).toContain(
        `development mailbox (for development only, never in production)`,
      );
      expect(output()).toContain(`/dev/mailbox`);
      expect(output()).toContain('signed in as a super admin');
      expect(await stop(child)).toBe(0);
      expect(output()).toContain('shutting down');
    },
    SPAWN_TEST_MS,
  );

  it(
    'later start: keeps the data and does not seed again (and listens on 127.0.0.1 without HOST)',
    async () => {
      const { child, base, output } = await start({});
      expect(await outputWith(output, 'listening on')).toContain('listening on 127.0.0.1 only');
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ data: { email: 'admin@demo.energy', password: 'demo-admin-2024' } }),
      });
      expect(res.status).toBe(200);
      expect(output()).not.toContain('seeding the demo data');
      expect(await stop(child)).toBe(0);
    },
    SPAWN_TEST_MS,
  );
});
