import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CostBucketDto, MoneyDto } from '@ec/contract';
import { formatMoney, locationCostsQueryOptions } from '../../../entities/costs/index.ts';
import classes from './live.module.css';

const sum = (currency: string, ...amounts: MoneyDto[]): MoneyDto => ({
  currency,
  minor: amounts.reduce((total, amount) => total + amount.minor, 0),
});

/** The lines of today's bucket the overview shows: supplier (energy and fee), network, feed-in revenue. */
function breakdown(total: CostBucketDto, currency: string) {
  return {
    supplier: sum(currency, total.supplierEnergy, total.supplierFee),
    network: sum(currency, total.distributorEnergy, total.distributorPower),
    revenue: total.revenue,
  };
}

/**
 * Today's cost of the location's grid energy under its price list (GET …/costs for the location's local `day`,
 * in total), refreshed every 5 minutes: the total, and below it the supplier's part, the network's and the feed-in
 * revenue. "No price list" when no list covers the day.
 */
export function TodayCost({ locationId, day }: { locationId: number; day: string }) {
  const { t, i18n } = useTranslation();
  const costs = useQuery(locationCostsQueryOptions(locationId, day, day, 'total'));
  const money = (amount: MoneyDto) => formatMoney(i18n.language, amount);

  let content;
  if (costs.isPending) {
    content = <Skeleton height={28} width={120} data-testid="today-cost-loading" />;
  } else if (costs.isError) {
    content = (
      <Text size="sm" c="dimmed">
        {t('live.cost.error')}
      </Text>
    );
  } else if (costs.data.currency === null) {
    content = (
      <Text size="sm" c="dimmed">
        {t('live.cost.no_price_list')}
      </Text>
    );
  } else {
    const { currency, total } = costs.data;
    const zero: MoneyDto = { currency, minor: 0 };
    const parts = total
      ? breakdown(total, currency)
      : { supplier: zero, network: zero, revenue: zero };
    const showRevenue = parts.revenue.minor !== 0 || (total?.exportWh ?? 0) > 0;
    content = (
      <Stack gap={4}>
        <span className={classes.costValue}>{money(total?.total ?? zero)}</span>
        <dl className={classes.costParts}>
          <div>
            <dt>{t('live.cost.supplier')}</dt>
            <dd>{money(parts.supplier)}</dd>
          </div>
          <div>
            <dt>{t('live.cost.network')}</dt>
            <dd>{money(parts.network)}</dd>
          </div>
          {showRevenue && (
            <div>
              <dt>{t('live.cost.revenue')}</dt>
              <dd>{money(parts.revenue)}</dd>
            </div>
          )}
        </dl>
        {(total?.incomplete ?? 0) > 0 && (
          <Text size="xs" c="dimmed">
            {t('live.cost.incomplete')}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <div className={classes.cost} aria-labelledby="live-cost" role="group">
      <Text size="xs" c="dimmed" id="live-cost">
        {t('live.cost.title')}
      </Text>
      {content}
    </div>
  );
}
