/** DSMR P1 telegrams: CRC-16, parser, mapping to protocol values, builder. */
export * from './crc16.ts';
export * from './zone.ts';
export * from './parse.ts';
export * from './values.ts';
export * from './build.ts';
