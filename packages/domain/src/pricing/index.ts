// Public API of pricing: the data model, time-plan coverage and resolution, country defaults and costs.

export * from './types.ts';
export * from './coverage.ts';
export * from './zone.ts';
export * from './holidays.ts';
export * from './resolve.ts';
export * from './defaults/index.ts';
export * from './cost.ts';
