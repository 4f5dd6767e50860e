import type { ThemeName } from '@ec/domain';
import type { SiteTheme } from '../types.ts';
import { isThemeName } from './load.ts';
import { blueGreenTheme } from './blue-green.ts';
import { darkBlueTheme } from './dark-blue.ts';
import { darkCyanTheme } from './dark-cyan.ts';
import { darkGreenTheme } from './dark-green.ts';
import { darkOrangeTheme } from './dark-orange.ts';
import { darkYellowBlueTheme } from './dark-yellow-blue.ts';
import { defaultTheme } from './default.ts';
import { energyBlueTheme } from './energy-blue.ts';
import { energyCyanTheme } from './energy-cyan.ts';
import { greenGrayTheme } from './green-gray.ts';
import { redGrayTheme } from './red-gray.ts';
import { whiteGrayTheme } from './white-gray.ts';
import { whiteTheme } from './white.ts';
import { yellowBlueTheme } from './yellow-blue.ts';
import { yellowTheme } from './yellow.ts';

/**
 * Every site theme of spec 001 §9, keyed by its name. The app loads a site's theme on its own (load.ts); this
 * table is for the places that need them all (tests, theme previews).
 */
export const siteThemes: Record<ThemeName, SiteTheme> = {
  default: defaultTheme,
  'dark-blue': darkBlueTheme,
  white: whiteTheme,
  yellow: yellowTheme,
  'red-gray': redGrayTheme,
  'energy-blue': energyBlueTheme,
  'dark-orange': darkOrangeTheme,
  'dark-green': darkGreenTheme,
  'green-gray': greenGrayTheme,
  'white-gray': whiteGrayTheme,
  'yellow-blue': yellowBlueTheme,
  'dark-yellow-blue': darkYellowBlueTheme,
  'blue-green': blueGreenTheme,
  'energy-cyan': energyCyanTheme,
  'dark-cyan': darkCyanTheme,
};

/**
 * The theme of a site. Anything that is not a theme name (a stale value, a missing field) gets the
 * default theme rather than a blank screen.
 */
export function getSiteTheme(name: string | null | undefined): SiteTheme {
  return isThemeName(name) ? siteThemes[name] : siteThemes.default;
}

export { isThemeName };
