/**
 * Parser of DSMR P1 telegrams (Dutch DSMR 2.2–5.0, Belgian e-MUCS, Luxembourg's Sagemcom T210-D and other ESMR 5
 * meters). The telegram is untrusted input from a controller: the parser never throws, answers a refusal reason
 * for anything it cannot vouch for, and keeps no state.
 *
 * A telegram is:
 *
 * ```text
 * /ISK5\2M550T-1012          header: `/`, manufacturer (3 letters), baud-rate character, identification
 *                            an empty line
 * 1-3:0.2.8(50)              data lines: OBIS reference, then one or more `(value)` or `(value*unit)`
 * 0-0:1.0.0(200426223325S)
 * …
 * !56DD                      footer: `!` and the CRC-16 of everything from `/` to `!` (4 hex digits)
 * ```
 *
 * Acceptance rule for the CRC: DSMR 4.0 introduced the CRC together with the version line `1-3:0.2.8` and the
 * timestamp `0-0:1.0.0`; e-MUCS has its version line `0-0:96.1.4`. A telegram with a CRC is accepted only if the
 * CRC matches. A telegram without a CRC (`!` alone) is accepted only if it has none of those three lines, i.e. it
 * is a DSMR 2.2 (or 3.0, which looks the same) telegram; every other telegram without a CRC is refused
 * (`crc-missing`), so a corrupted DSMR 4/5 telegram cannot pass by losing its footer.
 */
import { MAX_P1_BYTES } from '../payloads.ts';
import { crc16 } from './crc16.ts';
import {
  CENTRAL_EUROPE,
  formatLocalIso,
  offsetAt,
  offsetOfLocal,
  toLocal,
  type LocalTime,
  type P1Zone,
} from './zone.ts';

/** One data line: its OBIS reference (`1-0:1.8.1`) and the raw text of each parenthesised field. */
export interface P1Object {
  obis: string;
  values: string[];
}

/** The measurements of one phase (absent when the meter does not send them). */
export interface P1Phase {
  /** Instantaneous power taken from the grid (W), `1-0:21.7.0` / `41.7.0` / `61.7.0`. */
  powerImportW?: number;
  /** Instantaneous power fed into the grid (W), `1-0:22.7.0` / `42.7.0` / `62.7.0`. */
  powerExportW?: number;
  /** Voltage (V), `1-0:32.7.0` / `52.7.0` / `72.7.0`. */
  voltageV?: number;
  /** Current (A, a magnitude: DSMR sends no sign), `1-0:31.7.0` / `51.7.0` / `71.7.0`. */
  currentA?: number;
}

/** The registers the cloud uses, converted to Wh, W, V, A and m³ whatever unit the meter wrote. */
export interface P1Registers {
  /** Total imported energy `1-0:1.8.0` (Wh), when the meter sends one. */
  importTotalWh?: number;
  /** Imported energy per tariff, `1-0:1.8.{tariff}` (Wh): `{ 1: …, 2: … }`. */
  importTariffsWh: Record<number, number>;
  /** Total exported energy `1-0:2.8.0` (Wh). */
  exportTotalWh?: number;
  /** Exported energy per tariff, `1-0:2.8.{tariff}` (Wh). */
  exportTariffsWh: Record<number, number>;
  /** Instantaneous import power, all phases, `1-0:1.7.0` (W). */
  powerImportW?: number;
  /** Instantaneous export power, all phases, `1-0:2.7.0` (W). */
  powerExportW?: number;
  l1: P1Phase;
  l2: P1Phase;
  l3: P1Phase;
  /** Tariff in force, `0-0:96.14.0` (in NL 1 = low, 2 = normal; numbering differs by country). */
  tariff?: number;
  /** The gas meter on an M-Bus channel: `0-n:24.2.1` (DSMR 4/5), `0-n:24.2.3` (e-MUCS), `0-n:24.3.0` (2.2/3.0). */
  gas?: { m3: number; time: string | null; channel: number };
  /** Belgian capacity tariff (e-MUCS): `1-0:1.4.0` current average demand and `1-0:1.6.0` this month's peak. */
  capacity?: { averageDemandW?: number; monthPeak?: { time: string | null; w: number } };
}

