import type { ThemeName } from '@ec/domain';

/** A colour scheme variant. */
export type Scheme = 'light' | 'dark';

/** What the user may ask for; `auto` follows the operating system. */
export type SchemePreference = Scheme | 'auto';

/** Ten shades from lightest (0) to darkest (9), the shape Mantine expects for a theme colour. */
export type ColorTuple = readonly [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

/** A shade index into a {@link ColorTuple}. */
export type Shade = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** Chart series colours for the energy flows; all must stand out from the background and each other. */
export interface EnergyPalette {
  gridImport: string;
  gridExport: string;
  solar: string;
  battery: string;
  consumption: string;
  ev: string;
  hvac: string;
}

/** The names of the energy series, in legend order. */
export const ENERGY_SERIES = [
  'gridImport',
  'gridExport',
  'solar',
  'battery',
  'consumption',
  'ev',
  'hvac',
] as const satisfies readonly (keyof EnergyPalette)[];

/** Colours of the navigation sidebar. */
export interface SidebarColors {
  background: string;
  text: string;
  /** Hovered item background; `text` stays on it. */
  hover: string;
  /** Current item. */
  activeBackground: string;
  activeText: string;
  border: string;
}

/** Colours of the top header bar. */
export interface HeaderColors {
  background: string;
  text: string;
  border: string;
}

/** Every colour token of one scheme variant of a theme. All values are `#rrggbb`. */
export interface SchemeColors {
  /** Brand colour, lightest to darkest; Mantine's `primaryColor`. */
  primary: ColorTuple;
  /** The shade used for filled components (buttons, checked boxes); its hover is the next darker shade. */
  filledShade: Shade;
  /**
   * Tinted neutral ramp, lightest to darkest. It becomes Mantine's `gray` (light variants) or `dark`
   * (dark variants) so Mantine's own inputs, borders and hovers match the theme.
   */
  neutral: ColorTuple;
  /** Page background. */
  background: string;
  /** Cards, panels, inputs. */
  surface: string;
  text: string;
  /** Secondary text; still AA on background and surface. */
  dimmed: string;
  border: string;
  link: string;
  danger: string;
  warning: string;
  success: string;
  info: string;
  /** Keyboard focus outline; ≥ 3:1 on background, surface, header and sidebar. */
  focusRing: string;
  sidebar: SidebarColors;
  header: HeaderColors;
  energy: EnergyPalette;
}

/** A site theme (spec 001 §9): the tokens of one white-label brand. */
export interface SiteTheme {
  name: ThemeName;
  /** English display name, for admin pickers and docs (the UI uses catalog keys). */
  label: string;
  /** The variant shown by default; the only one when {@link SiteTheme.allowsSchemeChoice} is false. */
  scheme: Scheme;
  /** Whether users may choose light, dark or auto; true exactly when both variants exist. */
  allowsSchemeChoice: boolean;
  /** The variants this theme has; always includes `scheme`. */
  colors: Partial<Record<Scheme, SchemeColors>>;
}
