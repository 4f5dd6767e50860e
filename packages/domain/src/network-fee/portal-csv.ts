// The 15-minute CSV export people download from mojelektro.si. Its columns differ between export vintages (some
// have `Merilno mesto`, `Leto`, `Mesec`, `Blok`, `Dogovorjena moč`, `Obračunski podatek`, status columns; some lack
// P± or A±), so columns are found by their Slovene header names, never by position. Timestamps are interval-END
// local Europe/Ljubljana wall-clock times without an offset: the repeated hour of the autumn DST change is told apart
// only by row order (its first occurrence is summer time, +02:00, the second winter time, +01:00), and the skipped
// spring hour does not exist. Separators `;` or `,` (or tab), decimal comma or point, quoted fields and a BOM are all
// accepted. Errors carry the row (line number in the file) and the column header so the caller can translate them.

import { NetworkFeeError } from './errors.ts';
import type { ParsedReadings } from './parse-readings.ts';
import { HOUR_MS, INTERVAL_MS, ljubljanaOffsetMs } from './time-zone.ts';

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function monthLength(year: number, month: number): number {
  if (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) return 29;
  return MONTH_DAYS[month - 1] as number;
}

/** The columns found in a portal export (their headers as written in the file). */
export interface PortalCsvColumns {
  readonly timestamp: string;
  readonly pPlus: string | undefined;
  readonly pMinus: string | undefined;
  readonly aPlus: string | undefined;
  readonly aMinus: string | undefined;
}

/** A parsed portal export: import series (P+ else A+) and, where present, export (P− else A−) in the same unit. */
export interface PortalCsvReadings extends ParsedReadings {
  readonly intervalEndsMs: number[];
  readonly values: number[];
  /**
   * Export per interval, aligned with intervalEndsMs and in the import's unit (kW for `power`, kWh for `energy`;
   * converted with × 4 or ÷ 4 where the export column is of the other kind); NaN where a row has no export reading.
   * Null when the file has no export readings at all.
   */
  readonly exportValues: number[] | null;
  readonly columns: PortalCsvColumns;
  /** The separator found in the header line. */
  readonly separator: ';' | ',' | '\t';
}

const SEPARATORS = [';', ',', '\t'] as const;
type Separator = (typeof SEPARATORS)[number];

/** Splits one CSV line; double quotes enclose a field, `""` inside quotes is a quote. */
export function splitCsvLine(line: string, separator: string): string[] {
  if (!line.includes('"')) return line.split(separator);
  // Fast path: every field either unquoted or wholly quoted with no quote or separator inside.
  const parts = line.split(separator);
  let simple = true;
  for (let k = 0; k < parts.length && simple; k++) {
    const p = parts[k] as string;
    const q = p.indexOf('"');
    if (q < 0) continue;
    if (q === 0 && p.length >= 2 && p.indexOf('"', 1) === p.length - 1) parts[k] = p.slice(1, -1);
    else simple = false;
  }
  if (simple) return parts;
  return splitQuoted(line, separator);
}

function splitQuoted(line: string, separator: string): string[] {
  const out: string[] = [];
  const n = line.length;
  let i = 0;
  for (;;) {
    let value = '';
    // Spaces before an opening quote are dropped ( "x" is x).
    let k = i;
    while (line.charCodeAt(k) === 32) k++;
    if (line.charCodeAt(k) === 34) {
      let j = k + 1;
      for (;;) {
        const q = line.indexOf('"', j);
        if (q < 0) {
          value += line.slice(j);
          i = n;
          break;
        }
        value += line.slice(j, q);
        if (line.charCodeAt(q + 1) === 34) {
          value += '"';
          j = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
    }
    const next = line.indexOf(separator, i);
    if (next < 0) {
      out.push(value + line.slice(i));
      return out;
    }
    out.push(value + line.slice(i, next));
    i = next + 1;
  }
}

/** A header reduced for matching: lower case, no diacritics, no unit in brackets, single spaces. */
function normaliseHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[[(][^\])]*[\])]/g, ' ')
    .replace(/[_\s]+/g, ' ')
    .trim();
}