/** A parsed, checked telegram. */
export interface P1Telegram {
  /** The identification line without its `/`, e.g. `ISK5\2M550T-1012`. */
  header: string;
  /**
   * `X.Y` from `1-3:0.2.8` (`42` → `4.2`, `50` → `5.0`); the e-MUCS version number from `0-0:96.1.4` as sent
   * (`50217`); `2.2` for a telegram without version line, timestamp and CRC (DSMR 2.2 and 3.0 alike); otherwise
   * null.
   */
  version: string | null;
  /** `e-mucs` when the telegram has the Belgian version line `0-0:96.1.4`, else `dsmr`. */
  standard: 'dsmr' | 'e-mucs';
  /** The telegram's time as ISO 8601 with the offset (see zone.ts), or the receive time if it has none. */
  timestamp: string;
  /** Where `timestamp` comes from: the meter's `0-0:1.0.0`, or the receive time the caller gave. */
  timestampSource: 'meter' | 'received';
  /** `0-0:96.1.1` (or `0-0:96.1.0`), decoded from hex when it is hex-encoded printable text. */
  equipmentId: string | null;
  /** The CRC from the footer (already checked), or null for a DSMR 2.2 telegram. */
  crc: number | null;
  registers: P1Registers;
  /** Every data line in order, for values the registers do not cover. */
  objects: P1Object[];
}

/** Why a telegram was refused (counted per reason by the ingest). */
export type P1Refusal =
  /** Longer than `MAX_P1_BYTES`. */
  | 'too-large'
  /** No `!` footer: the telegram was cut off. */
  | 'truncated'
  /** The CRC in the footer does not match the content. */
  | 'crc'
  /** A DSMR 4/5 or e-MUCS telegram without a CRC. */
  | 'crc-missing'
  /** No header, a line that is not `OBIS(value)…`, a repeated OBIS reference, control or non-ASCII characters. */
  | 'format'
  /** The telegram's `0-0:1.0.0` is not a valid date and time. */
  | 'timestamp';

/** The result of `parseTelegram`. */
export type P1ParseResult =
  { ok: true; telegram: P1Telegram } | { ok: false; reason: P1Refusal; detail?: string };

/** Options of `parseTelegram`. */
export interface P1ParseOptions {
  /** When the telegram arrived; its timestamp if it has none (DSMR 2.2). Default: now. */
  receivedAt?: Date;
  /** The meter's time zone. Default: `CENTRAL_EUROPE` (NL, BE, LU). */
  tz?: P1Zone;
}

const OBIS_LINE = /^(\d{1,3}-\d{1,3}:\d{1,3}\.\d{1,3}\.\d{1,3})((?:\([^()]*\))+)$/;
const FIELD = /\(([^()]*)\)/g;
const QUANTITY = /^(\d{1,20})(?:\.(\d{1,20}))?(?:\*([A-Za-z0-9]{1,8}))?$/;
const DSMR_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})([SW])?$/;
const HEADER = /^\/[\x21-\x7e][\x20-\x7e]{3,99}$/;
const PRINTABLE_LINES = /^[\x20-\x7e\r\n]*$/;
const FOOTER = /^!([0-9A-Fa-f]{1,4})?(?:\r?\n)?[\s]*$/;

function refuse(reason: P1Refusal, detail?: string): P1ParseResult {
  return detail === undefined ? { ok: false, reason } : { ok: false, reason, detail };
}

/**
 * A decimal string times 10^`shift`, computed by moving the decimal point in the text (so `1581.123` kWh is exactly
 * 1581123 Wh, not 1581122.9999999998).
 */
function scaleDecimal(integer: string, fraction: string, shift: number): number {
  const digits = integer + fraction;
  const point = integer.length + shift;
  if (point <= 0) return Number(`0.${'0'.repeat(-point)}${digits}`);
  if (point >= digits.length) return Number(digits + '0'.repeat(point - digits.length));
  return Number(`${digits.slice(0, point)}.${digits.slice(point)}`);
}

/** A `(value*unit)` field as a number in the target unit, or undefined for another unit or no number. */
function quantity(field: string | undefined, units: Record<string, number>): number | undefined {
  if (field === undefined) return undefined;
  const match = QUANTITY.exec(field);
  if (!match) return undefined;
  const [, integer = '', fraction = '', unit] = match;
  if (unit === undefined) return undefined;
  const shift = units[unit];
  return shift === undefined ? undefined : scaleDecimal(integer, fraction, shift);
}

/** Units as powers of ten of the target unit. */
const ENERGY = { Wh: 0, kWh: 3, MWh: 6 };
const POWER = { W: 0, kW: 3, MW: 6 };
const VOLT = { V: 0, kV: 3 };
const AMPERE = { A: 0 };
const CUBIC_METRE = { m3: 0 };

