import { useMemo } from 'react';
import { Alert, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReferenceSelect } from '../../reference/index.ts';
import {
  pricingTimePlanQueryOptions,
  pricingTimePlansQueryOptions,
} from '../../../entities/price-list/index.ts';
import { blocksInOrder, type PlanChoice } from '../model/plan-choice.ts';
import classes from './pricing.module.css';

/** The chosen plan's blocks and completeness (GET /api/timeplans/:id/structure), null while none or loading. */
export function usePlanChoice(planId: number | null): PlanChoice | null {
  const query = useQuery({
    ...pricingTimePlanQueryOptions(planId ?? 0),
    enabled: planId !== null,
  });
  return useMemo(() => {
    if (planId === null || !query.data) return null;
    const plan = query.data;
    return {
      id: plan.id,
      title: plan.title,
      blocks: blocksInOrder(plan.blocks),
      complete: plan.complete,
    };
  }, [planId, query.data]);
}

/**
 * Picks a time plan the user may price with (the country's and the predefined ones). Only complete plans can be
 * chosen: an incomplete one is listed, marked and disabled, so the user sees why it is not offered.
 */
export function TimePlanSelect({
  label,
  value,
  onChange,
  countryCode,
  error,
  clearable,
  description,
}: {
  label: string;
  value: number | null;
  onChange: (id: number | null) => void;
  countryCode: string | null;
  error?: string | undefined;
  clearable?: boolean;
  description?: string;
}) {
  const { t } = useTranslation();
  const query = useQuery(pricingTimePlansQueryOptions(countryCode));
  const options = useMemo(
    () =>
      (query.data ?? []).map((plan) => ({
        value: String(plan.id),
        label: plan.complete
          ? t('pricing_plans.plan.option', { title: plan.title, blocks: plan.blocksCount })
          : t('pricing_plans.plan.option_incomplete', { title: plan.title }),
        disabled: !plan.complete && plan.id !== value,
      })),
    [query.data, t, value],
  );
  return (
    <ReferenceSelect
      what="time plans"
      query={query}
      data={options}
      label={label}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      error={error}
      clearable={clearable}
      description={description}
      name="timePlanId"
    />
  );
}

/** A block's colour and title. */
export function BlockLabel({ title, color }: { title: string; color: string }) {
  return (
    <Text component="span" fw={600} size="sm">
      <span className={classes.swatch} style={{ background: color }} aria-hidden />
      {title}
    </Text>
  );
}

/** Says that the chosen plan is loading or incomplete (the step refuses it). */
export function PlanState({ plan, planId }: { plan: PlanChoice | null; planId: number | null }) {
  const { t } = useTranslation();
  if (planId === null) return null;
  if (!plan)
    return (
      <Text size="sm" c="dimmed">
        {t('common.loading')}
      </Text>
    );
  if (!plan.complete)
    return (
      <Alert color="yellow" role="alert">
        {t('pricing_plans.validation.plan_incomplete')}
      </Alert>
    );
  return null;
}
