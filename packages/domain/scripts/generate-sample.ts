// Writes the shipped sample files (deterministic; rerun after changing household-profile.ts):
//   samples/household-heat-pump-ev.json  one year (1 Oct 2024 – 30 Sep 2025) of P+ in Moj Elektro JSON shape
//   samples/household-week.csv           a week of that year around the October 2024 DST change, energy_kwh CSV
//   samples/household-week-portal.csv    the same week in the layout of the mojelektro.si 15-minute CSV export
// Usage: node packages/domain/scripts/generate-sample.ts

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  READING_TYPE_P_PLUS,
  dayNumberOf,
  formatLocalTimestamp,
  intervalBlock,
  localDayStartMs,
  parseIsoDate,
  toLocalDateTime,
  type LocalDate,
} from '../src/network-fee/index.ts';
import { generateHouseholdProfile, type HouseholdProfile } from './household-profile.ts';

/** Start and length of the shipped year. */
export const SAMPLE_YEAR = { startDate: '2024-10-01', days: 365 } as const;
/** Start and length of the shipped CSV week (contains the 27 Oct 2024 change to winter time). */
export const SAMPLE_WEEK = { startDate: '2024-10-24', days: 7 } as const;

/** The sample year as a Moj Elektro meter-readings document, one reading per line to keep diffs readable. */
export function sampleJson(profile: HouseholdProfile): string {
  const readings = profile.intervalEndsMs.map(
    (end, i) =>
      `{"timestamp":"${formatLocalTimestamp(end)}","value":"${(profile.powersKw[i] as number).toFixed(4)}","readingQualities":[]}`,
  );
  return (
    `{"intervalBlocks":[{"readingType":"${READING_TYPE_P_PLUS}","intervalReadings":[\n` +
    `${readings.join(',\n')}\n]}],` +
    `"messageCreated":"2025-10-02T08:00:00.000000000+02:00","usagePoint":"SAMPLE-HEAT-PUMP-EV"}\n`
  );
}

function sampleWeekBounds(): [number, number] {
  const first = dayNumberOf(parseIsoDate(SAMPLE_WEEK.startDate) as LocalDate);
  return [localDayStartMs(first), localDayStartMs(first + SAMPLE_WEEK.days)];
}

/** A week of the sample year as CSV with 15-minute energies (kWh, four decimals). */
export function sampleCsv(profile: HouseholdProfile): string {
  const [from, to] = sampleWeekBounds();
  const lines: string[] = [];
  profile.intervalEndsMs.forEach((end, i) => {
    if (end > from && end <= to) {
      lines.push(
        `${formatLocalTimestamp(end)},${((profile.powersKw[i] as number) / 4).toFixed(4)}`,
      );
    }
  });
  return `timestamp,energy_kwh\n${lines.join('\n')}\n`;
}

/**
 * The sample week in the layout of the portal's 15-minute CSV export (column names as the export uses them; the
 * file itself is generated, not downloaded): BOM, `;`, quoted fields, decimal comma, interval-end local times
 * without an offset, so the repeated 02:xx hour of 27 October 2024 appears twice in row order.
 */
export function samplePortalCsv(profile: HouseholdProfile): string {
  const [from, to] = sampleWeekBounds();
  const p2 = (n: number): string => String(n).padStart(2, '0');
  const dec = (n: number): string => n.toFixed(4).replace('.', ',');
  const rows = [
    [
      'Merilno mesto',
      'Časovna značka',
      'Leto',
      'Mesec',
      'Blok',
      'Energija A+ [kWh]',
      'Energija A- [kWh]',
      'P+ Prejeta delovna moč [kW]',
      'P- Oddana delovna moč [kW]',
    ],
  ];
  profile.intervalEndsMs.forEach((end, i) => {
    if (end <= from || end > to) return;
    const kw = profile.powersKw[i] as number;
    const t = toLocalDateTime(end);
    const start = toLocalDateTime(end - 900_000);
    rows.push([
      'SAMPLE-HEAT-PUMP-EV',
      `${t.year}-${p2(t.month)}-${p2(t.day)} ${p2(t.hour)}:${p2(t.minute)}:00`,
      String(start.year),
      String(start.month),
      String(intervalBlock(end)),
      dec(kw / 4),
      dec(0),
      dec(kw),
      dec(0),
    ]);
  });
  return `\uFEFF${rows.map((r) => r.map((c) => `"${c}"`).join(';')).join('\r\n')}\r\n`;
}

if (import.meta.main) {
  const dir = fileURLToPath(new URL('../samples/', import.meta.url));
  const year = generateHouseholdProfile(SAMPLE_YEAR);
  writeFileSync(`${dir}household-heat-pump-ev.json`, sampleJson(year));
  writeFileSync(`${dir}household-week.csv`, sampleCsv(year));
  writeFileSync(`${dir}household-week-portal.csv`, samplePortalCsv(year));
  process.stdout.write(
    `wrote ${dir}household-heat-pump-ev.json, household-week.csv and household-week-portal.csv\n`,
  );
}
