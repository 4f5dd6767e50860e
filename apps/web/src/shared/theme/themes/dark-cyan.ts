import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_DARK, STATUS_ON_DARK } from './base.ts';

const cyan: ColorTuple = [
  '#ebfafc',
  '#d3f2f6',
  '#aae3ea',
  '#7bd1db',
  '#45becb',
  '#07a9b6',
  '#03919d',
  '#057a84',
  '#00646d',
  '#034f56',
];
const abyss: ColorTuple = [
  '#cbecf2',
  '#b1d1d7',
  '#8cabb1',
  '#68868c',
  '#3b585d',
  '#29454a',
  '#19353a',
  '#0b272c',
  '#031f24',
  '#001519',
];

/** Dark only: deep teal-black surfaces with bright cyan controls. */
export const darkCyanTheme: SiteTheme = {
  name: 'dark-cyan',
  label: 'Dark cyan',
  scheme: 'dark',
  allowsSchemeChoice: false,
  colors: {
    dark: {
      primary: cyan,
      filledShade: 4,
      neutral: abyss,
      background: abyss[8],
      surface: abyss[7],
      text: abyss[0],
      dimmed: abyss[2],
      border: abyss[5],
      link: cyan[3],
      ...STATUS_ON_DARK,
      focusRing: cyan[4],
      sidebar: {
        background: abyss[9],
        text: abyss[1],
        hover: abyss[7],
        activeBackground: cyan[4],
        activeText: abyss[9],
        border: abyss[6],
      },
      header: { background: abyss[9], text: abyss[0], border: abyss[6] },
      energy: ENERGY_ON_DARK,
    },
  },
};
