import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const indigo: ColorTuple = [
  '#f5f6fe',
  '#e7eafe',
  '#cfd4ff',
  '#b4bafe',
  '#9ba0ff',
  '#8384ff',
  '#6e6bed',
  '#5c57d0',
  '#4b46ae',
  '#3a368b',
];
const gray: ColorTuple = [
  '#f7fbfd',
  '#f1f4f6',
  '#e5e8eb',
  '#d8dbde',
  '#c1c4c7',
  '#a2a5a7',
  '#75787a',
  '#585b5d',
  '#3d4042',
  '#242729',
];

/** Light only: all-white surfaces separated by hairlines, with a crisp indigo accent. */
export const whiteTheme: SiteTheme = {
  name: 'white',
  label: 'White',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: indigo,
      filledShade: 7,
      neutral: gray,
      background: '#ffffff',
      surface: '#ffffff',
      text: gray[9],
      dimmed: gray[7],
      border: gray[2],
      link: indigo[8],
      ...STATUS_ON_LIGHT,
      focusRing: indigo[6],
      sidebar: {
        background: '#ffffff',
        text: gray[8],
        hover: gray[1],
        activeBackground: indigo[0],
        activeText: indigo[8],
        border: gray[2],
      },
      header: { background: '#ffffff', text: gray[9], border: gray[2] },
      energy: ENERGY_ON_LIGHT,
    },
  },
};
