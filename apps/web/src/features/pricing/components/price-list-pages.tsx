import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PriceListDto } from '@ec/contract';
import { EmptyState, ErrorState, LoadingState, loadedItem } from '../../../shared/ui/states.tsx';
import {
  ActiveBadge,
  PriceKindBadge,
  locationPriceListsQueryOptions,
  priceListQueryOptions,
  pricingTimePlanQueryOptions,
} from '../../../entities/price-list/index.ts';
import { deletePriceList } from '../api/pricing-api.ts';
import { todayIn } from '../model/location-today.ts';
import { SummaryList } from './config-wizard.tsx';
import { DeleteButton, DeleteDialog } from './delete-dialog.tsx';
import { PriceListWizard } from './price-list-wizard.tsx';
import { useLoadErrorToast } from './load-error-toast.ts';
import { usePriceText } from './price-text.ts';
import classes from './pricing.module.css';

/** The location a price-list page is about (from the Manage Location frame or the location's page). */
export interface PricingLocation {
  id: number;
  name: string;
  timezone: string;
  countryCode: string | null;
  /** Whether the user may change its lists (edit on the location). */
  canEdit: boolean;
}

/** `1 Jan 2026 – 1 Jul 2026` or `from 1 Jan 2026`. */
function useValidity() {
  const { t } = useTranslation();
  const price = usePriceText();
  return (list: Pick<PriceListDto, 'validFrom' | 'validTo'>) =>
    list.validTo
      ? t('pricing_plans.list.valid_range', {
          from: price.date(list.validFrom),
          to: price.date(list.validTo),
        })
      : t('pricing_plans.list.valid_open', { from: price.date(list.validFrom) });
}

/**
 * A location's price lists, newest first (spec 001 §4: active or not): each with its validity, kind and the
 * Active badge; Delete for who may edit the location (the active list is refused by the server with its message).
 */
export function PriceListHistory({
  location,
  basePath,
  lists,
}: {
  location: PricingLocation;
  /** Where a list's page is: `basePath/:id`; null when the user has no page to open (read view). */
  basePath: string | null;
  lists: readonly PriceListDto[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const validity = useValidity();
  const [deleting, setDeleting] = useState<PriceListDto | null>(null);
  const today = todayIn(location.timezone);
  return (
    <>
      <ul className={classes.list} aria-label={t('pricing_plans.list.history_label')}>
        {lists.map((list) => (
          <Paper component="li" key={list.id} withBorder radius="md" p="sm">
            <div className={classes.row}>
              <div className={classes.main}>
                <Group gap="xs" wrap="wrap">
                  {basePath === null ? (
                    <Text fw={600} className={classes.text}>
                      {list.name}
                    </Text>
                  ) : (
                    <Text
                      component={Link}
                      to={`${basePath}/${list.id}`}
                      fw={600}
                      className={classes.text}
                    >
                      {list.name}
                    </Text>
                  )}
                  <ActiveBadge active={list.active} validFrom={list.validFrom} today={today} />
                  <PriceKindBadge kind={list.kind} />
                </Group>
                <Text size="sm" c="dimmed">
                  {validity(list)} · {list.currency}
                </Text>
              </div>
              {location.canEdit && list.editable && (
                <div className={classes.actions}>
                  <DeleteButton name={list.name} onClick={() => setDeleting(list)} />
                </div>
              )}
            </div>
          </Paper>
        ))}
      </ul>
      <DeleteDialog
        key={deleting?.id ?? 0}
        opened={deleting !== null}
        title={t('pricing_plans.list.delete_title')}
        onDelete={() => deletePriceList(queryClient, deleting?.id ?? 0)}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
      >
        {t('pricing_plans.list.delete_text', { name: deleting?.name ?? '' })}
      </DeleteDialog>
    </>
  );
}

/** manage/pricing/price-lists: the history with New price list. */
export function PriceListsPage({
  location,
  basePath,
}: {
  location: PricingLocation;
  basePath: string;
}) {
  const { t } = useTranslation();
  const query = useQuery(locationPriceListsQueryOptions(location.id));
  useLoadErrorToast(query.isError);
  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t('route_titles.price_lists')}
        </Title>
        {location.canEdit && (
          <Button component={Link} to={`${basePath}/create`}>
            {t('pricing_plans.list.new')}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          notFoundKey="pricing_plans.list.location_not_found"
          errorKey="pricing_plans.get_data_error"
        />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('pricing_plans.list.empty')}>
          {location.canEdit ? t('pricing_plans.list.empty_hint') : null}
        </EmptyState>
      ) : (
        <PriceListHistory location={location} basePath={basePath} lists={query.data} />
      )}
    </Stack>
  );
}

