// Start-up time: a first start on an empty DATA_DIR (migrate + seed) and a later start on the same directory, each
// measured from spawning `node apps/server/src/server.ts` to its first 200 on GET / (the SPA, served once built).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report, startServer } from './lib.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ec-bench-start-'));
try {
  const first = await startServer({ dataDir, readyPath: '/' });
  await first.stop();
  report(
    'startup: first start, empty DATA_DIR (migrate + seed) to first 200',
    first.msToFirst200,
    'ms',
    {
      max: 60_000,
    },
  );
  const later: number[] = [];
  for (let i = 0; i < 3; i++) {
    const again = await startServer({ dataDir, readyPath: '/' });
    later.push(again.msToFirst200);
    await again.stop();
  }
  report('startup: later start to first 200 (worst of 3)', Math.max(...later), 'ms', {
    max: 5_000,
  });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
