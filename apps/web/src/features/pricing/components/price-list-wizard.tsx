import { useState } from 'react';
import { Alert, Radio, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRICE_LIST_KINDS, type PriceListKind } from '@ec/domain';
import type { PriceListDto } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import type { FieldErrors } from '../../../shared/forms/form-errors.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { CurrencySelect } from '../../reference/index.ts';
import { createPriceList, updatePriceList } from '../api/pricing-api.ts';
import { pricingErrorText } from '../model/errors.ts';
import {
  emptyPriceListForm,
  networkBlockCount,
  priceListBody,
  priceListFormOf,
  priceListStepErrors,
  sellsByWindows,
  type PriceListField,
  type PriceListFormValues,
  type SupplierPrices,
} from '../model/price-list-form.ts';
import { SummaryList } from './config-wizard.tsx';
import { PlanWizard, type WizardStep } from './plan-wizard.tsx';
import { PriceInput, useFieldErrorText } from './price-input.tsx';
import { usePriceText } from './price-text.ts';
import { BlockLabel, PlanState, TimePlanSelect, usePlanChoice } from './time-plan-fields.tsx';
import classes from './pricing.module.css';

/** Server field paths (`data.tariffs.t1`) as the form's names (`buy.t1`). */
export function priceListFieldOf(path: string): PriceListField | null {
  const name = path.replace(/^data\./, '').replace(/^tariffs\./, 'buy.');
  return name as PriceListField;
}

/**
 * The pricing-plan wizard for a location's price list (spec 001 §2–§3): basic info (name, the date it applies
 * from, currency), tariffs (fixed, time of use or spot market; the supplier's fee; how exported energy is paid),
 * plan (the supplier's prices — T0, or T1/T2 by the blocks of a complete time plan, or spot markups — and the
 * network's energy and power prices per block of its plan, with the agreed power), summary.
 */
