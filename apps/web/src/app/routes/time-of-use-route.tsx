import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { TimeOfUsePage } from '../../features/time-of-use/components/time-of-use-page.tsx';

/** /time-of-use (aggregators and super admins, ROUTE_ACCESS in @ec/domain): time plans and their editor. */
export function TimeOfUseRoute() {
  const user = useCurrentUser();
  return <TimeOfUsePage superAdmin={user.role === 'ROLE_SUPER_ADMIN'} companyId={user.companyId} />;
}
