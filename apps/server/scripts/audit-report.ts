// Reads the JSON that `npm audit --json` prints and decides whether CI must fail: any known high or critical
// vulnerability in a runtime dependency fails it. Kept apart from the runner (audit.ts) so it is tested on answers in
// npm's real formats (report version 2, and the error object npm prints when the advisory service refuses).

/** What `npm audit --json` said, as far as CI cares. */
export type AuditVerdict =
  | { kind: 'clean'; counts: SeverityCounts }
  | { kind: 'vulnerable'; counts: SeverityCounts; findings: AuditFinding[] }
  | { kind: 'unreachable'; reason: string }
  | { kind: 'unreadable'; reason: string };

/** Vulnerable packages per severity, as npm's report metadata counts them. */
export interface SeverityCounts {
  info: number;
  low: number;
  moderate: number;
  high: number;
  critical: number;
}

/** One vulnerable package at or above the failing severity. */
export interface AuditFinding {
  name: string;
  severity: 'high' | 'critical';
  range: string;
  /** Advisory titles (or the packages through which it is vulnerable). */
  via: string[];
}

const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** Judges the text `npm audit --omit=dev --json` printed on standard output. */
export function judgeAuditOutput(stdout: string): AuditVerdict {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return { kind: 'unreadable', reason: `not JSON: ${stdout.slice(0, 200)}` };
  }
  if (!isRecord(parsed)) return { kind: 'unreadable', reason: 'not a JSON object' };

  // npm prints the failed HTTP exchange when the advisory endpoint refuses or cannot be reached.
  if (parsed.auditReportVersion === undefined) {
    const message = typeof parsed.message === 'string' ? parsed.message : undefined;
    const error = isRecord(parsed.error) ? parsed.error : undefined;
    const summary = typeof error?.summary === 'string' && error.summary ? error.summary : undefined;
    if (message || summary || parsed.statusCode !== undefined)
      return {
        kind: 'unreachable',
        reason: message ?? summary ?? `HTTP ${String(parsed.statusCode)}`,
      };
    return { kind: 'unreadable', reason: 'no auditReportVersion' };
  }

  const metadata = isRecord(parsed.metadata) ? parsed.metadata : {};
  const totals = isRecord(metadata.vulnerabilities) ? metadata.vulnerabilities : {};
  const counts = Object.fromEntries(
    SEVERITIES.map((s) => [s, count(totals[s])]),
  ) as unknown as SeverityCounts;

  const findings: AuditFinding[] = [];
  const vulnerabilities = isRecord(parsed.vulnerabilities) ? parsed.vulnerabilities : {};
  for (const [name, entry] of Object.entries(vulnerabilities)) {
    if (!isRecord(entry)) continue;
    if (entry.severity !== 'high' && entry.severity !== 'critical') continue;
    const via = Array.isArray(entry.via)
      ? entry.via.map((v) =>
          typeof v === 'string' ? v : isRecord(v) ? String(v.title ?? v.name) : '?',
        )
      : [];
    findings.push({
      name,
      severity: entry.severity,
      range: typeof entry.range === 'string' ? entry.range : '',
      via,
    });
  }
  // Trust either signal: the per-package list or the metadata totals.
  if (findings.length > 0 || counts.high + counts.critical > 0)
    return { kind: 'vulnerable', counts, findings };
  return { kind: 'clean', counts };
}
