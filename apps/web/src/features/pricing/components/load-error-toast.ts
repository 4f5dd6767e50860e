import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/toast.ts';

/**
 * Shows `pricing_plans.get_data_error` as a red toast when a pricing load fails (spec 001 §8), once per failure;
 * the page shows the failure with Try again as well.
 */
export function useLoadErrorToast(failed: boolean): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (failed) showToast({ color: 'red', message: t('pricing_plans.get_data_error') });
  }, [failed, t]);
}
