import { useEffect, useRef, useState } from 'react';
import { Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { LoadingState } from '../../../shared/ui/states.tsx';
import { fetchCalculations, meKeys } from '../api/moj-elektro-api.ts';
import { useFormats } from '../model/format.ts';
import { scenarioRows, scenarioTotal } from '../model/months.ts';
import { CostTable } from './cost-table.tsx';
import { CustomLimits, type Limits } from './custom-limits.tsx';
import { CalculationError, SelectDeviceState } from './page-states.tsx';
import { useMeFilters } from './use-filters.ts';
import classes from './moj-elektro.module.css';

/** The server's field errors for the five custom limits (`data.customPowerLimits.<i>`). */
export function limitFieldErrors(error: unknown): (string | null)[] {
  const fields = isApiError(error) ? error.fields : {};
  return Array.from({ length: 5 }, (_, i) => fields[`data.customPowerLimits.${i}`] ?? null);
}

/** The calculation query for the URL's filters (and custom limits). */
export function useCalculations(customLimits: Limits | null) {
  const f = useMeFilters();
  const filter = { ...f.request, customPowerLimits: customLimits };
  const query = useQuery({
    queryKey: [...meKeys.all, 'calculations', f.device?.id ?? 0, filter] as const,
    queryFn: ({ signal }) => fetchCalculations(f.device?.id ?? 0, filter, signal),
    enabled: f.ready,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  return { ...f, query };
}

/**
 * The network-fee calculation (spec 001 §2/§4): three tables — new system (current agreed powers), optimized,
 * custom — per month or for the whole period, the saving stated plainly, the old system's total beside.
 */
export function CalculationsPage() {
  const { t } = useTranslation();
  const f = useFormats();
  const [customOn, setCustomOn] = useState(false);
  const [limits, setLimits] = useState<Limits | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const { ready, query, device, request } = useCalculations(customOn ? limits : null);
  const error = query.error;
  // A refused set of custom limits keeps the last result on screen (the errors show at the inputs).
  const filterKey = JSON.stringify([device?.id ?? null, request]);
  const last = useRef<{ key: string; data: NonNullable<typeof query.data> } | null>(null);
  if (query.data) last.current = { key: filterKey, data: query.data };
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && Object.keys(error.fields).length > 0) return;
    showToast({ color: 'red', message: t('moj_elektro.calculations.error_fetching') });
  }, [error, t]);
  if (!ready) return <SelectDeviceState />;
  const data = query.data ?? (last.current?.key === filterKey ? last.current.data : undefined);
  const limitErrors = limitFieldErrors(error);
  if (!data) {
    if (query.isError && limitErrors.every((e) => e === null))
      return <CalculationError error={error} />;
    return <LoadingState label={t('moj_elektro.calculations.loading')} />;
  }
  const { calculations, consumerInfo } = data;
  const months = calculations.months;
  const selected = month !== null && months.some((m) => m.month === month) ? month : null;
  const powers = (values: number[]) => values.map((v) => f.number(v)).join(' / ');
  const oldTotal = scenarioTotal(months, 'old', selected);
  const saving =
    (scenarioTotal(months, 'new', selected) ?? 0) -
    (scenarioTotal(months, 'optimized', selected) ?? 0);
  const customTotal = scenarioTotal(months, 'custom', selected);
  const customSaving =
    customTotal === null ? null : (scenarioTotal(months, 'new', selected) ?? 0) - customTotal;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Select
          label={t('moj_elektro.calculations.month')}
          data={[
            { value: '', label: t('moj_elektro.calculations.whole_period') },
            ...months.map((m) => ({
              value: m.month,
              label: m.partial
                ? `${f.month(m.month)} (${t('moj_elektro.calculations.partial')})`
                : f.month(m.month),
            })),
          ]}
          value={selected ?? ''}
          onChange={(value) => setMonth(value || null)}
          allowDeselect={false}
          maw={320}
        />
        {query.isFetching && <LoadingState label={t('moj_elektro.calculations.loading')} />}
      </Group>
      <Paper withBorder radius="md" p="md" role="status" aria-live="polite">
        <Stack gap={4}>
          <Text fw={600} data-testid="me-saving">
            {saving > 0.005
              ? t('moj_elektro.calculations.summary_saving', {
                  powers: powers(calculations.agreedPowers.optimized),
                  amount: f.money(saving),
                })
              : t('moj_elektro.calculations.summary_no_saving', {
                  powers: powers(calculations.agreedPowers.new),
                })}
          </Text>
          {saving < -0.005 && calculations.newDeterminedBy !== 'UPORABNIK' && (
            <Text size="sm" data-testid="me-exempt">
              {t('moj_elektro.calculations.summary_exempt', {
                powers: powers(calculations.agreedPowers.optimized),
                amount: f.money(-saving),
              })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('moj_elektro.calculations.current_powers', {
              powers: powers(calculations.agreedPowers.new),
            })}
          </Text>
          {customSaving !== null && calculations.agreedPowers.custom && (
            <Text size="sm" data-testid="me-custom-saving">
              {customSaving >= 0
                ? t('moj_elektro.calculations.summary_custom', {
                    powers: powers(calculations.agreedPowers.custom),
                    amount: f.money(customSaving),
                  })
                : t('moj_elektro.calculations.summary_custom_more', {
                    powers: powers(calculations.agreedPowers.custom),
                    amount: f.money(-customSaving),
                  })}
            </Text>
          )}
          {oldTotal !== null && (
            <Text size="sm" data-testid="me-old-total">
              {t('moj_elektro.calculations.old_total', { amount: f.money(oldTotal) })}
            </Text>
          )}
        </Stack>
      </Paper>
      <div className={classes.tables}>
        <CostTable
          id="me-table-new"
          title={t('moj_elektro.calculations.new')}
          note={t('moj_elektro.calculations.powers_note', {
            powers: powers(calculations.agreedPowers.new),
          })}
          rows={scenarioRows(months, 'new', selected)}
        />
        <CostTable
          id="me-table-optimized"
          title={t('moj_elektro.calculations.optimized')}
          note={t('moj_elektro.calculations.powers_note', {
            powers: powers(calculations.agreedPowers.optimized),
          })}
          rows={scenarioRows(months, 'optimized', selected)}
        />
        <CostTable
          id="me-table-custom"
          title={t('moj_elektro.calculations.custom')}
          {...(calculations.agreedPowers.custom
            ? {
                note: t('moj_elektro.calculations.powers_note', {
                  powers: powers(calculations.agreedPowers.custom),
                }),
              }
            : {})}
          rows={customOn ? scenarioRows(months, 'custom', selected) : null}
        />
      </div>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="xs">
          {t('moj_elektro.limits.title')}
        </Title>
        <CustomLimits
          enabled={customOn}
          onToggle={setCustomOn}
          consumerInfo={consumerInfo}
          initial={calculations.agreedPowers.optimized}
          serverErrors={limitErrors}
          onApply={setLimits}
          busy={query.isFetching}
        />
      </Paper>
    </Stack>
  );
}
