import { useState } from 'react';
import { Badge, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PRICE_TYPE_KINDS, type PriceTypeKind } from '@ec/domain';
import type { PriceTypeConfigDto } from '@ec/contract';
import { EmptyState, ErrorState, LoadingState, loadedItem } from '../../../shared/ui/states.tsx';
import { CountrySelect } from '../../reference/index.ts';
import {
  PriceKindBadge,
  priceTypeConfigQueryOptions,
  priceTypeConfigsQueryOptions,
  pricingTimePlanQueryOptions,
  unitOfKind,
  type ConfigFilter,
} from '../../../entities/price-list/index.ts';
import { deleteConfig } from '../api/pricing-api.ts';
import { isSupplierKind } from '../model/config-form.ts';
import { ConfigWizard, SummaryList } from './config-wizard.tsx';
import { DeleteButton, DeleteDialog } from './delete-dialog.tsx';
import { useLoadErrorToast } from './load-error-toast.ts';
import { usePriceText } from './price-text.ts';
import classes from './pricing.module.css';

/** Whose configs a page shows: the predefined ones (super admins) or a company's plans. */
export type ConfigScope = { kind: 'predefined' } | { kind: 'company'; companyId: number };

function filterOf(scope: ConfigScope): ConfigFilter {
  return scope.kind === 'predefined' ? { predefined: true } : { companyId: scope.companyId };
}

/** A config's prices in one line (`0,12 €/kWh`, or per block: `VT 0,15 € · MT 0,10 €`). */
function usePricesLine() {
  const price = usePriceText();
  return (config: PriceTypeConfigDto) =>
    config.prices
      .map((value) => price.unitPrice(value, config.currency, unitOfKind(config.kind)))
      .join(' · ');
}

/**
 * The configs of a scope (spec 000 §2 /pricing-plans/configs for super admins; /pricing/plans for aggregators):
 * filtered by country and kind, each with its model, prices and whether lists use it; New and Delete where the
 * user may change them (the server says so per config: `editable`).
 */
