// Status and energy colours shared by themes of the same brightness. Themes spread these and override
// single entries where their own background or brand calls for it; the contrast tests hold each result.

import type { EnergyPalette } from '../types.ts';

/** Status colours readable as text (≥ 4.5:1) on white and near-white backgrounds. */
export const STATUS_ON_LIGHT = {
  danger: '#c42525',
  warning: '#9c5200',
  success: '#24773a',
  info: '#1864ab',
} as const;

/** Status colours readable as text on dark backgrounds. */
export const STATUS_ON_DARK = {
  danger: '#ff8a8a',
  warning: '#ffc078',
  success: '#69db7c',
  info: '#74c0fc',
} as const;

/**
 * Energy series for light backgrounds: the conventional hues (grid import red, export green, solar
 * amber, battery violet, consumption blue, EV teal, HVAC magenta), dark enough for 3:1 on white.
 */
export const ENERGY_ON_LIGHT: EnergyPalette = {
  gridImport: '#e03131',
  gridExport: '#2b8a3e',
  solar: '#c96a00',
  battery: '#7048e8',
  consumption: '#1c7ed6',
  ev: '#0c8599',
  hvac: '#c2255c',
};

/** The same hues, light enough for 3:1 on dark backgrounds. */
export const ENERGY_ON_DARK: EnergyPalette = {
  gridImport: '#fa5252',
  gridExport: '#69db7c',
  solar: '#fcc419',
  battery: '#9775fa',
  consumption: '#4dabf7',
  ev: '#3bc9db',
  hvac: '#f783ac',
};