function parseLocalTime(text: string): { local: LocalTime; flag: 'S' | 'W' | null } | undefined {
  const match = DSMR_TIME.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const local = { year: 2000 + year, month, day, hour, minute, second };
  const check = new Date(Date.UTC(local.year, month - 1, day, hour, minute, second));
  if (
    month < 1 ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  return { local, flag: (match[7] as 'S' | 'W' | undefined) ?? null };
}

/** A DSMR time as ISO 8601 with the offset its S/W flag (or the zone's rule) gives, or undefined if invalid. */
export function parseP1Time(text: string, tz: P1Zone = CENTRAL_EUROPE): string | undefined {
  const parsed = parseLocalTime(text);
  if (!parsed) return undefined;
  return formatLocalIso(parsed.local, offsetOfLocal(parsed.local, parsed.flag, tz));
}

/** An instant as ISO 8601 in the zone's local time with its offset. */
export function formatInZone(instant: Date, tz: P1Zone = CENTRAL_EUROPE): string {
  const { offsetMinutes } = offsetAt(instant, tz);
  return formatLocalIso(toLocal(instant, offsetMinutes), offsetMinutes);
}

/** Hex-encoded printable ASCII (DSMR 4/5 equipment identifiers) decoded; anything else as sent. */
function decodeEquipmentId(raw: string): string {
  if (raw.length === 0 || raw.length % 2 !== 0 || !/^[0-9A-Fa-f]+$/.test(raw)) return raw;
  let text = '';
  for (let index = 0; index < raw.length; index += 2) {
    const code = Number.parseInt(raw.slice(index, index + 2), 16);
    if (code < 0x20 || code > 0x7e) return raw;
    text += String.fromCharCode(code);
  }
  return text;
}

/** Splits the lines between header and footer into objects; a line starting `(` continues the previous one. */
function parseLines(lines: string[]): P1Object[] | string {
  const logical: string[] = [];
  for (const line of lines) {
    if (line === '') continue;
    if (line.startsWith('(') && logical.length > 0) logical[logical.length - 1] += line;
    else logical.push(line);
  }
  const objects: P1Object[] = [];
  const seen = new Set<string>();
  for (const line of logical) {
    const match = OBIS_LINE.exec(line);
    if (!match) return `not an OBIS line: ${JSON.stringify(line.slice(0, 40))}`;
    const [, obis = '', fields = ''] = match;
    if (seen.has(obis)) return `repeated ${obis}`;
    seen.add(obis);
    objects.push({ obis, values: [...fields.matchAll(FIELD)].map((field) => field[1] ?? '') });
  }
  return objects;
}

function extractRegisters(byObis: Map<string, string[]>, tz: P1Zone): P1Registers {
  const first = (obis: string, units: Record<string, number>) =>
    quantity(byObis.get(obis)?.[0], units);
  const registers: P1Registers = {
    importTariffsWh: {},
    exportTariffsWh: {},
    l1: {},
    l2: {},
    l3: {},
  };
  const set = <T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined) => {
    if (value !== undefined) target[key] = value;
  };
  set(registers, 'importTotalWh', first('1-0:1.8.0', ENERGY));
  set(registers, 'exportTotalWh', first('1-0:2.8.0', ENERGY));
  for (let tariff = 1; tariff <= 9; tariff++) {
    set(registers.importTariffsWh, tariff, first(`1-0:1.8.${tariff}`, ENERGY));
    set(registers.exportTariffsWh, tariff, first(`1-0:2.8.${tariff}`, ENERGY));
  }
  set(registers, 'powerImportW', first('1-0:1.7.0', POWER));
  set(registers, 'powerExportW', first('1-0:2.7.0', POWER));
  const phases = [
    [registers.l1, 21, 22, 32, 31],
    [registers.l2, 41, 42, 52, 51],
    [registers.l3, 61, 62, 72, 71],
  ] as const;
  for (const [phase, imported, exported, voltage, current] of phases) {
    set(phase, 'powerImportW', first(`1-0:${imported}.7.0`, POWER));
    set(phase, 'powerExportW', first(`1-0:${exported}.7.0`, POWER));
    set(phase, 'voltageV', first(`1-0:${voltage}.7.0`, VOLT));
    set(phase, 'currentA', first(`1-0:${current}.7.0`, AMPERE));
  }
  const tariff = byObis.get('0-0:96.14.0')?.[0];
  if (tariff !== undefined && /^\d{1,4}$/.test(tariff)) registers.tariff = Number(tariff);

  // Gas: the first M-Bus channel whose device type (0-n:24.1.0) is 3 = gas, or unknown, with a value in m³ (a
  // water meter, type 7, also counts m³; a heat meter, type 4, counts GJ).
  for (let channel = 1; channel <= 4 && registers.gas === undefined; channel++) {
    const type = byObis.get(`0-${channel}:24.1.0`)?.[0];
    if (type !== undefined && Number(type) !== 3) continue;
    const modern = byObis.get(`0-${channel}:24.2.1`) ?? byObis.get(`0-${channel}:24.2.3`);
    const legacy = byObis.get(`0-${channel}:24.3.0`);
    let time: string | undefined;
    let m3: number | undefined;
    if (modern && modern.length >= 2) {
      time = modern[0];
      m3 = quantity(modern[1], CUBIC_METRE);
    } else if (legacy && legacy.length >= 7 && legacy[5] === 'm3') {
      // DSMR 2.2/3.0: (time)(status)(interval)(count)(obis)(unit) and the value on its own line.
      time = legacy[0];
      const value = legacy[6] ?? '';
      m3 = /^\d{1,20}(\.\d{1,20})?$/.test(value) ? quantity(`${value}*m3`, CUBIC_METRE) : undefined;
    }
    if (m3 !== undefined) {
      registers.gas = { m3, time: (time && parseP1Time(time, tz)) || null, channel };
    }
  }

  const average = first('1-0:1.4.0', POWER);
  const peak = byObis.get('1-0:1.6.0');
  const peakW = quantity(peak?.[1], POWER);
  if (average !== undefined || peakW !== undefined) {
    registers.capacity = {};
    set(registers.capacity, 'averageDemandW', average);
    if (peakW !== undefined) {
      registers.capacity.monthPeak = { time: parseP1Time(peak?.[0] ?? '', tz) ?? null, w: peakW };
    }
  }
  return registers;
}