export function PriceListWizard({
  locationId,
  countryCode,
  priceList,
  initial,
  onDone,
  onCancel,
}: {
  locationId: number;
  /** The location's country: the time plans offered are its and the predefined ones. */
  countryCode: string | null;
  /** The list to change; a new one when absent. */
  priceList?: PriceListDto;
  /** Values to start a new list with (from configs, or today's date). */
  initial?: Partial<PriceListFormValues>;
  onDone: (list: PriceListDto) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useFieldErrorText();
  const price = usePriceText();
  const [values, setValues] = useState<PriceListFormValues>(() =>
    priceList ? priceListFormOf(priceList) : emptyPriceListForm(initial),
  );
  const [errors, setErrors] = useState<FieldErrors<PriceListField>>({});
  const tariffPlan = usePlanChoice(values.kind === 'TIME_OF_USE' ? values.tariffPlanId : null);
  const networkPlan = usePlanChoice(values.distributorPlanId);

  const save = useMutation({
    mutationFn: async () => {
      const body = priceListBody(values, locationId, networkPlan);
      if (priceList) {
        const { locationId: _location, ...update } = body;
        return updatePriceList(queryClient, priceList.id, {
          ...update,
          validTo: priceList.validTo,
        });
      }
      return createPriceList(queryClient, { ...body, validTo: null });
    },
    onSuccess: (saved) => {
      showToast({ color: 'green', message: t('pricing_plans.save_success') });
      onDone(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const found: FieldErrors<PriceListField> = {};
        for (const [path, key] of Object.entries(error.fields)) {
          const field = priceListFieldOf(path);
          if (field) found[field] = { key };
        }
        setErrors(found);
      }
      showToast({ color: 'red', message: pricingErrorText(error, t, 'pricing_plans.save_error') });
    },
  });

  function change<K extends keyof PriceListFormValues>(field: K, value: PriceListFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }
  function changeSupplier(side: 'buy' | 'sell', key: keyof SupplierPrices, value: string) {
    setValues((current) => ({ ...current, [side]: { ...current[side], [key]: value } }));
    setErrors((current) => ({ ...current, [`${side}.${key}`]: undefined }));
  }
  function changeColumn(
    column: 'distributorEnergy' | 'distributorPower' | 'agreedPowerKw',
    index: number,
    value: string,
  ) {
    setValues((current) => {
      const next = [...current[column]];
      next[index] = value;
      return { ...current, [column]: next };
    });
    setErrors((current) => ({ ...current, [`${column}.${index}`]: undefined }));
  }

  function validateStep(step: WizardStep): boolean {
    const found = priceListStepErrors(step, values, tariffPlan, networkPlan);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  const currency = values.currency ?? 'EUR';
  const kwh = price.inputUnit(currency, 'kwh');
  const blockTitle = (position: number, fallbackKey: string) =>
    tariffPlan?.blocks[position - 1]?.title ?? t(fallbackKey);
  const networkCount = networkBlockCount(networkPlan, values.distributorPlanId);
  const networkBlocks = Array.from({ length: networkCount }, (_, index) => ({
    index,
    block: values.distributorPlanId === null ? null : (networkPlan?.blocks[index] ?? null),
  }));

  const label = {
    name: t('pricing_plans.fields.name'),
    validFrom: t('pricing_plans.fields.valid_from'),
    currency: t('pricing_plans.fields.currency'),
    kind: t('pricing_plans.fields.list_kind'),
    fee: t('pricing_plans.fields.supplier_fee'),
    different: t('pricing_plans.fields.different_export_price'),
    exportTariff: t('pricing_plans.fields.export_tariff'),
    tariffPlan: t('pricing_plans.fields.tariff_plan'),
    t0: t('pricing_plans.fields.t0'),
    t1: t('pricing_plans.fields.t1', { block: blockTitle(1, 'pricing_plans.fields.vt') }),
    t2: t('pricing_plans.fields.t2', { block: blockTitle(2, 'pricing_plans.fields.mt') }),
    sellT0: t('pricing_plans.fields.sell_t0'),
    sellT1: t('pricing_plans.fields.sell_t1', { block: blockTitle(1, 'pricing_plans.fields.vt') }),
    sellT2: t('pricing_plans.fields.sell_t2', { block: blockTitle(2, 'pricing_plans.fields.mt') }),
    buyMarkup: t('pricing_plans.fields.buy_markup'),
    sellMarkup: t('pricing_plans.fields.sell_markup'),
    networkPlan: t('pricing_plans.fields.network_plan'),
    energy: t('pricing_plans.fields.distributor_energy'),
    power: t('pricing_plans.fields.distributor_power'),
    agreed: t('pricing_plans.fields.agreed_power'),
  };
  const blockName = (block: { title: string } | null) =>
    block ? block.title : t('pricing_plans.fields.all_day');

  function renderStep(step: WizardStep) {
    if (step === 'basic') {
      return (
        <Stack gap="sm">
          <div className={classes.grid}>
            <TextInput
              label={label.name}
              name="name"
              required
              value={values.name}
              onChange={(e) => change('name', e.currentTarget.value)}
              error={errorText(errors.name, label.name)}
            />
            <CurrencySelect
              label={label.currency}
              required
              value={values.currency}
              onChange={(next) => change('currency', next)}
              error={errorText(errors.currency, label.currency)}
            />
            <TextInput
              type="date"
              label={label.validFrom}
              name="validFrom"
              required
              value={values.validFrom}
              onChange={(e) => change('validFrom', e.currentTarget.value)}
              error={errorText(errors.validFrom, label.validFrom)}
              description={t('pricing_plans.list.valid_from_hint')}
            />
          </div>
          {!priceList && (
            <Alert color="blue" variant="light">
              {t('pricing_plans.list.effective_dating')}
            </Alert>
          )}
        </Stack>
      );
    }
    if (step === 'tariffs') {
      return (
        <Stack gap="md">
          <Radio.Group
            label={label.kind}
            name="kind"
            required
            value={values.kind}
            onChange={(next) => change('kind', next as PriceListKind)}
            error={errorText(errors.kind, label.kind)}
          >
            <Stack gap="xs" mt="xs">
              {PRICE_LIST_KINDS.map((kind) => (
                <Radio
                  key={kind}
                  value={kind}
                  label={t(`pricing_plans.kind.${kind}`)}
                  description={t(`pricing_plans.kind_hint.${kind}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <PriceInput
            label={label.fee}
            name="supplierFeePerMonth"
            required={false}
            value={values.supplierFeePerMonth}
            onChange={(next) => change('supplierFeePerMonth', next)}
            error={errors.supplierFeePerMonth}
            unit={price.inputUnit(currency, 'month')}
          />
          {values.kind !== 'SPOT_MARKET' && (
            <Switch
              label={label.different}
              description={t('pricing_plans.fields.different_export_hint')}
              checked={values.differentExportPrice}
              onChange={(e) => change('differentExportPrice', e.currentTarget.checked)}
            />
          )}
          {values.differentExportPrice && values.kind === 'TIME_OF_USE' && (
            <Radio.Group
              label={label.exportTariff}
              name="exportTariff"
              value={values.exportTariff}
              onChange={(next) => change('exportTariff', next as 'T0' | 'MULTI')}
              error={errorText(errors.exportTariff, label.exportTariff)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="T0" label={t('pricing_plans.export_tariff.T0')} />
                <Radio value="MULTI" label={t('pricing_plans.export_tariff.MULTI')} />
              </Stack>
            </Radio.Group>
          )}
        </Stack>
      );
    }
    if (step === 'plan') {
      const windows = sellsByWindows(values);
      const different = values.differentExportPrice && values.kind !== 'SPOT_MARKET';
      return (
        <Stack gap="lg">
          <section aria-labelledby="supplier-prices">
            <Title order={4} size="h5" id="supplier-prices" mb="xs">
              {t('pricing_plans.list.supplier_section')}
            </Title>
            <Stack gap="sm">
              {values.kind === 'FIXED' && (
                <PriceInput
                  label={label.t0}
                  name="buy.t0"
                  value={values.buy.t0}
                  onChange={(next) => changeSupplier('buy', 't0', next)}
                  error={errors['buy.t0']}
                  unit={kwh}
                />
              )}
              {values.kind === 'TIME_OF_USE' && (
                <>
                  <TimePlanSelect
                    label={label.tariffPlan}
                    countryCode={countryCode}
                    value={values.tariffPlanId}
                    onChange={(next) => change('tariffPlanId', next)}
                    error={errorText(errors.tariffPlanId, label.tariffPlan)}
                    description={t('pricing_plans.fields.tariff_plan_hint')}
                  />
                  <PlanState plan={tariffPlan} planId={values.tariffPlanId} />
                  <div className={classes.grid}>
                    <PriceInput
                      label={label.t1}
                      name="buy.t1"
                      value={values.buy.t1}
                      onChange={(next) => changeSupplier('buy', 't1', next)}
                      error={errors['buy.t1']}
                      unit={kwh}
                    />
                    <PriceInput
                      label={label.t2}
                      name="buy.t2"
                      value={values.buy.t2}
                      onChange={(next) => changeSupplier('buy', 't2', next)}
                      error={errors['buy.t2']}
                      unit={kwh}
                    />
                  </div>
                </>
              )}
              {values.kind === 'SPOT_MARKET' && (
                <div className={classes.grid}>
                  <PriceInput
                    label={label.buyMarkup}
                    name="buyMarkup"
                    value={values.buyMarkup}
                    onChange={(next) => change('buyMarkup', next)}
                    error={errors.buyMarkup}
                    unit={kwh}
                    description={t('pricing_plans.fields.buy_markup_hint')}
                  />
                  <PriceInput
                    label={label.sellMarkup}
                    name="sellMarkup"
                    value={values.sellMarkup}
                    onChange={(next) => change('sellMarkup', next)}
                    error={errors.sellMarkup}
                    unit={kwh}
                    description={t('pricing_plans.fields.sell_markup_hint')}
                  />
                </div>
              )}
              {different && !windows && (
                <PriceInput
                  label={label.sellT0}
                  name="sell.t0"
                  value={values.sell.t0}
                  onChange={(next) => changeSupplier('sell', 't0', next)}
                  error={errors['sell.t0']}
                  unit={kwh}
                />
              )}
              {windows && (
                <div className={classes.grid}>
                  <PriceInput
                    label={label.sellT1}
                    name="sell.t1"
                    value={values.sell.t1}
                    onChange={(next) => changeSupplier('sell', 't1', next)}
                    error={errors['sell.t1']}
                    unit={kwh}
                  />
                  <PriceInput
                    label={label.sellT2}
                    name="sell.t2"
                    value={values.sell.t2}
                    onChange={(next) => changeSupplier('sell', 't2', next)}
                    error={errors['sell.t2']}
                    unit={kwh}
                  />
                </div>
              )}
            </Stack>
          </section>
          <section aria-labelledby="network-prices">
            <Title order={4} size="h5" id="network-prices" mb="xs">
              {t('pricing_plans.list.network_section')}
            </Title>
            <Stack gap="sm">
              <TimePlanSelect
                label={label.networkPlan}
                countryCode={countryCode}
                value={values.distributorPlanId}
                onChange={(next) => change('distributorPlanId', next)}
                error={errorText(errors.distributorPlanId, label.networkPlan)}
                clearable
                description={t('pricing_plans.fields.network_plan_hint')}
              />
              <PlanState plan={networkPlan} planId={values.distributorPlanId} />
              {(values.distributorPlanId === null || networkPlan?.complete) &&
                networkBlocks.map(({ index, block }) => {
                  const name = blockName(block);
                  return (
                    <div key={index} className={classes.blockRow}>
                      {block ? (
                        <BlockLabel title={block.title} color={block.color} />
                      ) : (
                        <Text fw={600} size="sm">
                          {name}
                        </Text>
                      )}
                      <PriceInput
                        label={`${label.energy} (${name})`}
                        name={`distributorEnergy.${index}`}
                        value={values.distributorEnergy[index] ?? ''}
                        onChange={(next) => changeColumn('distributorEnergy', index, next)}
                        error={errors[`distributorEnergy.${index}`]}
                        unit={kwh}
                      />
                      <PriceInput
                        label={`${label.power} (${name})`}
                        name={`distributorPower.${index}`}
                        value={values.distributorPower[index] ?? ''}
                        onChange={(next) => changeColumn('distributorPower', index, next)}
                        error={errors[`distributorPower.${index}`]}
                        unit={price.inputUnit(currency, 'kw_month')}
                      />
                      <PriceInput
                        label={`${label.agreed} (${name})`}
                        name={`agreedPowerKw.${index}`}
                        value={values.agreedPowerKw[index] ?? ''}
                        onChange={(next) => changeColumn('agreedPowerKw', index, next)}
                        error={errors[`agreedPowerKw.${index}`]}
                        unit="kW"
                      />
                    </div>
                  );
                })}
            </Stack>
          </section>
        </Stack>
      );
    }
    return (
      <SummaryList
        rows={priceListSummaryRows(values, tariffPlan?.title ?? null, networkPlan, label, t, price)}
      />
    );
  }

  return (
    <PlanWizard
      title={
        priceList
          ? t('pricing_plans.list.edit_title', { name: priceList.name })
          : t('pricing_plans.list.create_title')
      }
      renderStep={renderStep}
      validateStep={validateStep}
      onSubmit={() => save.mutate()}
      submitLabel={priceList ? t('common.save') : t('pricing_plans.create')}
      submitting={save.isPending}
      error={save.isError ? pricingErrorText(save.error, t, 'pricing_plans.save_error') : null}
      onCancel={onCancel}
    />
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The summary rows of a list's values (also the detail page's, through {@link PriceListSummary}). */
function priceListSummaryRows(
  values: PriceListFormValues,
  tariffPlanTitle: string | null,
  networkPlan: { title: string; blocks: readonly { title: string }[] } | null,
  label: Record<string, string>,
  t: Translate,
  price: ReturnType<typeof usePriceText>,
): [string, string][] {
  const currency = values.currency ?? 'EUR';
  const rows: [string, string][] = [
    [label.name ?? '', values.name.trim()],
    [label.validFrom ?? '', price.date(values.validFrom)],
    [label.currency ?? '', currency],
    [label.kind ?? '', values.kind ? t(`pricing_plans.kind.${values.kind}`) : '—'],
    [label.fee ?? '', price.perMonth(values.supplierFeePerMonth, currency)],
  ];
  if (values.kind === 'FIXED')
    rows.push([label.t0 ?? '', price.unitPrice(values.buy.t0, currency, 'kwh')]);
  if (values.kind === 'TIME_OF_USE') {
    rows.push([label.tariffPlan ?? '', tariffPlanTitle ?? '—']);
    rows.push([label.t1 ?? '', price.unitPrice(values.buy.t1, currency, 'kwh')]);
    rows.push([label.t2 ?? '', price.unitPrice(values.buy.t2, currency, 'kwh')]);
  }
  if (values.kind === 'SPOT_MARKET') {
    rows.push([label.buyMarkup ?? '', price.unitPrice(values.buyMarkup, currency, 'kwh')]);
    rows.push([label.sellMarkup ?? '', price.unitPrice(values.sellMarkup, currency, 'kwh')]);
  } else {
    rows.push([label.different ?? '', t(values.differentExportPrice ? 'common.yes' : 'common.no')]);
    if (values.differentExportPrice) {
      if (sellsByWindows(values)) {
        rows.push([label.sellT1 ?? '', price.unitPrice(values.sell.t1, currency, 'kwh')]);
        rows.push([label.sellT2 ?? '', price.unitPrice(values.sell.t2, currency, 'kwh')]);
      } else rows.push([label.sellT0 ?? '', price.unitPrice(values.sell.t0, currency, 'kwh')]);
    }
  }
  rows.push([
    label.networkPlan ?? '',
    networkPlan?.title ?? t('pricing_plans.fields.no_network_plan'),
  ]);
  const count = values.distributorPlanId === null ? 1 : (networkPlan?.blocks.length ?? 0);
  for (let i = 0; i < count; i++) {
    const name =
      values.distributorPlanId === null
        ? t('pricing_plans.fields.all_day')
        : (networkPlan?.blocks[i]?.title ?? String(i + 1));
    rows.push([
      name,
      t('pricing_plans.list.network_values', {
        energy: price.unitPrice(values.distributorEnergy[i], currency, 'kwh'),
        power: price.unitPrice(values.distributorPower[i], currency, 'kw_month'),
        agreed: values.agreedPowerKw[i] ? `${values.agreedPowerKw[i]} kW` : '—',
      }),
    ]);
  }
  return rows;
}
