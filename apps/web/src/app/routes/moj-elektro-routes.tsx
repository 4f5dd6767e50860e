import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { MojElektroLayout } from '../../features/moj-elektro/index.ts';

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
  return <MojElektroLayout countryCode={user.countryCode} />;
}