export function ConfigList({
  scope,
  basePath,
  canCreate,
}: {
  scope: ConfigScope;
  /** The list's path; a config's page is `basePath/:id`, the wizard `basePath/create`. */
  basePath: string;
  canCreate: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [countryCode, setCountryCode] = useState<string | null>(null);
  const [kind, setKind] = useState<PriceTypeKind | null>(null);
  const [deleting, setDeleting] = useState<PriceTypeConfigDto | null>(null);
  const query = useQuery(
    priceTypeConfigsQueryOptions({
      ...filterOf(scope),
      ...(countryCode ? { countryCode } : {}),
      ...(kind ? { kind } : {}),
    }),
  );
  const pricesLine = usePricesLine();
  useLoadErrorToast(query.isError);

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div className={classes.grid} style={{ flex: 1, minWidth: 0 }}>
          <CountrySelect
            label={t('pricing_plans.fields.country')}
            valueKind="code"
            value={countryCode}
            onChange={(next) => setCountryCode(next)}
            clearable
          />
          <Select
            label={t('pricing_plans.fields.config_kind')}
            data={PRICE_TYPE_KINDS.map((k) => ({
              value: k,
              label: t(`pricing_plans.config_kind.${k}`),
            }))}
            value={kind}
            onChange={(next) => setKind(next as PriceTypeKind | null)}
            clearable
          />
        </div>
        {canCreate && (
          <Button component={Link} to={`${basePath}/create`}>
            {t('pricing_plans.config.new')}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <LoadingState />
      ) : query.isError ? (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          notFoundKey="pricing_plans.config.not_found"
          errorKey="pricing_plans.get_data_error"
        />
      ) : query.data.length === 0 ? (
        <EmptyState title={t('pricing_plans.config.empty')}>
          {canCreate ? t('pricing_plans.config.empty_hint') : null}
        </EmptyState>
      ) : (
        <ul className={classes.list} aria-label={t('pricing_plans.config.list_label')}>
          {query.data.map((config) => (
            <Paper component="li" key={config.id} withBorder radius="md" p="sm">
              <div className={classes.row}>
                <div className={classes.main}>
                  <Group gap="xs" wrap="wrap">
                    <Text
                      component={Link}
                      to={`${basePath}/${config.id}`}
                      fw={600}
                      className={classes.text}
                    >
                      {config.name}
                    </Text>
                    <PriceKindBadge kind={config.model} />
                    {config.inUse && (
                      <Badge color="teal" variant="light">
                        {t('pricing_plans.state.in_use')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed" className={classes.text}>
                    {t(`pricing_plans.config_kind.${config.kind}`)} · {config.countryCode} ·{' '}
                    {config.currency}
                  </Text>
                  <Text size="sm" className={classes.text}>
                    {pricesLine(config)}
                  </Text>
                </div>
                {config.editable && (
                  <div className={classes.actions}>
                    <DeleteButton name={config.name} onClick={() => setDeleting(config)} />
                  </div>
                )}
              </div>
            </Paper>
          ))}
        </ul>
      )}
      <DeleteDialog
        key={deleting?.id ?? 0}
        opened={deleting !== null}
        title={t('pricing_plans.config.delete_title')}
        onDelete={() => deleteConfig(queryClient, deleting?.id ?? 0)}
        onClose={() => setDeleting(null)}
        onDeleted={() => setDeleting(null)}
      >
        {t('pricing_plans.config.delete_text', { name: deleting?.name ?? '' })}
      </DeleteDialog>
    </Stack>
  );
}

/** basePath/create: the wizard for a new config of the scope. */
export function ConfigCreatePage({ scope, basePath }: { scope: ConfigScope; basePath: string }) {
  const navigate = useNavigate();
  return (
    <ConfigWizard
      companyId={scope.kind === 'company' ? scope.companyId : null}
      onDone={(config) => void navigate(`${basePath}/${config.id}`)}
      onCancel={() => void navigate(basePath)}
    />
  );
}

/** A config's summary (its detail page). */
export function ConfigSummary({ config }: { config: PriceTypeConfigDto }) {
  const { t } = useTranslation();
  const price = usePriceText();
  const plan = useQuery({
    ...pricingTimePlanQueryOptions(config.timePlanId ?? 0),
    enabled: config.timePlanId !== null,
  });
  const unit = unitOfKind(config.kind);
  const blocks = [...(plan.data?.blocks ?? [])].sort((a, b) => a.position - b.position);
  const rows: [string, string][] = [
    [t('pricing_plans.fields.config_kind'), t(`pricing_plans.config_kind.${config.kind}`)],
    [t('pricing_plans.fields.country'), config.countryCode],
    [t('pricing_plans.fields.currency'), config.currency],
    [t('pricing_plans.fields.valid_from'), price.date(config.validFrom)],
    [
      t('pricing_plans.fields.valid_to'),
      config.validTo ? price.date(config.validTo) : t('pricing_plans.open_ended'),
    ],
    [t('pricing_plans.fields.model'), t(`pricing_plans.kind.${config.model}`)],
  ];
  if (isSupplierKind(config.kind))
    rows.push([
      t('pricing_plans.fields.fee_per_month'),
      price.perMonth(config.feePerMonth, config.currency),
    ]);
  if (config.model === 'TIME_OF_USE') {
    rows.push([t('pricing_plans.fields.time_plan'), plan.data?.title ?? '…']);
    config.prices.forEach((value, index) =>
      rows.push([
        blocks[index]?.title ?? t('pricing_plans.fields.block_number', { number: index + 1 }),
        price.unitPrice(value, config.currency, unit),
      ]),
    );
  } else {
    rows.push([
      t(
        config.model === 'SPOT_MARKET'
          ? 'pricing_plans.fields.spot_markup'
          : 'pricing_plans.fields.price',
      ),
      price.unitPrice(config.prices[0], config.currency, unit),
    ]);
  }
  return <SummaryList rows={rows} />;
}

/** basePath/:configId: the config, Edit (the wizard) and Delete where the user may. */
export function ConfigDetailPage({
  configId,
  scope,
  basePath,
}: {
  configId: number | null;
  scope: ConfigScope;
  basePath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const query = useQuery({
    ...priceTypeConfigQueryOptions(configId ?? 0),
    enabled: configId !== null,
  });
  const { item: config, fallback } = loadedItem(
    query,
    { notFoundKey: 'pricing_plans.config.not_found', errorKey: 'pricing_plans.get_data_error' },
    (c) => (scope.kind === 'predefined' ? c.companyId === null : c.companyId === scope.companyId),
  );
  if (configId === null) return <EmptyState title={t('pricing_plans.config.not_found')} />;
  if (!config) return fallback;
  if (editing) {
    return (
      <ConfigWizard
        companyId={config.companyId}
        config={config}
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
            {config.name}
          </Title>
          <PriceKindBadge kind={config.model} />
          {config.inUse && (
            <Badge color="teal" variant="light">
              {t('pricing_plans.state.in_use')}
            </Badge>
          )}
        </Group>
        {config.editable && (
          <Group gap="sm">
            <Button variant="light" onClick={() => setEditing(true)}>
              {t('pricing_plans.edit')}
            </Button>
            <DeleteButton onClick={() => setDeleting(true)} />
          </Group>
        )}
      </Group>
      {config.inUse && (
        <Text size="sm" c="dimmed">
          {t('pricing_plans.config.in_use_hint')}
        </Text>
      )}
      <Paper withBorder radius="md" p="md">
        <ConfigSummary config={config} />
      </Paper>
      <DeleteDialog
        opened={deleting}
        title={t('pricing_plans.config.delete_title')}
        onDelete={() => deleteConfig(queryClient, config.id)}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate(basePath)}
      >
        {t('pricing_plans.config.delete_text', { name: config.name })}
      </DeleteDialog>
    </Stack>
  );
}
