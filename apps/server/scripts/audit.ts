// `npm run audit`: fails on a known high or critical vulnerability in a runtime dependency (`npm audit --omit=dev`).
// When npm's advisory service cannot be asked (no network, or a registry mirror without the audit endpoint) it says
// so plainly and passes, unless AUDIT_REQUIRED=1, where an unanswered audit fails too.
import { spawnSync } from 'node:child_process';
import { judgeAuditOutput } from './audit-report.ts';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
  timeout: 180_000,
});
const verdict = judgeAuditOutput(run.stdout ?? '');
const required = process.env.AUDIT_REQUIRED === '1';

switch (verdict.kind) {
  case 'clean': {
    const c = verdict.counts;
    console.log(
      `audit: no high or critical vulnerability in runtime dependencies (moderate ${c.moderate}, low ${c.low}, info ${c.info})`,
    );
    break;
  }
  case 'vulnerable': {
    console.error(
      `audit: ${verdict.counts.critical} critical and ${verdict.counts.high} high vulnerabilities in runtime dependencies`,
    );
    for (const f of verdict.findings)
      console.error(`  ${f.severity.padEnd(8)} ${f.name} ${f.range}  (${f.via.join('; ')})`);
    process.exit(1);
    break;
  }
  case 'unreachable':
    console.warn(
      `audit: the advisory service did not answer (${verdict.reason}); nothing was checked`,
    );
    if (required) process.exit(1);
    break;
  case 'unreadable':
    console.error(`audit: could not read npm audit's answer: ${verdict.reason}`);
    if (run.stderr) console.error(run.stderr.slice(0, 2000));
    process.exit(1);
}
