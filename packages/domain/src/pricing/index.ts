// Public API of pricing: the data model, time-plan coverage and resolution, country defaults and costs.

export * from './types.ts';
export * from './coverage.ts';
