export * from './topics.ts';
export * from './payloads.ts';
export * from './p1/index.ts';
