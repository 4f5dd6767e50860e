import type { ReactNode } from 'react';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { MojElektroLayout } from '../../features/moj-elektro/index.ts';
import { SidebarPanel } from '../../features/shell/components/sidebar-panel.tsx';
import { useIsMobile } from '../../features/shell/media.ts';

// Issue 14: every Moj Elektro page comes from this one lazy module (the feature stays out of the sign-in bundle).
export {
  BatteryPage,
  CalculationsPage,
  ComparisonPage,
  DataPage,
  ManagementPage,
  SolarPage,
} from '../../features/moj-elektro/index.ts';

/** /external/integrations/moj-elektro: the section's frame for the signed-in user's country. */
export function MojElektroRoute() {
  const user = useCurrentUser();
  const mobile = useIsMobile();
  return (
    <MojElektroLayout countryCode={user.countryCode} placement={{ mobile, sidebar: inSidebar }} />
  );
}

/** The filter panel in the shell's sidebar (desktop). */
function inSidebar(content: ReactNode) {
  return <SidebarPanel>{content}</SidebarPanel>;
}
