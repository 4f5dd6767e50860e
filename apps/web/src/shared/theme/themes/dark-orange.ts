import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_DARK, STATUS_ON_DARK } from './base.ts';

const orange: ColorTuple = [
  '#fef5ef',
  '#ffe5d8',
  '#fecbaf',
  '#ffaa79',
  '#f78a46',
  '#e76d02',
  '#c85d02',
  '#a84e04',
  '#8b3f00',
  '#6f3100',
];
const charcoal: ColorTuple = [
  '#e9e3e0',
  '#cfc9c6',
  '#a9a3a0',
  '#847f7c',
  '#56514f',
  '#433f3c',
  '#342f2d',
  '#26221f',
  '#1e1a17',
  '#15110e',
];

/** Dark only: warm charcoal with a glowing orange primary. */
export const darkOrangeTheme: SiteTheme = {
  name: 'dark-orange',
  label: 'Dark orange',
  scheme: 'dark',
  allowsSchemeChoice: false,
  colors: {
    dark: {
      primary: orange,
      filledShade: 5,
      neutral: charcoal,
      background: charcoal[8],
      surface: charcoal[7],
      text: charcoal[0],
      dimmed: charcoal[2],
      border: charcoal[5],
      link: orange[3],
      ...STATUS_ON_DARK,
      focusRing: orange[4],
      sidebar: {
        background: charcoal[9],
        text: charcoal[1],
        hover: charcoal[7],
        activeBackground: orange[5],
        activeText: charcoal[9],
        border: charcoal[6],
      },
      header: { background: charcoal[9], text: charcoal[0], border: charcoal[6] },
      energy: ENERGY_ON_DARK,
    },
  },
};
