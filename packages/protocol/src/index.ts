export * from './topics.ts';
