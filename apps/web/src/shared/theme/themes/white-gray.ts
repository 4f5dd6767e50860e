import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const graphite: ColorTuple = [
  '#f5f7fa',
  '#e7ecf1',
  '#d1d8e2',
  '#b7c2d0',
  '#9facbd',
  '#8897aa',
  '#728295',
  '#5f6d7f',
  '#4d5969',
  '#3c4653',
];
const gray: ColorTuple = [
  '#f8fafd',
  '#f1f4f6',
  '#e6e8ea',
  '#d9dbdd',
  '#c2c4c7',
  '#a3a5a7',
  '#76787a',
  '#595b5d',
  '#3e4042',
  '#252728',
];

/** Light only: white content on a gray sidebar; graphite controls and restrained blue links. */
export const whiteGrayTheme: SiteTheme = {
  name: 'white-gray',
  label: 'White and gray',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: graphite,
      filledShade: 7,
      neutral: gray,
      background: '#ffffff',
      surface: '#ffffff',
      text: gray[9],
      dimmed: gray[7],
      border: gray[3],
      link: '#1f5f99',
      ...STATUS_ON_LIGHT,
      focusRing: graphite[7],
      sidebar: {
        background: gray[2],
        text: gray[9],
        hover: gray[3],
        activeBackground: '#ffffff',
        activeText: gray[9],
        border: gray[3],
      },
      header: { background: '#ffffff', text: gray[9], border: gray[3] },
      energy: ENERGY_ON_LIGHT,
    },
  },
};
