// Public API of the site theming layer; import from here, not from the files behind it.

export type {
  ColorTuple,
  EnergyPalette,
  HeaderColors,
  Scheme,
  SchemeColors,
  SchemePreference,
  Shade,
  SidebarColors,
  SiteTheme,
} from './types.ts';
export { ENERGY_SERIES } from './types.ts';
export { getSiteTheme, siteThemes } from './themes/index.ts';
export { isThemeName, loadedSiteTheme, loadSiteTheme } from './themes/load.ts';
export {
  energyPalette,
  filledHoverShade,
  forcedColorScheme,
  onPrimaryText,
  onPrimaryTextOf,
  primaryTextShade,
  primaryTint,
  resolveScheme,
  schemeColors,
  schemeVariants,
} from './tokens.ts';
export {
  BLACK,
  LUMINANCE_CROSSOVER,
  WCAG_AA,
  WHITE,
  composite,
  contrastRatio,
  isHexColor,
  parseHex,
  readableTextOn,
  relativeLuminance,
} from './contrast.ts';
export {
  FONT_FAMILY,
  PRIMARY_COLOR,
  cssVariablesResolver,
  mantineProviderProps,
  siteCssVariables,
  siteThemeOf,
  toMantineTheme,
} from './mantine.ts';