/**
 * Checks and parses one P1 telegram (the text of one `ec/v1/c/{unitId}/p1` message). Bytes before the header
 * (serial noise, the tail or the cut-off start of another telegram) are skipped; only white space may follow the
 * footer. Never throws.
 */
export function parseTelegram(text: string, options: P1ParseOptions = {}): P1ParseResult {
  const tz = options.tz ?? CENTRAL_EUROPE;
  if (text.length > MAX_P1_BYTES) return refuse('too-large');
  const first = text.startsWith('/') ? 0 : text.indexOf('\n/') + 1;
  if (first === 0 && !text.startsWith('/')) return refuse('format', 'no header line');
  const end = text.indexOf('!', first);
  if (end < 0) return refuse('truncated');
  // The last header before the footer: a reader that started mid-telegram may pass on the cut-off start of the
  // previous one first (no data line starts with `/`).
  const start = text.lastIndexOf('\n/', end) + 1 || first;
  const footer = FOOTER.exec(text.slice(end));
  if (!footer) return refuse('format', 'text after the footer');
  const body = text.slice(start, end + 1);
  if (!PRINTABLE_LINES.test(body)) return refuse('format', 'control or non-ASCII characters');

  const crcText = footer[1];
  const crc = crcText === undefined ? null : Number.parseInt(crcText, 16);
  if (crc !== null && crc16(body) !== crc) return refuse('crc');

  const lines = body.slice(0, -1).split(/\r?\n/);
  const header = lines[0] ?? '';
  if (!HEADER.test(header)) return refuse('format', 'malformed header line');
  const objects = parseLines(lines.slice(1));
  if (typeof objects === 'string') return refuse('format', objects);
  const byObis = new Map(objects.map((object) => [object.obis, object.values]));

  const dsmrVersion = byObis.get('1-3:0.2.8')?.[0];
  const emucsVersion = byObis.get('0-0:96.1.4')?.[0];
  const meterTime = byObis.get('0-0:1.0.0')?.[0];
  if (crc === null && (dsmrVersion ?? emucsVersion ?? meterTime) !== undefined) {
    return refuse('crc-missing');
  }
  let version: string | null = null;
  if (dsmrVersion !== undefined) {
    version = /^\d\d$/.test(dsmrVersion) ? `${dsmrVersion[0]}.${dsmrVersion[1]}` : dsmrVersion;
  } else if (emucsVersion !== undefined) version = emucsVersion;
  else if (crc === null) version = '2.2';

  let timestamp: string;
  let timestampSource: P1Telegram['timestampSource'];
  if (meterTime !== undefined) {
    const parsed = parseP1Time(meterTime, tz);
    if (parsed === undefined) return refuse('timestamp', JSON.stringify(meterTime));
    timestamp = parsed;
    timestampSource = 'meter';
  } else {
    timestamp = formatInZone(options.receivedAt ?? new Date(), tz);
    timestampSource = 'received';
  }

  const equipment = byObis.get('0-0:96.1.1')?.[0] ?? byObis.get('0-0:96.1.0')?.[0];
  return {
    ok: true,
    telegram: {
      header: header.slice(1),
      version,
      standard: emucsVersion === undefined ? 'dsmr' : 'e-mucs',
      timestamp,
      timestampSource,
      equipmentId: equipment ? decodeEquipmentId(equipment) : null,
      crc,
      registers: extractRegisters(byObis, tz),
      objects,
    },
  };
}
