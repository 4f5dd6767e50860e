import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routes } from './index.ts';
import type { RouteDescriptor } from './http.ts';

/** Paths of every object schema inside `schema` that would accept unknown keys. */
function looseObjects(schema: z.ZodType, path: string): string[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.ZodType | undefined;
      const own = catchall?._zod.def.type === 'never' ? [] : [path];
      const shape = def.shape as Record<string, z.ZodType>;
      return [
        ...own,
        ...Object.entries(shape).flatMap(([key, child]) => looseObjects(child, `${path}.${key}`)),
      ];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return looseObjects(def.innerType as z.ZodType, path);
    case 'array':
      return looseObjects(def.element as z.ZodType, `${path}[]`);
    default:
      return [];
  }
}

const all = Object.entries(routes).flatMap(([group, defs]) =>
  Object.entries(defs as Record<string, RouteDescriptor>).map(([name, route]) => ({
    id: `${group}.${name}`,
    route,
  })),
);

describe('route descriptors', () => {
  it.each(all)('$id: request schemas reject unknown fields (z.strictObject)', ({ route }) => {
    const loose = [
      ...(route.params ? looseObjects(route.params, 'params') : []),
      ...(route.query ? looseObjects(route.query, 'query') : []),
      ...(route.body ? looseObjects(route.body, 'body') : []),
    ];
    expect(loose).toEqual([]);
  });

  it.each(all)('$id: path starts with / and declares every :param in params', ({ route }) => {
    expect(route.path.startsWith('/')).toBe(true);
    expect(route.path.startsWith('/api')).toBe(false);
    const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
    const declared = route.params ? Object.keys((route.params as z.ZodObject).shape) : [];
    expect(declared.sort()).toEqual(names.sort());
  });

  it('has unique method + path pairs', () => {
    const keys = all.map(({ route }) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
