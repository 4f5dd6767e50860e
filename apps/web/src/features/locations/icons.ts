// Icons of the Manage Location screens, one file each (see shared/ui/icons.ts for why not the barrel).
export { default as IconArrowsTransferDown } from '@tabler/icons-react/dist/esm/icons/IconArrowsTransferDown.mjs';
export { default as IconCpu } from '@tabler/icons-react/dist/esm/icons/IconCpu.mjs';
export { default as IconFolder } from '@tabler/icons-react/dist/esm/icons/IconFolder.mjs';
export { default as IconLock } from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
export { default as IconMailForward } from '@tabler/icons-react/dist/esm/icons/IconMailForward.mjs';
export { default as IconMapPin } from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
export { default as IconPencil } from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
export { default as IconPlus } from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
export { default as IconRestore } from '@tabler/icons-react/dist/esm/icons/IconRestore.mjs';
export { default as IconUserPlus } from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
export { default as IconUsers } from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
export { default as IconCurrencyEuro } from '@tabler/icons-react/dist/esm/icons/IconCurrencyEuro.mjs';
export { default as IconAdjustments } from '@tabler/icons-react/dist/esm/icons/IconAdjustments.mjs';