/** The factor from the unit in a header (`[Wh]`, `(W)` → 0.001; `[kWh]`, `[kW]` or none → 1). */
function unitFactor(header: string): number {
  const unit = /[[(]\s*([a-zA-Z]+)\s*[\])]/.exec(header)?.[1]?.toLowerCase();
  if (unit === 'wh' || unit === 'w') return 0.001;
  if (unit === 'mwh' || unit === 'mw') return 1000;
  return 1;
}

type ColumnKind = 'timestamp' | 'pPlus' | 'pMinus' | 'aPlus' | 'aMinus';

function columnKind(header: string): ColumnKind | undefined {
  const h = normaliseHeader(header);
  if (/^(status|kakovost|zanesljivost|oznaka|veljavnost)/.test(h)) return undefined;
  if (
    h.startsWith('casovna znacka') ||
    h === 'timestamp' ||
    h === 'datum in ura' ||
    h === 'datum in cas'
  )
    return 'timestamp';
  if (/^p\+( |$)/.test(h) || h.includes('prejeta delovna moc')) return 'pPlus';
  if (/^p-( |$)/.test(h) || h.includes('oddana delovna moc')) return 'pMinus';
  if (/^(energija )?a\+( |$)/.test(h) || h.includes('prejeta delovna energija')) return 'aPlus';
  if (/^(energija )?a-( |$)/.test(h) || h.includes('oddana delovna energija')) return 'aMinus';
  return undefined;
}

interface Header {
  readonly line: number;
  readonly separator: Separator;
  readonly cells: string[];
  readonly index: Partial<Record<ColumnKind, number>>;
}

/** The first line (of the first 50) with a timestamp column, with the separator that yields the most cells. */
function findHeader(lines: readonly string[]): Header | undefined {
  for (let i = 0; i < Math.min(lines.length, 50); i++) {
    const line = (lines[i] as string).replace(/^\uFEFF/, '');
    let best: Header | undefined;
    for (const separator of SEPARATORS) {
      const cells = splitCsvLine(line, separator).map((c) => c.trim());
      const index: Partial<Record<ColumnKind, number>> = {};
      cells.forEach((c, k) => {
        const kind = columnKind(c);
        if (kind && index[kind] === undefined) index[kind] = k;
      });
      if (index.timestamp === undefined) continue;
      if (!best || cells.length > best.cells.length) best = { line: i, separator, cells, index };
    }
    if (best) return best;
  }
  return undefined;
}

