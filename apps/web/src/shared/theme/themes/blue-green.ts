import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const teal: ColorTuple = [
  '#ecfbf5',
  '#d5f3e8',
  '#afe6d1',
  '#82d4b8',
  '#52c2a0',
  '#0cae89',
  '#049675',
  '#097f63',
  '#006850',
  '#01523f',
];
const mist: ColorTuple = [
  '#f3fcff',
  '#ebf6f9',
  '#e0eaed',
  '#d3dde0',
  '#bcc6c9',
  '#9da6aa',
  '#70797c',
  '#545d5f',
  '#394144',
  '#20282a',
];
/** Ocean blue of the sidebar. */
const ocean = { base: '#0b3160', hover: '#124178', border: '#1a4d88', text: '#e6f0fa' } as const;

/** Light only: ocean-blue sidebar, sea-green controls, blue links. */
export const blueGreenTheme: SiteTheme = {
  name: 'blue-green',
  label: 'Blue and green',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: teal,
      filledShade: 7,
      neutral: mist,
      background: mist[0],
      surface: '#ffffff',
      text: mist[9],
      dimmed: mist[7],
      border: mist[3],
      link: '#0b5cad',
      ...STATUS_ON_LIGHT,
      focusRing: teal[6],
      sidebar: {
        background: ocean.base,
        text: ocean.text,
        hover: ocean.hover,
        activeBackground: teal[4],
        activeText: ocean.base,
        border: ocean.border,
      },
      header: { background: '#ffffff', text: ocean.base, border: mist[3] },
      energy: ENERGY_ON_LIGHT,
    },
  },
};