/** manage/pricing/price-lists/create: the wizard, from the location's today by default. */
export function PriceListCreatePage({
  location,
  basePath,
}: {
  location: PricingLocation;
  basePath: string;
}) {
  const navigate = useNavigate();
  return (
    <PriceListWizard
      locationId={location.id}
      countryCode={location.countryCode}
      initial={{ validFrom: todayIn(location.timezone) }}
      onDone={(list) => void navigate(`${basePath}/${list.id}`)}
      onCancel={() => void navigate(basePath)}
    />
  );
}

/** A stored list's prices, as the wizard's summary shows them. */
export function PriceListSummary({ list }: { list: PriceListDto }) {
  const { t } = useTranslation();
  const price = usePriceText();
  const validity = useValidity();
  const tariffPlan = useQuery({
    ...pricingTimePlanQueryOptions(list.tariffPlanId ?? 0),
    enabled: list.tariffPlanId !== null,
  });
  const networkPlan = useQuery({
    ...pricingTimePlanQueryOptions(list.distributorPlanId ?? 0),
    enabled: list.distributorPlanId !== null,
  });
  const c = list.currency;
  const blocks = [...(networkPlan.data?.blocks ?? [])].sort((a, b) => a.position - b.position);
  const tariffBlocks = [...(tariffPlan.data?.blocks ?? [])].sort((a, b) => a.position - b.position);
  const blockTitle = (position: number, key: string) => tariffBlocks[position - 1]?.title ?? t(key);
  const rows: [string, string][] = [
    [t('pricing_plans.fields.validity'), validity(list)],
    [t('pricing_plans.fields.currency'), c],
    [t('pricing_plans.fields.list_kind'), t(`pricing_plans.kind.${list.kind}`)],
    [t('pricing_plans.fields.supplier_fee'), price.perMonth(list.supplierFeePerMonth, c)],
  ];
  if (list.kind === 'FIXED')
    rows.push([t('pricing_plans.fields.t0'), price.unitPrice(list.tariffs.t0, c, 'kwh')]);
  if (list.kind === 'TIME_OF_USE') {
    rows.push([t('pricing_plans.fields.tariff_plan'), tariffPlan.data?.title ?? '…']);
    rows.push([
      t('pricing_plans.fields.t1', { block: blockTitle(1, 'pricing_plans.fields.vt') }),
      price.unitPrice(list.tariffs.t1, c, 'kwh'),
    ]);
    rows.push([
      t('pricing_plans.fields.t2', { block: blockTitle(2, 'pricing_plans.fields.mt') }),
      price.unitPrice(list.tariffs.t2, c, 'kwh'),
    ]);
  }
  if (list.kind === 'SPOT_MARKET') {
    rows.push([t('pricing_plans.fields.buy_markup'), price.unitPrice(list.buyMarkup, c, 'kwh')]);
    rows.push([t('pricing_plans.fields.sell_markup'), price.unitPrice(list.sellMarkup, c, 'kwh')]);
  } else {
    rows.push([
      t('pricing_plans.fields.different_export_price'),
      t(list.differentExportPrice ? 'common.yes' : 'common.no'),
    ]);
    if (list.differentExportPrice && list.exportTariff === 'MULTI') {
      rows.push([
        t('pricing_plans.fields.sell_t1', { block: blockTitle(1, 'pricing_plans.fields.vt') }),
        price.unitPrice(list.sell.t1, c, 'kwh'),
      ]);
      rows.push([
        t('pricing_plans.fields.sell_t2', { block: blockTitle(2, 'pricing_plans.fields.mt') }),
        price.unitPrice(list.sell.t2, c, 'kwh'),
      ]);
    } else if (list.differentExportPrice) {
      rows.push([t('pricing_plans.fields.sell_t0'), price.unitPrice(list.sell.t0, c, 'kwh')]);
    }
  }
  rows.push([
    t('pricing_plans.fields.network_plan'),
    list.distributorPlanId === null
      ? t('pricing_plans.fields.no_network_plan')
      : (networkPlan.data?.title ?? '…'),
  ]);
  list.distributorEnergy.forEach((energy, i) => {
    const name =
      list.distributorPlanId === null
        ? t('pricing_plans.fields.all_day')
        : (blocks[i]?.title ?? t('pricing_plans.fields.block_number', { number: i + 1 }));
    rows.push([
      name,
      t('pricing_plans.list.network_values', {
        energy: price.unitPrice(energy, c, 'kwh'),
        power: price.unitPrice(list.distributorPower[i], c, 'kw_month'),
        agreed: list.agreedPowerKw[i] ? `${list.agreedPowerKw[i]} kW` : '—',
      }),
    ]);
  });
  return <SummaryList rows={rows} />;
}

