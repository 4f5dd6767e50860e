// Writes the shipped sample files (deterministic; rerun after changing household-profile.ts):
//   samples/household-heat-pump-ev.json  one year (1 Oct 2024 – 30 Sep 2025) of P+ in Moj Elektro JSON shape
//   samples/household-week.csv           a week of that year around the October 2024 DST change, energy_kwh CSV
// Usage: node packages/domain/scripts/generate-sample.ts

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  READING_TYPE_P_PLUS,
  dayNumberOf,
  formatLocalTimestamp,
  localDayStartMs,
  parseIsoDate,
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

/** A week of the sample year as CSV with 15-minute energies (kWh, four decimals). */
export function sampleCsv(profile: HouseholdProfile): string {
  const from = localDayStartMs(dayNumberOf(parseIsoDate(SAMPLE_WEEK.startDate) as LocalDate));
  const to = localDayStartMs(
    dayNumberOf(parseIsoDate(SAMPLE_WEEK.startDate) as LocalDate) + SAMPLE_WEEK.days,
  );
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

if (import.meta.main) {
  const dir = fileURLToPath(new URL('../samples/', import.meta.url));
  const year = generateHouseholdProfile(SAMPLE_YEAR);
  writeFileSync(`${dir}household-heat-pump-ev.json`, sampleJson(year));
  writeFileSync(`${dir}household-week.csv`, sampleCsv(year));
  process.stdout.write(`wrote ${dir}household-heat-pump-ev.json and ${dir}household-week.csv\n`);
}
