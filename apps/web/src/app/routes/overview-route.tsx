import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';
import { CompanyPicker } from '../../features/companies/components/company-picker.tsx';

/** /overview: the company picker; super admins may add companies (spec 000 §2, §6). */
export function OverviewRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  return (
    <CompanyPicker
      title={t('route_titles.overview')}
      canCreate={user.role === 'ROLE_SUPER_ADMIN'}
    />
  );
}
