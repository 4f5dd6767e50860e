import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const gold: ColorTuple = [
  '#fffaee',
  '#fff2d8',
  '#ffe7b5',
  '#ffd989',
  '#ffc846',
  '#f5ba0c',
  '#daa50b',
  '#b08403',
  '#8c6804',
  '#694e04',
];
const mist: ColorTuple = [
  '#f7faff',
  '#edf4fe',
  '#e1e9f2',
  '#d4dbe5',
  '#bec5ce',
  '#9ea5ae',
  '#727880',
  '#555b63',
  '#3b4048',
  '#22272e',
];
/** Navy of the sidebar and header. */
const navy = { base: '#102a63', hover: '#1a3a7e', border: '#23468f', text: '#e3ebfb' } as const;

/** Light only: navy sidebar and header with golden-yellow controls; blue links. */
export const yellowBlueTheme: SiteTheme = {
  name: 'yellow-blue',
  label: 'Yellow and blue',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: gold,
      filledShade: 4,
      neutral: mist,
      background: mist[0],
      surface: '#ffffff',
      text: mist[9],
      dimmed: mist[7],
      border: mist[3],
      link: '#1d4fb8',
      ...STATUS_ON_LIGHT,
      focusRing: '#3b82f6',
      sidebar: {
        background: navy.base,
        text: navy.text,
        hover: navy.hover,
        activeBackground: gold[4],
        activeText: navy.base,
        border: navy.border,
      },
      header: { background: navy.base, text: '#ffffff', border: navy.border },
      energy: ENERGY_ON_LIGHT,
    },
  },
};
