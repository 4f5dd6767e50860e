import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRICE_TYPE_KINDS, type PriceTypeKind } from '@ec/domain';
import type { PriceListDto, PriceTypeConfigDto } from '@ec/contract';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/states.tsx';
import { locationQueryOptions } from '../../../entities/location/index.ts';
import { priceTypeConfigsQueryOptions } from '../../../entities/price-list/index.ts';
import { priceListFromConfigs, type SetupConfigs } from '../model/from-configs.ts';
import { todayIn } from '../model/location-today.ts';
import { PriceListWizard } from './price-list-wizard.tsx';
import { usePlanChoice } from './time-plan-fields.tsx';
import classes from './pricing.module.css';

const SLOT_OF_KIND: Record<PriceTypeKind, keyof SetupConfigs> = {
  SUPPLIER_ENERGY_BUY: 'buy',
  SUPPLIER_ENERGY_SELL: 'sell',
  DISTRIBUTOR_ENERGY: 'distributorEnergy',
  DISTRIBUTOR_POWER: 'distributorPower',
};

/** The first shipped country default of a kind (its `code` is set), else null. */
export function defaultConfigOf(
  configs: readonly PriceTypeConfigDto[],
  kind: PriceTypeKind,
): PriceTypeConfigDto | null {
  return configs.find((c) => c.kind === kind && c.code !== null) ?? null;
}

/**
 * /setup/pricing (spec 001 §2 "Define pricing plans", basic users): pick one of the user's locations, choose the
 * four setup configs (supplier energy buy and sell, distributor energy and power) from the country's defaults and
 * predefined configs, then go through the wizard with their prices filled in, and create the location's list.
 */
export function SetupPricing({
  locations,
}: {
  locations: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation();
  const [locationId, setLocationId] = useState<number | null>(locations[0]?.id ?? null);
  const [chosen, setChosen] = useState<Record<keyof SetupConfigs, number | null>>({
    buy: null,
    sell: null,
    distributorEnergy: null,
    distributorPower: null,
  });
  const [wizard, setWizard] = useState(false);
  const [created, setCreated] = useState<PriceListDto | null>(null);
  const location = useQuery({
    ...locationQueryOptions(locationId ?? 0),
    enabled: locationId !== null,
  });
  const countryCode = location.data?.country?.code ?? null;
  const configs = useQuery({
    ...priceTypeConfigsQueryOptions({ predefined: true, countryCode: countryCode ?? '' }),
    enabled: countryCode !== null,
  });

  // The country's shipped defaults are chosen to begin with.
  useEffect(() => {
    if (!configs.data) return;
    const data = configs.data;
    setChosen({
      buy: defaultConfigOf(data, 'SUPPLIER_ENERGY_BUY')?.id ?? null,
      sell: defaultConfigOf(data, 'SUPPLIER_ENERGY_SELL')?.id ?? null,
      distributorEnergy: defaultConfigOf(data, 'DISTRIBUTOR_ENERGY')?.id ?? null,
      distributorPower: defaultConfigOf(data, 'DISTRIBUTOR_POWER')?.id ?? null,
    });
  }, [configs.data]);

  const selected: SetupConfigs = useMemo(() => {
    const find = (id: number | null) => configs.data?.find((c) => c.id === id) ?? null;
    return {
      buy: find(chosen.buy),
      sell: find(chosen.sell),
      distributorEnergy: find(chosen.distributorEnergy),
      distributorPower: find(chosen.distributorPower),
    };
  }, [configs.data, chosen]);
  const networkPlanId =
    (selected.distributorEnergy?.model === 'TIME_OF_USE'
      ? selected.distributorEnergy.timePlanId
      : null) ??
    (selected.distributorPower?.model === 'TIME_OF_USE'
      ? selected.distributorPower.timePlanId
      : null);
  const networkPlan = usePlanChoice(networkPlanId);

  if (locations.length === 0) {
    return (
      <EmptyState title={t('pricing_plans.setup.no_location')}>
        <Button component={Link} to="/setup" variant="light" size="xs" mt="xs">
          {t('nav.setup')}
        </Button>
      </EmptyState>
    );
  }

  if (created && location.data) {
    return (
      <Alert color="green" title={t('pricing_plans.setup.done_title')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {t('pricing_plans.setup.done_text', {
              name: created.name,
              location: location.data.name,
            })}
          </Text>
          <Button component={Link} to={`/locations/${location.data.id}/pricing-plans`} size="xs">
            {t('pricing_plans.setup.open_location')}
          </Button>
        </Stack>
      </Alert>
    );
  }

  if (wizard && location.data && locationId !== null) {
    const initial = priceListFromConfigs(selected, () => networkPlan?.blocks.length ?? 1, {
      name: t('pricing_plans.setup.list_name', { location: location.data.name }),
      validFrom: todayIn(location.data.timezone),
    });
    return (
      <PriceListWizard
        locationId={locationId}
        countryCode={countryCode}
        initial={initial}
        onDone={(list) => setCreated(list)}
        onCancel={() => setWizard(false)}
      />
    );
  }

  const ready = networkPlanId === null || networkPlan !== null;
  return (
    <Stack gap="md" maw={720}>
      <Text size="sm" c="dimmed">
        {t('pricing_plans.setup.intro')}
      </Text>
      <Select
        label={t('pricing_plans.fields.location')}
        data={locations.map((l) => ({ value: String(l.id), label: l.name }))}
        value={locationId === null ? null : String(locationId)}
        onChange={(next) => {
          setLocationId(next === null ? null : Number(next));
          setWizard(false);
        }}
        allowDeselect={false}
      />
      {location.isPending || (countryCode !== null && configs.isPending) ? (
        <LoadingState />
      ) : location.isError ? (
        <ErrorState
          error={location.error}
          onRetry={() => void location.refetch()}
          notFoundKey="pricing_plans.list.location_not_found"
          errorKey="pricing_plans.get_data_error"
        />
      ) : countryCode === null ? (
        <Alert color="yellow">{t('pricing_plans.setup.no_country')}</Alert>
      ) : configs.isError ? (
        <ErrorState
          error={configs.error}
          onRetry={() => void configs.refetch()}
          notFoundKey="pricing_plans.get_data_error"
          errorKey="pricing_plans.get_data_error"
        />
      ) : (
        <>
          <Title order={2} size="h4">
            {t('pricing_plans.setup.configs_title')}
          </Title>
          {(configs.data ?? []).length === 0 && (
            <Alert color="yellow">{t('pricing_plans.setup.no_configs')}</Alert>
          )}
          <div className={classes.grid}>
            {PRICE_TYPE_KINDS.map((kind) => {
              const slot = SLOT_OF_KIND[kind];
              return (
                <Select
                  key={kind}
                  label={t(`pricing_plans.config_kind.${kind}`)}
                  name={kind}
                  data={(configs.data ?? [])
                    .filter((c) => c.kind === kind)
                    .map((c) => ({ value: String(c.id), label: c.name }))}
                  value={chosen[slot] === null ? null : String(chosen[slot])}
                  onChange={(next) =>
                    setChosen((current) => ({
                      ...current,
                      [slot]: next === null ? null : Number(next),
                    }))
                  }
                  clearable
                  placeholder={t('pricing_plans.setup.none')}
                />
              );
            })}
          </div>
          <div>
            <Button onClick={() => setWizard(true)} disabled={!ready}>
              {t('pricing_plans.setup.continue')}
            </Button>
          </div>
        </>
      )}
    </Stack>
  );
}
