import { describe, expect, it } from 'vitest';
import { calculateNetworkFee } from './network-fee.ts';
import { NetworkFeeError } from './errors.ts';
import { parsePortalCsv, splitCsvLine } from './portal-csv.ts';
import { annotateSeries } from './series.ts';
import { INTERVAL_MS, toLocalDateTime } from './time-zone.ts';
import { must } from './test-support.ts';

const p2 = (n: number) => String(n).padStart(2, '0');

/** Interval-end instants of the local days [from, to] as UTC ms (from real offsets, written out below). */
function endsBetween(fromUtc: string, toUtc: string): number[] {
  const out: number[] = [];
  for (let t = Date.parse(fromUtc); t <= Date.parse(toUtc); t += INTERVAL_MS) out.push(t);
  return out;
}

/** The portal's wall-clock stamp of an interval end, without offset. */
function isoStamp(endMs: number): string {
  const t = toLocalDateTime(endMs);
  return `${t.year}-${p2(t.month)}-${p2(t.day)} ${p2(t.hour)}:${p2(t.minute)}:00`;
}
function sloStamp(endMs: number): string {
  const t = toLocalDateTime(endMs);
  return `${p2(t.day)}.${p2(t.month)}.${t.year} ${p2(t.hour)}:${p2(t.minute)}`;
}

// 26 Oct 2025 (autumn change, 25 hours): local day 2025-10-26 00:00+02:00 = 2025-10-25T22:00Z … 24:00+01:00 = 23:00Z.
const AUTUMN = endsBetween('2025-10-25T22:15:00Z', '2025-10-26T23:00:00Z');
// 30 Mar 2025 (spring change, 23 hours): 2025-03-29T23:00Z … 2025-03-30T22:00Z.
const SPRING = endsBetween('2025-03-29T23:15:00Z', '2025-03-30T22:00:00Z');

const kw = (i: number) => Math.round((0.4 + (i % 7) * 0.3124) * 10_000) / 10_000;
const comma = (n: number) => n.toFixed(4).replace('.', ',');

/** The newer export: BOM, `;`, quoted fields, decimal comma, units in the headers, P± and A± and extra columns. */
function newVintage(ends: readonly number[]): string {
  const header =
    '"Merilno mesto";"Časovna značka";"Leto";"Mesec";"Blok";"Energija A+ [kWh]";"Energija A- [kWh]";' +
    '"P+ Prejeta delovna moč [kW]";"P- Oddana delovna moč [kW]";"Obračunski podatek"';
  const rows = ends.map((e, i) => {
    const t = toLocalDateTime(e - INTERVAL_MS);
    const exp = i % 5 === 0 ? 0.25 : 0;
    return [
      '4-1000001',
      isoStamp(e),
      t.year,
      t.month,
      '',
      comma(kw(i) / 4),
      comma(exp / 4),
      comma(kw(i)),
      comma(exp),
      'Da',
    ]
      .map((c) => `"${c}"`)
      .join(';');
  });
  return `\uFEFF${header}\r\n${rows.join('\r\n')}\r\n`;
}

/** An older export: `,`, decimal point, Slovene date format, only A+ and A− (no power columns). */
function oldVintage(ends: readonly number[]): string {
  const rows = ends.map((e, i) => `${sloStamp(e)},${(kw(i) / 4).toFixed(4)},0.0000,3`);
  return `Časovna značka,Energija A+,Energija A-,Blok\n${rows.join('\n')}\n`;
}

const errorOf = (f: () => unknown): NetworkFeeError => {
  try {
    f();
  } catch (e) {
    if (e instanceof NetworkFeeError) return e;
    throw e;
  }
  throw new Error('expected a NetworkFeeError');
};

describe('splitCsvLine', () => {
  it('keeps separators and doubled quotes inside quoted fields', () => {
    expect(splitCsvLine('"a;b";"say ""hi""";3', ';')).toEqual(['a;b', 'say "hi"', '3']);
    expect(splitCsvLine('1,"0,5",x', ',')).toEqual(['1', '0,5', 'x']);
    expect(splitCsvLine('"";"x";"0,5";', ';')).toEqual(['', 'x', '0,5', '']);
    expect(splitCsvLine('"a" ;b', ';')).toEqual(['a ', 'b']);
  });
});

