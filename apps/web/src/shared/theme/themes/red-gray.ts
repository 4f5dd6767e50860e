import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const red: ColorTuple = [
  '#fff4f3',
  '#ffe4e1',
  '#fec8c3',
  '#ffa59e',
  '#ff7e77',
  '#f45a56',
  '#de3b3d',
  '#c2272d',
  '#a21921',
  '#811218',
];
const gray: ColorTuple = [
  '#f7fafe',
  '#f0f4f7',
  '#e5e8ec',
  '#d8dbdf',
  '#c1c4c8',
  '#a2a5a8',
  '#75787b',
  '#585b5e',
  '#3d4043',
  '#242729',
];

/** Light only: red brand on a gray page with a charcoal sidebar. */
export const redGrayTheme: SiteTheme = {
  name: 'red-gray',
  label: 'Red and gray',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: red,
      filledShade: 7,
      neutral: gray,
      background: gray[2],
      surface: '#ffffff',
      text: gray[9],
      dimmed: gray[7],
      border: gray[3],
      link: red[8],
      ...STATUS_ON_LIGHT,
      focusRing: red[6],
      sidebar: {
        background: gray[9],
        text: gray[2],
        hover: gray[8],
        activeBackground: red[7],
        activeText: '#ffffff',
        border: gray[8],
      },
      header: { background: '#ffffff', text: gray[9], border: gray[3] },
      energy: ENERGY_ON_LIGHT,
    },
  },
};
