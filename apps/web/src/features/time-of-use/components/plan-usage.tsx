import { Badge, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { timePlanUsageQueryOptions } from '../../../entities/time-plan/index.ts';

/**
 * Who uses a plan in use (GET /timeplans/:id/configs): the price-type configs that follow its blocks and the price
 * lists built on it — why it cannot be deleted and its blocks stay as they are.
 */
export function PlanUsage({ planId }: { planId: number }) {
  const { t } = useTranslation();
  const query = useQuery(timePlanUsageQueryOptions(planId));
  if (!query.data) return null;
  const { configs, priceLists } = query.data;
  return (
    <section aria-label={t('time_of_use.usage.title')}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('time_of_use.usage.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('time_of_use.usage.hint')}
        </Text>
        <List size="sm">
          {configs.map((config) => (
            <List.Item key={`c${config.id}`}>
              {t('time_of_use.usage.config', { name: config.name })}
            </List.Item>
          ))}
          {priceLists.map((list) => (
            <List.Item key={`l${list.id}`}>
              {t('time_of_use.usage.price_list', { name: list.name, location: list.locationName })}{' '}
              {list.active && (
                <Badge size="xs" variant="light" color="green">
                  {t('time_of_use.usage.active')}
                </Badge>
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </section>
  );
}
