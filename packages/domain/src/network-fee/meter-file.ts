// One entry point for every meter file a user can bring: the Moj Elektro API JSON answer, the CLI's CSV and the
// portal's own 15-minute CSV export. The format is recognised from the content (the file name only sharpens the
// error for a workbook), and every format comes back in the same shape.

import { NetworkFeeError } from './errors.ts';
import {
  parseMojElektroReadings,
  parseReadingsCsv,
  type ParsedReadings,
} from './parse-readings.ts';
import { parsePortalCsv } from './portal-csv.ts';

/** Where a meter file came from. */
export type MeterFileSource = 'api-json' | 'cli-csv' | 'portal-csv';

/** A meter file in the common shape: import = P+ else A+, export = P− else A− (same unit as import). */
export interface MeterFile {
  /** `power`: values are 15-minute average kW; `energy`: kWh per 15 minutes. */
  readonly kind: 'power' | 'energy';
  /** Interval END instants, UTC ms (the portal's convention), in file order. */
  readonly intervalEndsMs: number[];
  readonly importValues: number[];
  /** Aligned with intervalEndsMs, NaN where an interval has no export reading; null without export data. */
  readonly exportValues: number[] | null;
  readonly source: MeterFileSource;
  /** Rows or readings left out (gaps, totals, notes). */
  readonly skipped: number;
}

const CLI_CSV_HEADER = /^timestamp,(power_kw|energy_kwh)$/;

function fromParsed(parsed: ParsedReadings, source: MeterFileSource): MeterFile {
  return {
    kind: parsed.kind,
    intervalEndsMs: Array.from(parsed.intervalEndsMs),
    importValues: Array.from(parsed.values),
    exportValues: parsed.exportValues ? Array.from(parsed.exportValues) : null,
    source,
    skipped: parsed.skipped,
  };
}

/**
 * Recognises and parses a meter file: JSON (`{…}`) as the Moj Elektro meter-readings answer, a first line
 * `timestamp,power_kw` / `timestamp,energy_kwh` as the CLI CSV, anything else as the portal's CSV export. Throws
 * UNKNOWN_FILE_FORMAT (params `fileName`, `reason`) for a workbook or binary file, else the parser's own errors.
 */
export function parseMeterFile(text: string, fileName?: string): MeterFile {
  const body = text.replace(/^\uFEFF/, '');
  const start = body.trimStart();
  const lower = (fileName ?? '').toLowerCase();
  if (start.startsWith('PK\u0003\u0004') || /\.(xlsx|xls|ods)$/.test(lower)) {
    throw new NetworkFeeError(
      'UNKNOWN_FILE_FORMAT',
      `${fileName ?? 'the file'} is a spreadsheet workbook; export or save it as CSV`,
      { fileName: fileName ?? '', reason: 'workbook' },
    );
  }
  if (start.slice(0, 4096).includes('\u0000')) {
    throw new NetworkFeeError(
      'UNKNOWN_FILE_FORMAT',
      `${fileName ?? 'the file'} is not a text file`,
      {
        fileName: fileName ?? '',
        reason: 'binary',
      },
    );
  }
  if (start.startsWith('{') || start.startsWith('[')) {
    return fromParsed(parseMojElektroReadings(start), 'api-json');
  }
  const firstLine = (start.split(/\r\n|\n|\r/, 1)[0] ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '');
  if (CLI_CSV_HEADER.test(firstLine)) return fromParsed(parseReadingsCsv(start), 'cli-csv');
  if (start === '') {
    throw new NetworkFeeError('UNKNOWN_FILE_FORMAT', `${fileName ?? 'the file'} is empty`, {
      fileName: fileName ?? '',
      reason: 'empty',
    });
  }
  // The portal parser gets the leading lines too, so that its row numbers are the file's.
  return fromParsed(parsePortalCsv(body), 'portal-csv');
}

/** A meter file's import as the engine's series. */
export function importSeriesOf(file: MeterFile): {
  readonly kind: 'power' | 'energy';
  readonly intervalEndsMs: number[];
  readonly values: number[];
} {
  return { kind: file.kind, intervalEndsMs: file.intervalEndsMs, values: file.importValues };
}
