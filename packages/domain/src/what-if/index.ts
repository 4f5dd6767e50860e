// Public API of the what-ifs on top of the network-fee engine: a battery and a solar plant behind the meter.

export * from './intervals.ts';
export * from './battery.ts';
export * from './solar.ts';
