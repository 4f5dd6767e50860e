export * from './constants.ts';
export * from './spot-regions.ts';
export * from './currencies.ts';
export * from './countries.ts';
export * from './coordinates.ts';
