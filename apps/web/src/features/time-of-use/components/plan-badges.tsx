import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TimePlanSummary } from '@ec/contract';

/** A plan's labels: predefined, in use or not (spec 001 §4), incomplete, read only. */
export function PlanBadges({
  plan,
}: {
  plan: Pick<TimePlanSummary, 'inUse' | 'complete' | 'companyId' | 'editable'>;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {plan.companyId === null && (
        <Badge variant="light" color="gray">
          {t('time_of_use.plan.predefined')}
        </Badge>
      )}
      {plan.inUse ? (
        <Badge variant="light" color="blue">
          {t('time_of_use.plan.in_use')}
        </Badge>
      ) : (
        <Badge variant="outline" color="gray">
          {t('time_of_use.plan.not_in_use')}
        </Badge>
      )}
      {!plan.complete && (
        <Badge variant="light" color="orange">
          {t('time_of_use.plan.incomplete')}
        </Badge>
      )}
      {!plan.editable && (
        <Badge variant="outline" color="gray">
          {t('time_of_use.plan.read_only')}
        </Badge>
      )}
    </Group>
  );
}
