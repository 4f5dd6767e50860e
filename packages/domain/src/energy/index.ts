export * from './flows.ts';
export * from './local-day.ts';
