import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const cyan: ColorTuple = [
  '#ebfafe',
  '#d2f2fa',
  '#a8e3f2',
  '#77d0e6',
  '#3cbdd8',
  '#0aa7c2',
  '#0090a8',
  '#03798d',
  '#016374',
  '#004e5c',
];
const mist: ColorTuple = [
  '#f2fcff',
  '#e9f6fa',
  '#ddebee',
  '#d0dde1',
  '#bac7ca',
  '#9ba7aa',
  '#6e7a7d',
  '#525d60',
  '#374245',
  '#1e282b',
];
/** Deep petrol of the sidebar and header. */
const petrol = { base: '#062a35', hover: '#0b3a48', border: '#114a5a', text: '#d7f3fa' } as const;

/** Light only: deep petrol sidebar and header with electric-cyan controls. */
export const energyCyanTheme: SiteTheme = {
  name: 'energy-cyan',
  label: 'Energy cyan',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: cyan,
      filledShade: 4,
      neutral: mist,
      background: mist[0],
      surface: '#ffffff',
      text: mist[9],
      dimmed: mist[7],
      border: mist[3],
      link: cyan[8],
      ...STATUS_ON_LIGHT,
      focusRing: cyan[6],
      sidebar: {
        background: petrol.base,
        text: petrol.text,
        hover: petrol.hover,
        activeBackground: cyan[4],
        activeText: petrol.base,
        border: petrol.border,
      },
      header: { background: petrol.base, text: '#ffffff', border: petrol.border },
      energy: { ...ENERGY_ON_LIGHT, ev: cyan[6] },
    },
  },
};
