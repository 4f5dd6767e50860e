// The real entry point in a child process: first start on an empty data directory (migrate + seed + demo logins),
// a second start on the same directory (no seeding), and a clean exit on SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

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

async function start(): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
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

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

describe('server.ts', () => {
  it('first start: migrates, seeds, prints the demo logins, serves, and exits 0 on SIGTERM', async () => {
    const { child, base, output } = await start();
    const info = await (await fetch(`${base}/api/site/info?identifier=gridline`)).json();
    expect(info).toMatchObject({ data: { identifier: 'gridline', status: 'maintenance' } });
    expect(output()).toContain('seeding the demo data');
    expect(output()).toContain('admin@demo.energy');
    expect(await stop(child)).toBe(0);
    expect(output()).toContain('shutting down');
  });

  it('later start: keeps the data and does not seed again', async () => {
    const { child, base, output } = await start();
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { email: 'admin@demo.energy', password: 'demo-admin-2024' } }),
    });
    expect(res.status).toBe(200);
    expect(output()).not.toContain('seeding the demo data');
    expect(await stop(child)).toBe(0);
  });
});
