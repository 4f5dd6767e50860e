// Parsing meter data from text (pure: the caller reads the file). Two shapes:
// - the Moj Elektro `GET /meter-readings` JSON (domain-si.md §2.2): intervalBlocks with P+ (15-min average power,
//   kW) or, when P+ is absent, A+ (15-min energy, kWh); values are decimal strings, timestamps mark interval ends;
// - CSV with the header `timestamp,power_kw` or `timestamp,energy_kwh` (interval end, ISO 8601 with offset).

import { NetworkFeeError } from './errors.ts';
import type { MeterSeries } from './series.ts';

/** Moj Elektro reading type of 15-minute imported active power (P+, kW). */
export const READING_TYPE_P_PLUS = '32.0.2.4.1.2.37.0.0.0.0.0.0.0.0.3.38.0';
/** Moj Elektro reading type of 15-minute imported active energy (A+, kWh). */
export const READING_TYPE_A_PLUS = '32.0.2.4.1.2.12.0.0.0.0.0.0.0.0.3.72.0';
/** Moj Elektro reading type of 15-minute exported active power (P−, kW). */
export const READING_TYPE_P_MINUS = '32.0.2.4.19.2.37.0.0.0.0.0.0.0.0.3.38.0';
/** Moj Elektro reading type of 15-minute exported active energy (A−, kWh). */
export const READING_TYPE_A_MINUS = '32.0.2.4.19.2.12.0.0.0.0.0.0.0.0.3.72.0';

