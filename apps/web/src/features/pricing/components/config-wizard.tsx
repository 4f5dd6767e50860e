import { useState } from 'react';
import { Radio, Stack, Text, TextInput, Select } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PRICE_TYPE_KINDS, type PriceTypeKind } from '@ec/domain';
import type { PriceTypeConfigDto } from '@ec/contract';
import type { FieldErrors } from '../../../shared/forms/form-errors.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { CountrySelect, CurrencySelect } from '../../reference/index.ts';
import { unitOfKind } from '../../../entities/price-list/index.ts';
import { createConfig, updateConfig } from '../api/pricing-api.ts';
import {
  configBody,
  configFormOf,
  configStepErrors,
  emptyConfigForm,
  isSupplierKind,
  modelsOfKind,
  type ConfigField,
  type ConfigFormValues,
} from '../model/config-form.ts';
import { pricingErrorText } from '../model/errors.ts';
import { PlanWizard, type WizardStep } from './plan-wizard.tsx';
import { PriceInput, useFieldErrorText } from './price-input.tsx';
import { usePriceText } from './price-text.ts';
import { BlockLabel, PlanState, TimePlanSelect, usePlanChoice } from './time-plan-fields.tsx';
import classes from './pricing.module.css';

/**
 * The pricing-plan wizard for a price-type config (spec 001 §2): basic info (name, kind, country, currency,
 * validity), tariffs (how it prices: fixed, time of use, spot market; a supplier's monthly fee), plan (a complete
 * time plan and a price per block, one fixed price, or the spot markup), summary. `companyId` null makes a
 * predefined config (super admins), else the company's own plan.
 */
