import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const green: ColorTuple = [
  '#eefbf2',
  '#d8f3e0',
  '#b5e5c4',
  '#8dd4a5',
  '#64c288',
  '#38ae6d',
  '#029957',
  '#028149',
  '#016a3a',
  '#01532d',
];
const gray: ColorTuple = [
  '#f6fcf8',
  '#eff5f2',
  '#e4eae6',
  '#d6dcd9',
  '#c0c6c2',
  '#a0a6a3',
  '#747976',
  '#575c59',
  '#3c413e',
  '#232825',
];

/** Light only: green brand on soft gray, with a light gray sidebar. */
export const greenGrayTheme: SiteTheme = {
  name: 'green-gray',
  label: 'Green and gray',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: green,
      filledShade: 7,
      neutral: gray,
      background: gray[1],
      surface: '#ffffff',
      text: gray[9],
      dimmed: gray[7],
      border: gray[3],
      link: green[8],
      ...STATUS_ON_LIGHT,
      focusRing: green[7],
      sidebar: {
        background: gray[2],
        text: gray[9],
        hover: gray[3],
        activeBackground: green[7],
        activeText: '#ffffff',
        border: gray[3],
      },
      header: { background: '#ffffff', text: gray[9], border: gray[3] },
      energy: ENERGY_ON_LIGHT,
    },
  },
};
