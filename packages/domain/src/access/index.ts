export { isInAppPath } from './app-path.ts';
export * from './permissions.ts';
export * from './set-up.ts';
export * from './route-access.ts';
export * from './guard.ts';
export * from './landing.ts';
export * from './navigation-context.ts';