export function ConfigWizard({
  companyId,
  config,
  onDone,
  onCancel,
}: {
  companyId: number | null;
  /** The config to change; a new one when absent. */
  config?: PriceTypeConfigDto;
  onDone: (config: PriceTypeConfigDto) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useFieldErrorText();
  const price = usePriceText();
  const [values, setValues] = useState<ConfigFormValues>(() =>
    config ? configFormOf(config) : emptyConfigForm(),
  );
  const [errors, setErrors] = useState<FieldErrors<ConfigField>>({});
  const plan = usePlanChoice(values.model === 'TIME_OF_USE' ? values.timePlanId : null);

  const save = useMutation({
    mutationFn: async () => {
      const body = configBody(values, plan, companyId);
      if (config) {
        const { companyId: _owner, ...update } = body;
        return updateConfig(queryClient, config.id, update);
      }
      return createConfig(queryClient, body);
    },
    onSuccess: (saved) => {
      showToast({ color: 'green', message: t('pricing_plans.save_success') });
      onDone(saved);
    },
    onError: (error) => {
      showToast({ color: 'red', message: pricingErrorText(error, t, 'pricing_plans.save_error') });
    },
  });

  function change<K extends keyof ConfigFormValues>(field: K, value: ConfigFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }
  function setPrice(index: number, value: string) {
    setValues((current) => {
      const prices = [...current.prices];
      prices[index] = value;
      return { ...current, prices };
    });
    setErrors((current) => ({ ...current, [`prices.${index}`]: undefined }));
  }

  function validateStep(step: WizardStep): boolean {
    const found = configStepErrors(step, values, plan);
    setErrors(found);
    return Object.keys(found).length === 0;
  }

  const kindOptions = PRICE_TYPE_KINDS.map((kind) => ({
    value: kind,
    label: t(`pricing_plans.config_kind.${kind}`),
  }));
  const unit = values.kind ? unitOfKind(values.kind) : 'kwh';
  const currency = values.currency ?? 'EUR';

  function renderStep(step: WizardStep) {
    const label = {
      name: t('pricing_plans.fields.name'),
      kind: t('pricing_plans.fields.config_kind'),
      country: t('pricing_plans.fields.country'),
      currency: t('pricing_plans.fields.currency'),
      validFrom: t('pricing_plans.fields.valid_from'),
      validTo: t('pricing_plans.fields.valid_to'),
      model: t('pricing_plans.fields.model'),
      fee: t('pricing_plans.fields.fee_per_month'),
      plan: t('pricing_plans.fields.time_plan'),
    };
    if (step === 'basic') {
      return (
        <div className={classes.grid}>
          <TextInput
            label={label.name}
            name="name"
            required
            value={values.name}
            onChange={(e) => change('name', e.currentTarget.value)}
            error={errorText(errors.name, label.name)}
          />
          <Select
            label={label.kind}
            name="kind"
            required
            data={kindOptions}
            value={values.kind}
            onChange={(next) => {
              change('kind', next as PriceTypeKind | null);
              // A distributor kind cannot price by the spot market.
              if (
                values.model &&
                !modelsOfKind(next as PriceTypeKind | null).includes(values.model)
              )
                change('model', null);
            }}
            error={errorText(errors.kind, label.kind)}
            allowDeselect={false}
          />
          <CountrySelect
            label={label.country}
            valueKind="code"
            required
            value={values.countryCode}
            onChange={(next) => change('countryCode', next)}
            error={errorText(errors.countryCode, label.country)}
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
          />
          <TextInput
            type="date"
            label={label.validTo}
            name="validTo"
            description={t('pricing_plans.fields.valid_to_hint')}
            value={values.validTo}
            onChange={(e) => change('validTo', e.currentTarget.value)}
            error={errorText(errors.validTo, label.validTo)}
          />
        </div>
      );
    }
    if (step === 'tariffs') {
      return (
        <Stack gap="md">
          <Radio.Group
            label={label.model}
            name="model"
            required
            value={values.model}
            onChange={(next) => change('model', next as ConfigFormValues['model'])}
            error={errorText(errors.model, label.model)}
          >
            <Stack gap="xs" mt="xs">
              {modelsOfKind(values.kind).map((model) => (
                <Radio
                  key={model}
                  value={model}
                  label={t(`pricing_plans.kind.${model}`)}
                  description={t(`pricing_plans.kind_hint.${model}`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          {isSupplierKind(values.kind) && (
            <PriceInput
              label={label.fee}
              name="feePerMonth"
              required={false}
              value={values.feePerMonth}
              onChange={(next) => change('feePerMonth', next)}
              error={errors.feePerMonth}
              unit={price.inputUnit(currency, 'month')}
            />
          )}
        </Stack>
      );
    }
    if (step === 'plan') {
      if (values.model === 'TIME_OF_USE') {
        return (
          <Stack gap="sm">
            <TimePlanSelect
              label={label.plan}
              countryCode={values.countryCode}
              value={values.timePlanId}
              onChange={(next) => change('timePlanId', next)}
              error={errorText(errors.timePlanId, label.plan)}
            />
            <PlanState plan={plan} planId={values.timePlanId} />
            {plan?.complete &&
              plan.blocks.map((block, index) => {
                const blockLabel = t('pricing_plans.fields.block_price', { block: block.title });
                return (
                  <div key={block.id} className={classes.blockRow}>
                    <BlockLabel title={block.title} color={block.color} />
                    <PriceInput
                      label={blockLabel}
                      name={`prices.${index}`}
                      value={values.prices[index] ?? ''}
                      onChange={(next) => setPrice(index, next)}
                      error={errors[`prices.${index}`]}
                      unit={price.inputUnit(currency, unit)}
                    />
                  </div>
                );
              })}
          </Stack>
        );
      }
      const single =
        values.model === 'SPOT_MARKET'
          ? t('pricing_plans.fields.spot_markup')
          : t('pricing_plans.fields.price');
      return (
        <Stack gap="sm">
          {values.model === 'SPOT_MARKET' && (
            <Text size="sm" c="dimmed">
              {t('pricing_plans.kind_hint.SPOT_MARKET')}
            </Text>
          )}
          <PriceInput
            label={single}
            name="prices.0"
            value={values.prices[0] ?? ''}
            onChange={(next) => setPrice(0, next)}
            error={errors['prices.0']}
            unit={price.inputUnit(currency, unit)}
          />
        </Stack>
      );
    }
    // Summary.
    const rows: [string, string][] = [
      [label.name, values.name.trim()],
      [label.kind, values.kind ? t(`pricing_plans.config_kind.${values.kind}`) : '—'],
      [label.country, values.countryCode ?? '—'],
      [label.currency, currency],
      [label.validFrom, price.date(values.validFrom)],
      [label.validTo, values.validTo ? price.date(values.validTo) : t('pricing_plans.open_ended')],
      [label.model, values.model ? t(`pricing_plans.kind.${values.model}`) : '—'],
    ];
    if (isSupplierKind(values.kind))
      rows.push([label.fee, price.perMonth(values.feePerMonth, currency)]);
    if (values.model === 'TIME_OF_USE' && plan) {
      rows.push([label.plan, plan.title]);
      plan.blocks.forEach((block, index) =>
        rows.push([block.title, price.unitPrice(values.prices[index], currency, unit)]),
      );
    } else {
      rows.push([
        values.model === 'SPOT_MARKET'
          ? t('pricing_plans.fields.spot_markup')
          : t('pricing_plans.fields.price'),
        price.unitPrice(values.prices[0], currency, unit),
      ]);
    }
    return <SummaryList rows={rows} />;
  }

  return (
    <PlanWizard
      title={
        config
          ? t('pricing_plans.config.edit_title', { name: config.name })
          : t('pricing_plans.config.create_title')
      }
      renderStep={renderStep}
      validateStep={validateStep}
      onSubmit={() => save.mutate()}
      submitLabel={config ? t('common.save') : t('pricing_plans.create')}
      submitting={save.isPending}
      error={save.isError ? pricingErrorText(save.error, t, 'pricing_plans.save_error') : null}
      onCancel={onCancel}
    />
  );
}

/** The summary step's terms and values. */
export function SummaryList({ rows }: { rows: [string, string][] }) {
  return (
    <dl className={classes.summary}>
      {rows.map(([term, value], index) => (
        <div key={index} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
