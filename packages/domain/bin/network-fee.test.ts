import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { must } from '../src/network-fee/test-support.ts';

const bin = fileURLToPath(new URL('./network-fee.ts', import.meta.url));
const sampleJson = fileURLToPath(
  new URL('../samples/household-heat-pump-ev.json', import.meta.url),
);
const sampleCsv = fileURLToPath(new URL('../samples/household-week.csv', import.meta.url));

function run(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Block {
  block: number;
  energyKwh: number;
}
interface Month {
  month: string;
  energyCost: number;
  excessCharged: boolean;
  total: number;
  blocks: Block[];
}
interface Output {
  scenarios: Record<
    string,
    { agreedPowerKw?: number[]; billingPowerKw?: number; total: number; months: Month[] }
  >;
}

describe('network-fee CLI', () => {
  it('prints exactly one JSON document for the sample year, deriving the agreed powers in force', () => {
    const r = run(
      '--input',
      sampleJson,
      '--connection-power',
      '17',
      '--phases',
      '3',
      '--vt',
      '0.11',
      '--mt',
      '0.08',
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const out = JSON.parse(r.stdout) as Output;
    expect(Object.keys(out)).toEqual(['scenarios']);
    expect(Object.keys(out.scenarios)).toEqual(['new', 'optimized', 'old']);
    const { new: current, optimized, old } = out.scenarios;
    expect(must(current).months.map((m) => m.month)).toEqual([
      '2024-10',
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
    ]);
    expect(must(current).agreedPowerKw).toHaveLength(5);
    expect(must(current).months.every((m) => !m.excessCharged)).toBe(true);
    expect(must(optimized).months.every((m) => m.excessCharged)).toBe(true);
    expect(must(must(current).months[3]).blocks.map((b) => b.block)).toEqual([1, 2, 3, 4]);
    expect(must(must(current).months[6]).blocks.map((b) => b.block)).toEqual([2, 3, 4, 5]);
    expect(must(old).billingPowerKw).toBe(10);
    // Supplier energy is the same in every scenario.
    expect(must(optimized).months.map((m) => m.energyCost)).toEqual(
      must(current).months.map((m) => m.energyCost),
    );
  });

  it('adds the custom scenario and honours --from/--to, --tariffs 1, --et and --determined-by', () => {
    const r = run(
      '--input',
      sampleJson,
      '--connection-power',
      '17',
      '--phases',
      '3',
      '--current',
      '4.6,6,8,8,8',
      '--determined-by',
      'UPORABNIK',
      '--custom',
      '5,7,9,9,9',
      '--tariffs',
      '1',
      '--et',
      '0.1',
      '--from',
      '2025-01-01',
      '--to',
      '2025-01-31',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Output;
    expect(Object.keys(out.scenarios)).toEqual(['new', 'optimized', 'custom', 'old']);
    const { new: current, custom } = out.scenarios;
    expect(must(current).months.map((m) => m.month)).toEqual(['2025-01']);
    expect(must(current).agreedPowerKw).toEqual([4.6, 6, 8, 8, 8]);
    expect(must(must(current).months[0]).excessCharged).toBe(true);
    expect(must(custom).agreedPowerKw).toEqual([5, 7, 9, 9, 9]);
    const kwh = must(must(current).months[0]).blocks.reduce((s, b) => s + b.energyKwh, 0);
    expect(must(must(current).months[0]).energyCost).toBeCloseTo(kwh * 0.1, 9);
  });

  it('reads the energy CSV when the agreed powers are given', () => {
    const r = run(
      '--input',
      sampleCsv,
      '--connection-power',
      '17',
      '--phases',
      '3',
      '--current',
      '4.6,6,8,8,8',
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as Output;
    expect(must(out.scenarios.new).months.map((m) => m.month)).toEqual(['2024-10']);
    // 25 Oct 2024 00:00 to 31 Oct 2024 24:00 local, including the 25-hour 27 October.
    const csvKwh = readFileSync(sampleCsv, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .reduce((s, l) => s + Number(l.split(',')[1]), 0);
    const kwh = must(must(out.scenarios.new).months[0]).blocks.reduce((s, b) => s + b.energyKwh, 0);
    expect(kwh).toBeCloseTo(csvKwh, 6);
  });

  it.each([
    [
      'no season to derive the agreed powers from',
      [sampleCsv, '--connection-power', '17', '--phases', '3'],
      'CURRENT_NOT_DERIVABLE',
      '--current',
    ],
    [
      'invalid custom values',
      [
        sampleCsv,
        '--connection-power',
        '17',
        '--phases',
        '3',
        '--current',
        '4.6,6,8,8,8',
        '--custom',
        '5,7,6,9,9',
      ],
      'INVALID_AGREED_POWER',
      'block 3',
    ],
    [
      'an unknown minimum',
      [sampleCsv, '--current', '4.6,6,8,8,8'],
      'MINIMUM_POWER_UNKNOWN',
      '--minimum-power',
    ],
    ['a missing file', ['/nonexistent/readings.json'], 'INVALID_INPUT_FORMAT', 'cannot read'],
  ])('fails with exit 1 on %s', (_name, args, code, hint) => {
    const r = run('--input', ...args);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(code);
    expect(r.stderr).toContain(hint);
  });

  it.each([
    ['no --input', []],
    ['an unknown option', ['--input', sampleCsv, '--bogus']],
    ['--phases 2', ['--input', sampleCsv, '--phases', '2']],
    ['four custom values', ['--input', sampleCsv, '--custom', '1,2,3,4']],
    ['a negative price', ['--input', sampleCsv, '--vt', '-0.1']],
    ['an unknown determination method', ['--input', sampleCsv, '--determined-by', 'ME']],
  ])('fails with exit 2 and usage on %s', (_name, args) => {
    const r = run(...args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('usage: npm run -s network-fee');
  });

  it('reads a Moj Elektro A+ energy document', () => {
    const dir = mkdtempSync(join(tmpdir(), 'network-fee-'));
    const file = join(dir, 'a-plus.json');
    const readings = [];
    for (let q = 1; q <= 96; q++) {
      const end = new Date(Date.parse('2025-01-14T23:00:00Z') + q * 900_000);
      readings.push({ timestamp: end.toISOString(), value: '0.5000', readingQualities: [] });
    }
    writeFileSync(
      file,
      JSON.stringify({
        intervalBlocks: [
          { readingType: '32.0.2.4.1.2.12.0.0.0.0.0.0.0.0.3.72.0', intervalReadings: readings },
        ],
      }),
    );
    const r = run(
      '--input',
      file,
      '--minimum-power',
      '2',
      '--current',
      '2,2,2,2,2',
      '--billing-power',
      '7',
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as Output;
    const blocks = must(must(out.scenarios.new).months[0]).blocks;
    expect(blocks.reduce((s, b) => s + b.energyKwh, 0)).toBeCloseTo(48, 9);
    expect(must(out.scenarios.old).billingPowerKw).toBe(7);
  });

  /** The portal's 15-minute export for local days of Oct 2023 (Sunday 29 Oct has the repeated 02:xx hour). */
  function portalExport(): string {
    const lines = ['\uFEFF"Časovna značka";"Blok";"Energija A+ [kWh]";"Energija A- [kWh]"'];
    const p2 = (n: number) => String(n).padStart(2, '0');
    // 28 Oct 2023 00:15 (+02:00) to 31 Oct 2023 24:00 (+01:00) as interval ends.
    const first = Date.parse('2023-10-27T22:15:00Z');
    const last = Date.parse('2023-10-31T23:00:00Z');
    for (let t = first; t <= last; t += 900_000) {
      const offset =
        t <= Date.parse('2023-10-29T01:00:00Z') && t !== Date.parse('2023-10-29T01:00:00Z') ? 2 : 1;
      const local = new Date(t + offset * 3_600_000);
      const stamp = `${local.getUTCFullYear()}-${p2(local.getUTCMonth() + 1)}-${p2(local.getUTCDate())} ${p2(local.getUTCHours())}:${p2(local.getUTCMinutes())}:00`;
      const kwh = local.getUTCHours() >= 17 && local.getUTCHours() < 21 ? '0,7500' : '0,2500';
      lines.push(`"${stamp}";"";"${kwh}";"0,0000"`);
    }
    return lines.join('\r\n');
  }

  it('reads the portal CSV export and prices 2023 data under --tariff-year 2025', () => {
    const dir = mkdtempSync(join(tmpdir(), 'network-fee-'));
    const file = join(dir, 'mojelektro-15min.csv');
    const text = portalExport();
    writeFileSync(file, text);
    const args = [
      '--input',
      file,
      '--connection-power',
      '17',
      '--phases',
      '3',
      '--current',
      '4.6,6,8,8,8',
    ];
    const without = run(...args);
    expect(without.code).toBe(1);
    expect(without.stderr).toContain('OUTSIDE_BLOCK_LAYOUT');
    expect(without.stderr).toContain('--tariff-year');
    const r = run(...args, '--tariff-year', '2025');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Output;
    const month = must(must(out.scenarios.new).months[0]);
    expect(month.month).toBe('2023-10');
    // 4 days with the 25-hour 29 October: 4 × 96 + 4 intervals, 4 of every 24 hours at 0.75 kWh, the rest 0.25.
    const rows = text.split('\r\n').slice(1);
    expect(rows).toHaveLength(388);
    const kwh = rows.reduce(
      (s, l) => s + Number(must(l.split(';')[2]).replace(/"/g, '').replace(',', '.')),
      0,
    );
    expect(month.blocks.reduce((s, b) => s + b.energyKwh, 0)).toBeCloseTo(kwh, 9);
  });

  it.each([
    ['an uncovered tariff year', ['--tariff-year', '2027'], 1, 'TARIFF_YEAR_NOT_COVERED'],
    ['a malformed tariff year', ['--tariff-year', '25'], 2, 'usage: npm run -s network-fee'],
  ])('refuses %s', (_name, extra, code, text) => {
    const r = run('--input', sampleCsv, '--minimum-power', '2', '--current', '2,2,2,2,2', ...extra);
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(text);
  });
});
