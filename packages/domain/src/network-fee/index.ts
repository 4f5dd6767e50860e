// Public API of the Slovenian network-fee engine (omrežnina): calendar, rates, calculation, optimiser, parsing.

export * from './time-zone.ts';
export * from './errors.ts';
export * from './calendar.ts';
export * from './rates.ts';
export {
  POWER_UNITS_PER_KW,
  UNITS_PER_TENTH,
  annotateSeries,
  preparePeriod,
  groupExcess,
  groupSize,
  type MeterSeries,
  type AnnotatedSeries,
  type PeriodMonth,
  type PreparedPeriod,
} from './series.ts';
export * from './agreed-power.ts';
export * from './calculate.ts';
export * from './optimize.ts';
export * from './network-fee.ts';
export * from './parse-readings.ts';
export * from './portal-csv.ts';
export * from './meter-file.ts';
export * from './tariff-year.ts';
export * from './peaks.ts';
