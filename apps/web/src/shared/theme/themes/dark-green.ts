import type { ColorTuple, SiteTheme } from '../types.ts';
import { ENERGY_ON_DARK, STATUS_ON_DARK } from './base.ts';

const green: ColorTuple = [
  '#eefbf0',
  '#d8f4dd',
  '#b4e6bd',
  '#8bd59b',
  '#62c37b',
  '#35b05d',
  '#059a46',
  '#01823a',
  '#006b2e',
  '#025423',
];
const forest: ColorTuple = [
  '#d4ebde',
  '#bbd1c4',
  '#95ab9e',
  '#71867a',
  '#44584d',
  '#32453a',
  '#23352b',
  '#15271e',
  '#0d1f16',
  '#05160d',
];

/** Dark only: deep forest surfaces with fresh green controls. */
export const darkGreenTheme: SiteTheme = {
  name: 'dark-green',
  label: 'Dark green',
  scheme: 'dark',
  allowsSchemeChoice: false,
  colors: {
    dark: {
      primary: green,
      filledShade: 5,
      neutral: forest,
      background: forest[8],
      surface: forest[7],
      text: forest[0],
      dimmed: forest[2],
      border: forest[5],
      link: green[3],
      ...STATUS_ON_DARK,
      focusRing: green[4],
      sidebar: {
        background: forest[9],
        text: forest[1],
        hover: forest[7],
        activeBackground: green[5],
        activeText: forest[9],
        border: forest[6],
      },
      header: { background: forest[9], text: forest[0], border: forest[6] },
      energy: ENERGY_ON_DARK,
    },
  },
};
