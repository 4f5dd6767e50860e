export * from './app-settings.ts';
export * from './sessions.ts';
export * from './sites.ts';
export * from './users.ts';
export * from './accounts.ts';
export * from './organisation.ts';
export * from './live-state.ts';
export * from './telemetry.ts';
