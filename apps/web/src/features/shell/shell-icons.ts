// Icons of the shell's navigation, one file each (see shared/ui/icons.ts for why).
export { default as IconArrowLeft } from '@tabler/icons-react/dist/esm/icons/IconArrowLeft.mjs';
export { default as IconBell } from '@tabler/icons-react/dist/esm/icons/IconBell.mjs';
export { default as IconChartLine } from '@tabler/icons-react/dist/esm/icons/IconChartLine.mjs';
export { default as IconChess } from '@tabler/icons-react/dist/esm/icons/IconChess.mjs';
export { default as IconGauge } from '@tabler/icons-react/dist/esm/icons/IconGauge.mjs';
export { default as IconAdjustmentsBolt } from '@tabler/icons-react/dist/esm/icons/IconAdjustmentsBolt.mjs';
export { default as IconWorldCog } from '@tabler/icons-react/dist/esm/icons/IconWorldCog.mjs';
export { default as IconPlugConnected } from '@tabler/icons-react/dist/esm/icons/IconPlugConnected.mjs';
export { default as IconListDetails } from '@tabler/icons-react/dist/esm/icons/IconListDetails.mjs';
