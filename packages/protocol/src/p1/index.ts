/** DSMR P1 telegrams: CRC-16, parser, mapping to protocol values, builder. */
export { crc16, formatCrc } from './crc16.ts';
export { CENTRAL_EUROPE, isEuSummerTime, type P1Zone } from './zone.ts';
export {
  formatInZone,
  parseP1Time,
  parseTelegram,
  type P1Object,
  type P1ParseOptions,
  type P1ParseResult,
  type P1Phase,
  type P1Refusal,
  type P1Registers,
  type P1Telegram,
} from './parse.ts';
export { toTelemetrySample, toTelemetryValues } from './values.ts';
export { buildTelegram, formatP1Time, type P1BuildOptions, type P1BuildVersion } from './build.ts';
