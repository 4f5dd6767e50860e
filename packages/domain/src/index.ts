export * from './constants.ts';
export * from './roles.ts';
export * from './network-fee/index.ts';
export * from './access/index.ts';
export * from './password-rules.ts';
export * from './org/index.ts';
export * from './money/index.ts';
export * from './energy/index.ts';
