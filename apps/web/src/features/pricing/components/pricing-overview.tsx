import { useMemo } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PriceListDto } from '@ec/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states.tsx';
import {
  ActiveBadge,
  PriceKindBadge,
  allPriceListsQueryOptions,
} from '../../../entities/price-list/index.ts';
import { useLoadErrorToast } from './load-error-toast.ts';
import { usePriceText } from './price-text.ts';
import classes from './pricing.module.css';

/** A location's lists in the overview: the active one (if any) and how many there are. */
export interface LocationPricing {
  locationId: number;
  locationName: string;
  active: PriceListDto | null;
  count: number;
}

/**
 * The overview's rows: every location with lists (from the lists' own location) and every location of the user
 * without any, by name.
 */
export function pricingByLocation(
  lists: readonly PriceListDto[],
  ownLocations: readonly { id: number; name: string }[],
  locale: string,
): LocationPricing[] {
  const rows = new Map<number, LocationPricing>();
  for (const list of lists) {
    const row = rows.get(list.locationId) ?? {
      locationId: list.locationId,
      locationName: list.locationName,
      active: null,
      count: 0,
    };
    row.count += 1;
    if (list.active) row.active = list;
    rows.set(list.locationId, row);
  }
  for (const location of ownLocations) {
    if (!rows.has(location.id))
      rows.set(location.id, {
        locationId: location.id,
        locationName: location.name,
        active: null,
        count: 0,
      });
  }
  const collator = new Intl.Collator(locale);
  return [...rows.values()].sort((a, b) => collator.compare(a.locationName, b.locationName));
}

/** The active list's prices in a line: what the user pays for a kWh now. */
function useActiveLine() {
  const { t } = useTranslation();
  const price = usePriceText();
  return (list: PriceListDto) => {
    const c = list.currency;
    if (list.kind === 'FIXED')
      return `${t('pricing_plans.fields.t0')}: ${price.unitPrice(list.tariffs.t0, c, 'kwh')}`;
    if (list.kind === 'TIME_OF_USE')
      return `${t('pricing_plans.fields.vt')}: ${price.unitPrice(list.tariffs.t1, c, 'kwh')} · ${t('pricing_plans.fields.mt')}: ${price.unitPrice(list.tariffs.t2, c, 'kwh')}`;
    return `${t('pricing_plans.fields.buy_markup')}: ${price.unitPrice(list.buyMarkup, c, 'kwh')}`;
  };
}

/**
 * /pricing (the utility rate plan): for each location the user may view, the price list in force now with its
 * prices, or that there is none, with a link to the location's pricing plans.
 */
export function PricingOverview({
  ownLocations,
}: {
  ownLocations: readonly { id: number; name: string }[];
}) {
  const { t, i18n } = useTranslation();
  const query = useQuery(allPriceListsQueryOptions());
  useLoadErrorToast(query.isError);
  const activeLine = useActiveLine();
  const rows = useMemo(
    () => pricingByLocation(query.data ?? [], ownLocations, i18n.language),
    [query.data, ownLocations, i18n.language],
  );
  return (
    <Stack gap="md" maw={960}>
      <Group gap="sm">
        <Button component={Link} to="/pricing/price-lists" variant="light" size="xs">
          {t('route_titles.price_lists')}
        </Button>
        <Button component={Link} to="/pricing/plans" variant="light" size="xs">
          {t('route_titles.plans')}
        </Button>
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          notFoundKey="pricing_plans.get_data_error"
          errorKey="pricing_plans.get_data_error"
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('pricing_plans.overview.empty')} />
      ) : (
        <ul className={classes.list} aria-label={t('pricing_plans.overview.label')}>
          {rows.map((row) => (
            <Paper component="li" key={row.locationId} withBorder radius="md" p="sm">
              <div className={classes.row}>
                <div className={classes.main}>
                  <Title order={2} size="h5" className={classes.text}>
                    {row.locationName}
                  </Title>
                  {row.active ? (
                    <>
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" className={classes.text}>
                          {row.active.name}
                        </Text>
                        <ActiveBadge active validFrom={row.active.validFrom} today="" />
                        <PriceKindBadge kind={row.active.kind} />
                      </Group>
                      <Text size="sm" c="dimmed" className={classes.text}>
                        {activeLine(row.active)}
                      </Text>
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('pricing_plans.list.no_active')}
                    </Text>
                  )}
                </div>
                <div className={classes.actions}>
                  <Button
                    component={Link}
                    to={`/locations/${row.locationId}/pricing-plans`}
                    variant="light"
                    size="xs"
                    aria-label={t('pricing_plans.overview.open_named', { name: row.locationName })}
                  >
                    {t('pricing_plans.overview.open')}
                  </Button>
                </div>
              </div>
            </Paper>
          ))}
        </ul>
      )}
    </Stack>
  );
}

/**
 * /pricing/price-lists: the lists of every location the user may view, grouped by location, newest first; each
 * opens on its location's page (where the user's rights on that location decide what they may change).
 */
export function AllPriceLists() {
  const { t } = useTranslation();
  const query = useQuery(allPriceListsQueryOptions());
  useLoadErrorToast(query.isError);
  const price = usePriceText();
  const groups = useMemo(() => {
    const byLocation = new Map<number, PriceListDto[]>();
    for (const list of query.data ?? []) {
      byLocation.set(list.locationId, [...(byLocation.get(list.locationId) ?? []), list]);
    }
    return [...byLocation.values()];
  }, [query.data]);
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundKey="pricing_plans.get_data_error"
        errorKey="pricing_plans.get_data_error"
      />
    );
  const create = (
    <Group>
      <Button component={Link} to="/pricing/price-lists/create">
        {t('pricing_plans.list.new')}
      </Button>
    </Group>
  );
  if (groups.length === 0)
    return (
      <Stack gap="md" maw={960}>
        {create}
        <EmptyState title={t('pricing_plans.list.empty')} />
      </Stack>
    );
  return (
    <Stack gap="lg" maw={960}>
      {create}
      {groups.map((lists) => {
        const first = lists[0] as PriceListDto;
        return (
          <section key={first.locationId} aria-label={first.locationName}>
            <Group justify="space-between" mb="xs" wrap="wrap">
              <Title order={2} size="h5">
                {first.locationName}
              </Title>
              <Button
                component={Link}
                to={`/locations/${first.locationId}/pricing-plans`}
                variant="subtle"
                size="xs"
              >
                {t('pricing_plans.overview.open')}
              </Button>
            </Group>
            <ul className={classes.list}>
              {lists.map((list) => (
                <Paper component="li" key={list.id} withBorder radius="md" p="xs">
                  <Group gap="xs" wrap="wrap">
                    <Text
                      component={Link}
                      to={`/pricing/price-lists/${list.id}`}
                      fw={600}
                      size="sm"
                      className={classes.text}
                    >
                      {list.name}
                    </Text>
                    {list.active && <ActiveBadge active validFrom={list.validFrom} today="" />}
                    <PriceKindBadge kind={list.kind} />
                    <Text size="sm" c="dimmed">
                      {list.validTo
                        ? t('pricing_plans.list.valid_range', {
                            from: price.date(list.validFrom),
                            to: price.date(list.validTo),
                          })
                        : t('pricing_plans.list.valid_open', { from: price.date(list.validFrom) })}
                    </Text>
                  </Group>
                </Paper>
              ))}
            </ul>
          </section>
        );
      })}
    </Stack>
  );
}
