export * from './constants.ts';
export * from './roles.ts';
