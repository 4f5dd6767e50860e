import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_DARK, STATUS_ON_DARK } from './base.ts';

const blue: ColorTuple = [
  '#f1f8ff',
  '#ddedfe',
  '#badbff',
  '#90c6ff',
  '#60b0ff',
  '#3699f4',
  '#0683df',
  '#016ebe',
  '#035a9c',
  '#00467d',
];
const navy: ColorTuple = [
  '#d6e6ff',
  '#b8ccec',
  '#93a6c5',
  '#6f819f',
  '#42536e',
  '#30405a',
  '#21304a',
  '#14233b',
  '#0c1a32',
  '#051127',
];

/** Dark only: deep navy surfaces with sky-blue controls. */
export const darkBlueTheme: SiteTheme = {
  name: 'dark-blue',
  label: 'Dark blue',
  scheme: 'dark',
  allowsSchemeChoice: false,
  colors: {
    dark: {
      primary: blue,
      filledShade: 4,
      neutral: navy,
      background: navy[8],
      surface: navy[7],
      text: navy[0],
      dimmed: navy[2],
      border: navy[5],
      link: blue[3],
      ...STATUS_ON_DARK,
      focusRing: blue[3],
      sidebar: {
        background: navy[9],
        text: navy[1],
        hover: navy[7],
        activeBackground: blue[4],
        activeText: navy[9],
        border: navy[6],
      },
      header: { background: navy[9], text: navy[0], border: navy[6] },
      energy: ENERGY_ON_DARK,
    },
  },
};
