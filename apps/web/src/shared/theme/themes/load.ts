import { THEMES, type ThemeName } from '@ec/domain';
import type { SiteTheme } from '../types.ts';
import { defaultTheme } from './default.ts';

// A site uses one theme: only the default ships with the first load, the others are small chunks loaded when a
// site names them (the start sequence waits for it before the first render, so there is no flash of default).
const modules = import.meta.glob<Record<string, unknown>>([
  './*.ts',
  '!./index.ts',
  '!./load.ts',
  '!./base.ts',
  '!./default.ts',
  '!./*.test.ts',
]);

const loaded = new Map<ThemeName, SiteTheme>([['default', defaultTheme]]);

function isSiteTheme(value: unknown, name: ThemeName): value is SiteTheme {
  return typeof value === 'object' && value !== null && (value as SiteTheme).name === name;
}

/** Whether a value names a site theme. */
export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The theme if it is loaded already (the default always is); else undefined. */
export function loadedSiteTheme(name: string | null | undefined): SiteTheme | undefined {
  return isThemeName(name) ? loaded.get(name) : defaultTheme;
}

/**
 * Loads a site's theme (its own chunk). Anything that is not a theme name, and a chunk that fails to load,
 * give the default theme rather than a blank screen.
 */
export async function loadSiteTheme(name: string | null | undefined): Promise<SiteTheme> {
  if (!isThemeName(name)) return defaultTheme;
  const known = loaded.get(name);
  if (known) return known;
  const load = modules[`./${name}.ts`];
  if (!load) return defaultTheme;
  try {
    const theme = Object.values(await load()).find((value) => isSiteTheme(value, name));
    if (!theme) return defaultTheme;
    loaded.set(name, theme);
    return theme;
  } catch {
    return defaultTheme;
  }
}