/** A parsed series plus where it came from. */
export interface ParsedReadings extends MeterSeries {
  /** The reading type used (JSON) or the CSV value column. */
  readonly source: string;
  /** Readings without a value (skipped, as the portal leaves gaps). */
  readonly skipped: number;
  /**
   * Export (P− else A−) per interval where the input has it: aligned with intervalEndsMs, in the unit of `kind`
   * (converted × 4 or ÷ 4 when the export is of the other kind), NaN where an interval has no export reading.
   * Null or absent when the input has no export readings.
   */
  readonly exportValues?: number[] | null;
  /** The export reading type used (JSON) or column (CSV). */
  readonly exportSource?: string;
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** Parses an ISO 8601 timestamp that carries an offset (or Z) to UTC ms; undefined otherwise. */
export function parseTimestamp(text: string): number | undefined {
  if (!TIMESTAMP.test(text)) return undefined;
  // Date.parse wants the colon in the offset and at most millisecond precision.
  const normalised = text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2').replace(/(\.\d{3})\d+/, '$1');
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? undefined : ms;
}

const DECIMAL = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$/;

function parseNumber(text: string, where: string): number {
  if (!DECIMAL.test(text)) {
    throw new NetworkFeeError('INVALID_VALUE', `${where}: "${text}" is not a number`, {
      value: text,
      where,
    });
  }
  return Number(text);
}

/** Reading types are compared without their first field (32, 0 or 8 mark the same quantity for different uses). */
function sameQuantity(a: string, b: string): boolean {
  return a.split('.').slice(1).join('.') === b.split('.').slice(1).join('.');
}

interface RawReading {
  timestamp?: unknown;
  value?: unknown;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parses a Moj Elektro meter-readings JSON document. Throws INVALID_INPUT_FORMAT, INVALID_VALUE. */
export function parseMojElektroReadings(text: string): ParsedReadings {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw new NetworkFeeError(
      'INVALID_INPUT_FORMAT',
      `not valid JSON: ${(e as Error).message}`,
      {},
    );
  }
  const blocks = isObject(doc) ? doc.intervalBlocks : undefined;
  if (!Array.isArray(blocks)) {
    throw new NetworkFeeError(
      'INVALID_INPUT_FORMAT',
      'the JSON has no intervalBlocks array (expected a Moj Elektro meter-readings response)',
      {},
    );
  }
  const typed = blocks.filter(isObject);
  const ofType = (wanted: string): Record<string, unknown>[] =>
    typed.filter((b) => typeof b.readingType === 'string' && sameQuantity(b.readingType, wanted));
  for (const [wanted, kind] of [
    [READING_TYPE_P_PLUS, 'power'],
    [READING_TYPE_A_PLUS, 'energy'],
  ] as const) {
    const matching = ofType(wanted);
    if (matching.length === 0) continue;
    const { ends, values, skipped } = readIntervalBlocks(matching);
    let exportValues: number[] | null = null;
    let exportSource: string | undefined;
    for (const [exportWanted, exportKind] of [
      [READING_TYPE_P_MINUS, 'power'],
      [READING_TYPE_A_MINUS, 'energy'],
    ] as const) {
      const exportBlocks = ofType(exportWanted);
      if (exportBlocks.length === 0) continue;
      const exported = readIntervalBlocks(exportBlocks);
      if (exported.values.length === 0) continue;
      const factor = exportKind === kind ? 1 : kind === 'power' ? 4 : 0.25;
      const byEnd = new Map<number, number>();
      exported.ends.forEach((e, k) => byEnd.set(e, (exported.values[k] as number) * factor));
      exportValues = ends.map((e) => byEnd.get(e) ?? Number.NaN);
      exportSource = String(exportBlocks[0]?.readingType);
      break;
    }
    return {
      kind,
      intervalEndsMs: ends,
      values,
      source: String(matching[0]?.readingType),
      skipped,
      exportValues,
      ...(exportSource === undefined ? {} : { exportSource }),
    };
  }
  throw new NetworkFeeError(
    'INVALID_INPUT_FORMAT',
    `no 15-minute P+ (${READING_TYPE_P_PLUS}) or A+ (${READING_TYPE_A_PLUS}) readings in the JSON`,
    {},
  );
}

function readIntervalBlocks(matching: readonly Record<string, unknown>[]): {
  ends: number[];
  values: number[];
  skipped: number;
} {
  const ends: number[] = [];
  const values: number[] = [];
  let skipped = 0;
  for (const block of matching) {
    const readings = block.intervalReadings;
    if (!Array.isArray(readings)) {
      throw new NetworkFeeError(
        'INVALID_INPUT_FORMAT',
        `intervalBlocks entry ${String(block.readingType)} has no intervalReadings array`,
        {},
      );
    }
    for (const r of readings as RawReading[]) {
      if (!isObject(r) || typeof r.timestamp !== 'string') {
        throw new NetworkFeeError('INVALID_INPUT_FORMAT', 'a reading has no timestamp string', {});
      }
      const end = parseTimestamp(r.timestamp);
      if (end === undefined) {
        throw new NetworkFeeError(
          'INVALID_INPUT_FORMAT',
          `invalid timestamp "${r.timestamp}" (ISO 8601 with offset expected)`,
          {
            value: r.timestamp,
          },
        );
      }
      if (r.value === null || r.value === undefined || r.value === '') {
        skipped++;
        continue;
      }
      const value =
        typeof r.value === 'number'
          ? r.value
          : typeof r.value === 'string'
            ? parseNumber(r.value, r.timestamp)
            : Number.NaN;
      ends.push(end);
      values.push(value);
    }
  }
  return { ends, values, skipped };
}

/** Parses CSV with the header `timestamp,power_kw` or `timestamp,energy_kwh`. Throws INVALID_INPUT_FORMAT, INVALID_VALUE. */
export function parseReadingsCsv(text: string): ParsedReadings {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').trim().toLowerCase().replace(/\s+/g, '');
  let kind: 'power' | 'energy';
  if (header === 'timestamp,power_kw') kind = 'power';
  else if (header === 'timestamp,energy_kwh') kind = 'energy';
  else {
    throw new NetworkFeeError(
      'INVALID_INPUT_FORMAT',
      `the CSV header must be "timestamp,power_kw" or "timestamp,energy_kwh", got "${lines[0] ?? ''}"`,
      {},
    );
  }
  const ends: number[] = [];
  const values: number[] = [];
  let skipped = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    const fields = line.split(',');
    if (fields.length !== 2) {
      throw new NetworkFeeError(
        'INVALID_INPUT_FORMAT',
        `line ${i + 1}: expected 2 fields, got ${fields.length}`,
        { line: i + 1 },
      );
    }
    const stamp = (fields[0] as string).trim();
    const end = parseTimestamp(stamp);
    if (end === undefined) {
      throw new NetworkFeeError(
        'INVALID_INPUT_FORMAT',
        `line ${i + 1}: invalid timestamp "${stamp}" (ISO 8601 with offset expected)`,
        {
          line: i + 1,
        },
      );
    }
    const raw = (fields[1] as string).trim();
    if (raw === '') {
      skipped++;
      continue;
    }
    ends.push(end);
    values.push(parseNumber(raw, `line ${i + 1}`));
  }
  return {
    kind,
    intervalEndsMs: ends,
    values,
    source: kind === 'power' ? 'power_kw' : 'energy_kwh',
    skipped,
  };
}

/** Parses either format: JSON when the text starts with `{`, CSV otherwise. */
export function parseMeterReadings(text: string): ParsedReadings {
  return text
    .trimStart()
    .replace(/^\uFEFF/, '')
    .startsWith('{')
    ? parseMojElektroReadings(text)
    : parseReadingsCsv(text);
}
