// Served by vite-plugins/contract-routes.ts: @ec/contract's route descriptors without their zod schemas.
// At run time each descriptor has only method, path and successStatus; never read its schemas.
declare module 'virtual:ec-contract-routes' {
  export { routes, buildPath, ERROR_CODES } from '@ec/contract';
}
