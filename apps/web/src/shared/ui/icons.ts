// Icons are imported one file each: the package's barrel re-exports ~6000 modules, which slows the dev server
// and tests and depends on tree-shaking to stay out of the bundle. Add icons here as needed.
export type { Icon } from '@tabler/icons-react';
export { default as IconAlertTriangle } from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
export { default as IconCheck } from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs';
export { default as IconChevronDown } from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs';
export { default as IconChevronUp } from '@tabler/icons-react/dist/esm/icons/IconChevronUp.mjs';
export { default as IconCookie } from '@tabler/icons-react/dist/esm/icons/IconCookie.mjs';
export { default as IconDots } from '@tabler/icons-react/dist/esm/icons/IconDots.mjs';
export { default as IconDownload } from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
export { default as IconExternalLink } from '@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs';
export { default as IconHome } from '@tabler/icons-react/dist/esm/icons/IconHome.mjs';
export { default as IconInfoCircle } from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs';
export { default as IconLanguage } from '@tabler/icons-react/dist/esm/icons/IconLanguage.mjs';
export { default as IconLayoutSidebarLeftCollapse } from '@tabler/icons-react/dist/esm/icons/IconLayoutSidebarLeftCollapse.mjs';
export { default as IconLayoutSidebarLeftExpand } from '@tabler/icons-react/dist/esm/icons/IconLayoutSidebarLeftExpand.mjs';
export { default as IconLifebuoy } from '@tabler/icons-react/dist/esm/icons/IconLifebuoy.mjs';
export { default as IconLogout } from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs';
export { default as IconMail } from '@tabler/icons-react/dist/esm/icons/IconMail.mjs';
export { default as IconMapQuestion } from '@tabler/icons-react/dist/esm/icons/IconMapQuestion.mjs';
export { default as IconMenu2 } from '@tabler/icons-react/dist/esm/icons/IconMenu2.mjs';
export { default as IconRefresh } from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs';
export { default as IconSettings } from '@tabler/icons-react/dist/esm/icons/IconSettings.mjs';
export { default as IconShieldLock } from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
export { default as IconSitemap } from '@tabler/icons-react/dist/esm/icons/IconSitemap.mjs';
export { default as IconTool } from '@tabler/icons-react/dist/esm/icons/IconTool.mjs';
export { default as IconTrash } from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
export { default as IconUserShield } from '@tabler/icons-react/dist/esm/icons/IconUserShield.mjs';
export { default as IconX } from '@tabler/icons-react/dist/esm/icons/IconX.mjs';
