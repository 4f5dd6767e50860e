import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_LIGHT, STATUS_ON_LIGHT } from './base.ts';

const yellow: ColorTuple = [
  '#fffae8',
  '#fff4c9',
  '#ffeba1',
  '#fde073',
  '#f7d43f',
  '#eec800',
  '#d4b201',
  '#a98d05',
  '#836d05',
  '#625104',
];
const warm: ColorTuple = [
  '#fefaf1',
  '#f7f3eb',
  '#ebe7df',
  '#dedad2',
  '#c8c4bc',
  '#a8a49c',
  '#7b7770',
  '#5e5a53',
  '#433f39',
  '#292620',
];

/** Light only: a sunny yellow sidebar and yellow buttons with near-black text on warm white. */
export const yellowTheme: SiteTheme = {
  name: 'yellow',
  label: 'Yellow',
  scheme: 'light',
  allowsSchemeChoice: false,
  colors: {
    light: {
      primary: yellow,
      filledShade: 5,
      neutral: warm,
      background: warm[0],
      surface: '#ffffff',
      text: warm[9],
      dimmed: warm[7],
      border: warm[3],
      link: yellow[9],
      ...STATUS_ON_LIGHT,
      focusRing: yellow[9],
      sidebar: {
        background: yellow[5],
        text: warm[9],
        hover: yellow[4],
        activeBackground: warm[9],
        activeText: yellow[3],
        border: yellow[6],
      },
      header: { background: '#ffffff', text: warm[9], border: warm[3] },
      energy: ENERGY_ON_LIGHT,
    },
  },
};
