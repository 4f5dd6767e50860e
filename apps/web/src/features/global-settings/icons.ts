// Icons of the global-settings screens, one file each (see shared/ui/icons.ts).
export { default as IconArrowsMove } from '@tabler/icons-react/dist/esm/icons/IconArrowsMove.mjs';
export { default as IconBuilding } from '@tabler/icons-react/dist/esm/icons/IconBuilding.mjs';
export { default as IconChevronRight } from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs';
export { default as IconCopy } from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs';
export { default as IconFolder } from '@tabler/icons-react/dist/esm/icons/IconFolder.mjs';
export { default as IconFolderPlus } from '@tabler/icons-react/dist/esm/icons/IconFolderPlus.mjs';
export { default as IconMapPin } from '@tabler/icons-react/dist/esm/icons/IconMapPin.mjs';
export { default as IconPencil } from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
export { default as IconUserCheck } from '@tabler/icons-react/dist/esm/icons/IconUserCheck.mjs';
export { default as IconUserPlus } from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
export { default as IconUsers } from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
