// GET /api/site/info throughput on one core: the server is pinned to CPU 0, autocannon runs in this process on
// CPU 1 (10 s, 50 connections), after a short warm-up.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { report, startServer } from './lib.ts';

try {
  execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
} catch {
  console.log('site-info: taskset unavailable; running unpinned');
}
const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-info-'));
const server = await startServer({ dataDir, cpu: 0 });
try {
  const url = `${server.baseUrl}/api/site/info?identifier=default`;
  await autocannon({ url, connections: 50, duration: 3 });
  const result = await autocannon({ url, connections: 50, duration: 10 });
  if (result.non2xx > 0 || result.errors > 0) {
    console.log(`site-info: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  report(
    'site-info: requests/s (one core, 50 connections, 10 s)',
    result.requests.average,
    'req/s',
    {
      min: 2000,
    },
  );
  report('site-info: p99 latency', result.latency.p99, 'ms', { max: 20 });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