describe('parsePortalCsv', () => {
  it('reads the autumn DST day (25 hours): the repeated 02:xx rows become summer then winter time', () => {
    const r = parsePortalCsv(newVintage(AUTUMN));
    expect(r.intervalEndsMs).toHaveLength(100);
    expect(r.intervalEndsMs).toEqual(AUTUMN);
    // The two "2025-10-26 02:15:00" rows.
    expect(r.intervalEndsMs[8]).toBe(Date.parse('2025-10-26T02:15:00+02:00'));
    expect(r.intervalEndsMs[12]).toBe(Date.parse('2025-10-26T02:15:00+01:00'));
    expect(r.kind).toBe('power');
    expect(r.source).toBe('P+ Prejeta delovna moč [kW]');
    expect(r.values.slice(0, 3)).toEqual([kw(0), kw(1), kw(2)]);
    expect(r.exportValues?.slice(0, 6)).toEqual([0.25, 0, 0, 0, 0, 0.25]);
    expect(r.separator).toBe(';');
    expect(r.columns).toMatchObject({
      timestamp: 'Časovna značka',
      aPlus: 'Energija A+ [kWh]',
      aMinus: 'Energija A- [kWh]',
      pMinus: 'P- Oddana delovna moč [kW]',
    });
    // The engine accepts it as is: no duplicate intervals.
    expect(annotateSeries(r).count).toBe(100);
  });

  it('reads the spring DST day (23 hours) in the older comma-separated vintage without power columns', () => {
    const r = parsePortalCsv(oldVintage(SPRING));
    expect(r.intervalEndsMs).toEqual(SPRING);
    expect(r.intervalEndsMs).toHaveLength(92);
    expect(r.kind).toBe('energy');
    expect(r.values[4]).toBe(Number((kw(4) / 4).toFixed(4)));
    expect(r.exportValues?.every((v) => v === 0)).toBe(true);
    expect(r.columns.pPlus).toBeUndefined();
    // 01:45 is followed by 03:00 (02:xx does not exist).
    const [at0145, at0300] = [must(r.intervalEndsMs[6]), must(r.intervalEndsMs[7])];
    expect(at0300 - at0145).toBe(INTERVAL_MS);
    expect(toLocalDateTime(at0145).hour).toBe(1);
    expect(toLocalDateTime(at0300).hour).toBe(3);
  });

  it('reads ISO stamps with T, an import-only vintage (no export at all), notes, totals and blank lines', () => {
    const ends = endsBetween('2025-01-14T23:15:00Z', '2025-01-15T01:00:00Z');
    const text = [
      'Izvoz 15-minutnih meritev',
      'Merilno mesto: 4-1000001',
      '',
      'Časovna značka;P+ Prejeta delovna moč',
      ...ends.map((e, i) => `${isoStamp(e).replace(' ', 'T')};${comma(kw(i))}`),
      '',
      'Časovna značka;P+ Prejeta delovna moč',
      'Skupaj;12,5',
      ';',
    ].join('\n');
    const r = parsePortalCsv(text);
    expect(r.intervalEndsMs).toEqual(ends);
    expect(r.exportValues).toBeNull();
    expect(r.skipped).toBe(3);
  });

  it('accepts "24:00" as midnight ending the day and a stamp with an explicit offset', () => {
    const text =
      'Časovna značka;Energija A+\n2025-01-15 24:00;0,5\n2025-01-16T00:15:00+01:00;0,25\n';
    const r = parsePortalCsv(text);
    expect(r.intervalEndsMs).toEqual([
      Date.parse('2025-01-16T00:00:00+01:00'),
      Date.parse('2025-01-16T00:15:00+01:00'),
    ]);
  });

  it('falls back to A+ when the P+ column is present but empty, and converts A− to kW when P+ is used', () => {
    const emptyP = 'Časovna značka;P+ Prejeta delovna moč;Energija A+\n2025-01-15 10:15;;0,5\n';
    expect(parsePortalCsv(emptyP)).toMatchObject({ kind: 'energy', values: [0.5] });
    const mixed =
      'Časovna značka;P+ Prejeta delovna moč;Energija A-\n2025-06-15 12:15;1,5;0,25\n2025-06-15 12:30;1,25;\n';
    const r = parsePortalCsv(mixed);
    expect(r.kind).toBe('power');
    expect(r.exportValues?.[0]).toBe(1);
    expect(r.exportValues?.[1]).toBeNaN();
  });

  it('skips rows without an import reading and scales Wh headers to kWh', () => {
    const text =
      'Časovna značka;Energija A+ [Wh]\n2025-01-15 10:15;500\n2025-01-15 10:30;\n2025-01-15 10:45;250\n';
    const r = parsePortalCsv(text);
    expect(r.values).toEqual([0.5, 0.25]);
    expect(r.skipped).toBe(1);
  });

  it('does not take status columns for values', () => {
    const text = 'Časovna značka;Status odčitka A+;Energija A+\n2025-01-15 10:15;X;0,5\n';
    expect(parsePortalCsv(text).values).toEqual([0.5]);
  });

  it.each([
    ['no header', 'a;b\n1;2\n', 'CSV_HEADER_NOT_FOUND', {}],
    [
      'no import column',
      'Časovna značka;Blok\n2025-01-15 10:15;1\n',
      'CSV_COLUMN_MISSING',
      { column: 'P+ / A+' },
    ],
    [
      'a bad timestamp',
      'Časovna značka;Energija A+\n2025-01-15 10:15;0,5\n2025-13-15 10:30;0,5\n',
      'CSV_INVALID_TIMESTAMP',
      { row: 3, column: 'Časovna značka', value: '2025-13-15 10:30' },
    ],
    [
      'a stamp off the quarter hour',
      'Časovna značka;Energija A+\n2025-01-15 10:20;0,5\n',
      'CSV_INVALID_TIMESTAMP',
      { row: 2, value: '2025-01-15 10:20' },
    ],
    [
      'a bad number',
      'Časovna značka;Energija A+ [kWh]\n2025-01-15 10:15;0,5\n2025-01-15 10:30;n/a\n',
      'CSV_INVALID_NUMBER',
      { row: 3, column: 'Energija A+ [kWh]', value: 'n/a' },
    ],
    [
      'a negative number',
      'Časovna značka;Energija A+\n2025-01-15 10:15;-0,5\n',
      'CSV_INVALID_NUMBER',
      { row: 2, value: '-0,5' },
    ],
    [
      'a spring-gap time',
      'Časovna značka;Energija A+\n2025-03-30 01:45;0,5\n2025-03-30 02:15;0,5\n',
      'CSV_NONEXISTENT_TIME',
      { row: 3, value: '2025-03-30 02:15' },
    ],
    [
      'the autumn hour three times',
      'Časovna značka;Energija A+\n2025-10-26 02:15;1\n2025-10-26 02:15;1\n2025-10-26 02:15;1\n',
      'CSV_REPEATED_TIME',
      { row: 4 },
    ],
    [
      'an unquoted decimal comma in a comma-separated file',
      'Časovna značka,Energija A+,Energija A-\n2025-01-15 10:15,0,5,0\n',
      'CSV_FIELD_COUNT',
      { row: 2, expected: 3, actual: 4 },
    ],
    ['no readings at all', 'Časovna značka;Energija A+\n2025-01-15 10:15;\n', 'CSV_NO_DATA', {}],
  ])('refuses %s with a coded error', (_what, text, code, params) => {
    const e = errorOf(() => parsePortalCsv(text));
    expect(e.code).toBe(code);
    expect(e.params).toMatchObject(params);
  });

  it('prices a portal export like the same data from the API (power vs energy columns agree)', () => {
    const ends = endsBetween('2025-03-02T23:15:00Z', '2025-03-09T23:00:00Z');
    const power = parsePortalCsv(newVintage(ends));
    const energyOnly = parsePortalCsv(oldVintage(ends));
    const input = {
      connection: { phases: 3 as const, connectionPowerKw: 17 },
      current: [{ valuesKw: [4.6, 5, 5, 5, 5], determinedBy: 'UPORABNIK' as const }],
    };
    const a = calculateNetworkFee({ ...input, series: power });
    const b = calculateNetworkFee({ ...input, series: energyOnly });
    expect(a.scenarios.new.total).toBeCloseTo(b.scenarios.new.total, 6);
    expect(a.scenarios.new.months[0]?.month).toBe('2025-03');
  });
});
