import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const electric: ColorTuple = [
  '#f3f7fe',
  '#e1ecfe',
  '#c3d8fe',
  '#9fc1ff',
  '#7caafe',
  '#5891fe',
  '#3075fe',
  '#1d60e2',
  '#134dbe',
  '#0d3c98',
];
const mist: ColorTuple = [
  '#f7fafe',
  '#ecf4fe',
  '#e0e9f4',
  '#d3dce7',
  '#bdc5d0',
  '#9da5b0',
  '#707882',
  '#545c65',
  '#394049',
  '#21272f',
];
/** Deep blue of the sidebar and header, with its hover and border steps. */
const deep = { base: '#0a2466', hover: '#123285', border: '#1b3f99', text: '#dbe7ff' } as const;
/** The electric cyan that marks the current item. */
const spark = '#00c2ff';

/** Light only: deep blue sidebar and header with electric-blue controls and a cyan spark. */
export const energyBlueTheme: SiteTheme = {
  name: 'energy-blue',
  label: 'Energy blue',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: electric,
      filledShade: 7,
      neutral: mist,
      background: mist[1],
      surface: '#ffffff',
      text: mist[9],
      dimmed: mist[7],
      border: mist[3],
      link: electric[7],
      ...STATUS_ON_LIGHT,
      focusRing: electric[6],
      sidebar: {
        background: deep.base,
        text: deep.text,
        hover: deep.hover,
        activeBackground: spark,
        activeText: deep.base,
        border: deep.border,
      },
      header: { background: deep.base, text: '#ffffff', border: deep.border },
      energy: { ...ENERGY_ON_LIGHT, consumption: '#0b6ff0' },
    },
  },
};