const ISO_LOCAL =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ]+|\s*,\s*)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;
const SLOVENE_LOCAL =
  /^(\d{1,2})\.\s*(\d{1,2})\.\s*(\d{4})\.?(?:\s*,\s*|\s+)(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?$/;

/** Wall-clock parts of a timestamp cell, or undefined when it is not one of the accepted formats. */
function parseLocalStamp(text: string):
  | {
      readonly localMs: number;
      readonly offsetMs: number | undefined;
    }
  | undefined {
  let y: number, mo: number, d: number, h: number, mi: number, s: number;
  let offsetMs: number | undefined;
  const iso = ISO_LOCAL.exec(text);
  if (iso) {
    y = Number(iso[1]);
    mo = Number(iso[2]);
    d = Number(iso[3]);
    h = Number(iso[4]);
    mi = Number(iso[5]);
    s = iso[6] === undefined ? 0 : Number(iso[6]);
    const off = iso[7];
    if (off !== undefined) {
      if (off === 'Z') offsetMs = 0;
      else {
        const m = /^([+-])(\d{2}):?(\d{2})$/.exec(off);
        if (!m) return undefined;
        offsetMs = (m[1] === '-' ? -1 : 1) * (Number(m[2]) * HOUR_MS + Number(m[3]) * 60_000);
      }
    }
  } else {
    const sl = SLOVENE_LOCAL.exec(text);
    if (!sl) return undefined;
    d = Number(sl[1]);
    mo = Number(sl[2]);
    y = Number(sl[3]);
    h = Number(sl[4]);
    mi = Number(sl[5]);
    s = sl[6] === undefined ? 0 : Number(sl[6]);
  }
  if (mo < 1 || mo > 12 || d < 1 || d > monthLength(y, mo)) return undefined;
  if (mi > 59 || s > 59 || h > 24 || (h === 24 && (mi !== 0 || s !== 0))) return undefined;
  // 24:00 is midnight at the end of the day (Date.UTC rolls it over to the next day).
  return { localMs: Date.UTC(y, mo - 1, d, h, mi, s), offsetMs };
}

const NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

function fail(
  code:
    'CSV_INVALID_TIMESTAMP' | 'CSV_NONEXISTENT_TIME' | 'CSV_REPEATED_TIME' | 'CSV_INVALID_NUMBER',
  row: number,
  column: string,
  value: string,
  message: string,
): never {
  throw new NetworkFeeError(code, `row ${row}, column "${column}": ${message}`, {
    row,
    column,
    value,
  });
}

/**
 * Parses the portal's 15-minute CSV export. Import = P+ (kW, `kind: 'power'`) when the file has P+ readings, else A+
 * (kWh, `kind: 'energy'`); export = P− else A−. Rows without a date in the timestamp column (totals, notes, a
 * repeated header) and rows without an import reading are skipped and counted. Throws NetworkFeeError:
 * CSV_HEADER_NOT_FOUND, CSV_COLUMN_MISSING, CSV_FIELD_COUNT, CSV_INVALID_TIMESTAMP, CSV_NONEXISTENT_TIME,
 * CSV_REPEATED_TIME, CSV_INVALID_NUMBER (params `row`, `column`, `value`) or CSV_NO_DATA.
 */
export function parsePortalCsv(text: string): PortalCsvReadings {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const header = findHeader(lines);
  if (!header) {
    throw new NetworkFeeError(
      'CSV_HEADER_NOT_FOUND',
      'no header line with a timestamp column ("Časovna značka") in the first 50 lines',
      {},
    );
  }
  const { index, cells: names, separator } = header;
  if (index.pPlus === undefined && index.aPlus === undefined) {
    throw new NetworkFeeError(
      'CSV_COLUMN_MISSING',
      `no import column ("P+ Prejeta delovna moč" or "Energija A+"); found: ${names.join(', ')}`,
      { column: 'P+ / A+', found: names.join(', ') },
    );
  }
  const name = (k: number | undefined): string | undefined =>
    k === undefined ? undefined : names[k];
  const tsIndex = index.timestamp as number;
  const tsName = names[tsIndex] as string;
  const valueColumns = (['pPlus', 'aPlus', 'pMinus', 'aMinus'] as const).map((kind) => ({
    kind,
    index: index[kind],
    name: name(index[kind]) ?? '',
    factor: index[kind] === undefined ? 1 : unitFactor(names[index[kind]] ?? ''),
    values: [] as number[],
    present: 0,
  }));

  const ends: number[] = [];
  const seenAmbiguous = new Map<number, number>();
  let skipped = 0;
  for (let i = header.line + 1; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.trim() === '') continue;
    const row = i + 1;
    const cells = splitCsvLine(line, separator);
    if (cells.length > names.length && cells.slice(names.length).some((c) => c.trim() !== '')) {
      throw new NetworkFeeError(
        'CSV_FIELD_COUNT',
        `row ${row}: ${cells.length} fields, the header has ${names.length}${separator === ',' ? ' (a decimal comma in an unquoted field?)' : ''}`,
        { row, expected: names.length, actual: cells.length },
      );
    }
    const stamp = (cells[tsIndex] ?? '').trim();
    if (!/\d/.test(stamp)) {
      skipped++;
      continue;
    }
    const parsed = parseLocalStamp(stamp);
    if (!parsed) fail('CSV_INVALID_TIMESTAMP', row, tsName, stamp, `invalid timestamp "${stamp}"`);
    let end: number;
    if (parsed.offsetMs !== undefined) {
      end = parsed.localMs - parsed.offsetMs;
    } else {
      const summer = parsed.localMs - 2 * HOUR_MS;
      const winter = parsed.localMs - HOUR_MS;
      const summerOk = ljubljanaOffsetMs(summer) === 2 * HOUR_MS;
      const winterOk = ljubljanaOffsetMs(winter) === HOUR_MS;
      if (summerOk && winterOk) {
        // The repeated autumn hour: first occurrence summer time, second winter time.
        const seen = seenAmbiguous.get(parsed.localMs) ?? 0;
        if (seen >= 2) {
          fail(
            'CSV_REPEATED_TIME',
            row,
            tsName,
            stamp,
            `"${stamp}" occurs a third time (the autumn hour repeats only once)`,
          );
        }
        seenAmbiguous.set(parsed.localMs, seen + 1);
        end = seen === 0 ? summer : winter;
      } else if (summerOk) end = summer;
      else if (winterOk) end = winter;
      else {
        fail(
          'CSV_NONEXISTENT_TIME',
          row,
          tsName,
          stamp,
          `"${stamp}" does not exist in Europe/Ljubljana (the hour skipped by the spring DST change)`,
        );
      }
    }
    if (end % INTERVAL_MS !== 0) {
      fail('CSV_INVALID_TIMESTAMP', row, tsName, stamp, `"${stamp}" is not on a quarter hour`);
    }
    let any = false;
    const rowValues: number[] = [];
    for (const c of valueColumns) {
      if (c.index === undefined) {
        rowValues.push(Number.NaN);
        continue;
      }
      const raw = (cells[c.index] ?? '').trim();
      if (raw === '' || raw === '-') {
        rowValues.push(Number.NaN);
        continue;
      }
      if (!NUMBER.test(raw))
        fail('CSV_INVALID_NUMBER', row, c.name, raw, `"${raw}" is not a number`);
      const v = (raw.includes(',') ? Number(raw.replace(',', '.')) : Number(raw)) * c.factor;
      if (v < 0) fail('CSV_INVALID_NUMBER', row, c.name, raw, `"${raw}" is negative`);
      rowValues.push(v);
      any = true;
    }
    if (!any) {
      skipped++;
      continue;
    }
    ends.push(end);
    valueColumns.forEach((c, k) => {
      const v = rowValues[k] as number;
      c.values.push(v);
      if (!Number.isNaN(v)) c.present++;
    });
  }

  const [pPlus, aPlus, pMinus, aMinus] = valueColumns as [
    (typeof valueColumns)[number],
    (typeof valueColumns)[number],
    (typeof valueColumns)[number],
    (typeof valueColumns)[number],
  ];
  const importColumn = pPlus.present > 0 ? pPlus : aPlus;
  const kind: 'power' | 'energy' = importColumn === pPlus ? 'power' : 'energy';
  const exportColumn = pMinus.present > 0 ? pMinus : aMinus.present > 0 ? aMinus : undefined;
  const exportFactor = !exportColumn
    ? 1
    : (exportColumn === pMinus) === (kind === 'power')
      ? 1
      : kind === 'power'
        ? 4
        : 0.25;
  const intervalEndsMs: number[] = [];
  const values: number[] = [];
  const exportValues: number[] | null = exportColumn ? [] : null;
  for (let k = 0; k < ends.length; k++) {
    const v = importColumn.values[k] as number;
    if (Number.isNaN(v)) {
      skipped++;
      continue;
    }
    intervalEndsMs.push(ends[k] as number);
    values.push(v);
    if (exportValues && exportColumn)
      exportValues.push((exportColumn.values[k] as number) * exportFactor);
  }
  if (intervalEndsMs.length === 0) {
    throw new NetworkFeeError(
      'CSV_NO_DATA',
      `no rows with a ${importColumn.name || 'P+ / A+'} reading`,
      { column: importColumn.name || 'P+ / A+' },
    );
  }
  return {
    kind,
    intervalEndsMs,
    values,
    exportValues,
    source: importColumn.name,
    skipped,
    separator,
    columns: {
      timestamp: tsName,
      pPlus: name(index.pPlus),
      pMinus: name(index.pMinus),
      aPlus: name(index.aPlus),
      aMinus: name(index.aMinus),
    },
  };
}
