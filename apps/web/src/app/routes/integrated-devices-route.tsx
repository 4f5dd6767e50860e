import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { IntegratedDevices } from '../../features/integrated-devices/components/integrated-devices.tsx';
import { NotFoundPage } from './not-found-route.tsx';
import { idParam } from './route-helpers.ts';

/** /companies/:companyId/integrated-devices: the company's devices (spec 000 §2). */
export function IntegratedDevicesRoute() {
  const { t } = useTranslation();
  const companyId = idParam(useParams().companyId);
  if (companyId === null) return <NotFoundPage />;
  return <IntegratedDevices companyId={companyId} title={t('route_titles.integrated_devices')} />;
}
