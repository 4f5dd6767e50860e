// The contract's route descriptors carry zod schemas; importing them pulls zod and every schema into the first
// page's JavaScript (~26 KB gzip), although the client only needs each route's method and path to call it.
// This plugin serves `virtual:ec-contract-routes`: the same `routes` object (method, path and successStatus of
// each route — generated from @ec/contract itself at build time, never written by hand), `buildPath` and
// `ERROR_CODES`, without zod. Types still come from @ec/contract (see src/types/contract-routes.d.ts). Code that
// validates with a contract schema (forms) imports '@ec/contract' itself, lazily.
import type { Plugin } from 'vite';

export const CONTRACT_ROUTES_ID = 'virtual:ec-contract-routes';
const RESOLVED_ID = `\0${CONTRACT_ROUTES_ID}`;

/** The runtime part of a route descriptor the client uses; schemas are left out. */
const KEPT_FIELDS = ['method', 'path', 'successStatus'] as const;

function isDescriptor(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { method?: unknown }).method === 'string' &&
    typeof (value as { path?: unknown }).path === 'string'
  );
}

/** Copies the route tree keeping only the fields in KEPT_FIELDS of each descriptor. */
export function stripSchemas(tree: unknown): unknown {
  if (isDescriptor(tree)) {
    return Object.fromEntries(KEPT_FIELDS.filter((k) => k in tree).map((k) => [k, tree[k]]));
  }
  if (typeof tree === 'object' && tree !== null) {
    return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, stripSchemas(v)]));
  }
  throw new Error('unexpected value in the contract routes');
}

/** The module text of `virtual:ec-contract-routes` for a loaded @ec/contract. */
export function contractRoutesModule(contract: {
  routes: unknown;
  buildPath: (...args: never[]) => string;
  ERROR_CODES: readonly string[];
}): string {
  return [
    `export const routes = ${JSON.stringify(stripSchemas(contract.routes))};`,
    `export const ERROR_CODES = ${JSON.stringify(contract.ERROR_CODES)};`,
    // The contract's own implementation, so URL building cannot drift from the server's.
    `export const buildPath = ${contract.buildPath.toString()};`,
  ].join('\n');
}

/** Vite plugin serving `virtual:ec-contract-routes` from @ec/contract. */
export function contractRoutes(): Plugin {
  return {
    name: 'ec-contract-routes',
    resolveId(id) {
      return id === CONTRACT_ROUTES_ID ? RESOLVED_ID : null;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return null;
      // Node (24, type stripping) loads the contract's TypeScript directly.
      const contract = (await import('@ec/contract')) as Parameters<typeof contractRoutesModule>[0];
      return contractRoutesModule(contract);
    },
  };
}