/** manage/pricing/price-lists/:id: the list, Edit and Delete for who may edit the location. */
export function PriceListDetailPage({
  location,
  listId,
  basePath,
}: {
  location: PricingLocation;
  listId: number | null;
  basePath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const query = useQuery({ ...priceListQueryOptions(listId ?? 0), enabled: listId !== null });
  const { item: list, fallback } = loadedItem(
    query,
    { notFoundKey: 'pricing_plans.list.not_found', errorKey: 'pricing_plans.get_data_error' },
    (l) => l.locationId === location.id,
  );
  if (listId === null) return <EmptyState title={t('pricing_plans.list.not_found')} />;
  if (!list) return fallback;
  const canEdit = location.canEdit && list.editable;
  if (editing) {
    return (
      <PriceListWizard
        locationId={location.id}
        countryCode={location.countryCode}
        priceList={list}
        onDone={() => setEditing(false)}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <Stack gap="md" maw={880}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Title order={2} size="h3" className={classes.text}>
            {list.name}
          </Title>
          <ActiveBadge
            active={list.active}
            validFrom={list.validFrom}
            today={todayIn(location.timezone)}
          />
          <PriceKindBadge kind={list.kind} />
        </Group>
        {canEdit && (
          <Group gap="sm">
            <Button variant="light" onClick={() => setEditing(true)}>
              {t('pricing_plans.edit')}
            </Button>
            <DeleteButton onClick={() => setDeleting(true)} />
          </Group>
        )}
      </Group>
      <Paper withBorder radius="md" p="md">
        <PriceListSummary list={list} />
      </Paper>
      <DeleteDialog
        opened={deleting}
        title={t('pricing_plans.list.delete_title')}
        onDelete={() => deletePriceList(queryClient, list.id)}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(basePath)}
      >
        {t('pricing_plans.list.delete_text', { name: list.name })}
      </DeleteDialog>
    </Stack>
  );
}

/**
 * locations/:id/pricing-plans (read view, for whoever may read the location): the active list with its prices and
 * the history; a link to manage them for who may edit.
 */
export function LocationPricingPlans({
  location,
  manageHref,
}: {
  location: PricingLocation;
  /** manage/pricing/price-lists of the location, shown to who may edit it. */
  manageHref: string;
}) {
  const { t } = useTranslation();
  const query = useQuery(locationPriceListsQueryOptions(location.id));
  useLoadErrorToast(query.isError);
  const listsPath = manageHref;
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        notFoundKey="pricing_plans.list.location_not_found"
        errorKey="pricing_plans.get_data_error"
      />
    );
  const active = query.data.find((list) => list.active) ?? null;
  return (
    <Stack gap="lg" maw={960}>
      <section aria-labelledby="active-list">
        <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
          <Title order={2} size="h4" id="active-list">
            {t('pricing_plans.list.active_title')}
          </Title>
          {location.canEdit && (
            <Button component={Link} to={listsPath} variant="light" size="xs">
              {t('pricing_plans.list.manage')}
            </Button>
          )}
        </Group>
        {active ? (
          <Paper withBorder radius="md" p="md">
            <Group gap="xs" mb="sm">
              <Text fw={600} className={classes.text}>
                {active.name}
              </Text>
              <ActiveBadge active validFrom={active.validFrom} today={todayIn(location.timezone)} />
              <PriceKindBadge kind={active.kind} />
            </Group>
            <PriceListSummary list={active} />
          </Paper>
        ) : (
          <EmptyState title={t('pricing_plans.list.no_active')}>
            {location.canEdit ? t('pricing_plans.list.empty_hint') : null}
          </EmptyState>
        )}
      </section>
      {query.data.length > 0 && (
        <section aria-labelledby="list-history">
          <Title order={2} size="h4" id="list-history" mb="sm">
            {t('pricing_plans.list.history_title')}
          </Title>
          <PriceListHistory
            location={{ ...location, canEdit: false }}
            basePath={location.canEdit ? listsPath : null}
            lists={query.data}
          />
        </section>
      )}
    </Stack>
  );
}
