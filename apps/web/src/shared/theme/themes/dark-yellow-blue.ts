import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_DARK, STATUS_ON_DARK } from './base.ts';

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
const midnight: ColorTuple = [
  '#d7e5fe',
  '#bbcbe9',
  '#95a5c2',
  '#72819c',
  '#45536c',
  '#334058',
  '#243047',
  '#172338',
  '#0f1a2f',
  '#071125',
];

/** Dark only: midnight-blue surfaces with golden-yellow controls and light blue links. */
export const darkYellowBlueTheme: SiteTheme = {
  name: 'dark-yellow-blue',
  label: 'Dark yellow and blue',
  scheme: 'dark',
  allowsSchemeChoice: false,
  colors: {
    dark: {
      primary: gold,
      filledShade: 4,
      neutral: midnight,
      background: midnight[8],
      surface: midnight[7],
      text: midnight[0],
      dimmed: midnight[2],
      border: midnight[5],
      link: '#8fb8ff',
      ...STATUS_ON_DARK,
      focusRing: gold[4],
      sidebar: {
        background: midnight[9],
        text: midnight[1],
        hover: midnight[7],
        activeBackground: gold[4],
        activeText: midnight[9],
        border: midnight[6],
      },
      header: { background: midnight[9], text: midnight[0], border: midnight[6] },
      energy: ENERGY_ON_DARK,
    },
  },
};
