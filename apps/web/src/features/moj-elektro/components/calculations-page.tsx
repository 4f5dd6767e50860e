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
import { CustomLimits } from './custom-limits.tsx';
import { CalculationError, SelectDeviceState } from './page-states.tsx';
import { useMeFilters } from './use-filters.ts';
import classes from './moj-elektro.module.css';

/** The server's field errors for the five custom limits (`data.customPowerLimits.<i>`). */
export function limitFieldErrors(error: unknown): (string | null)[] {
  const fields = isApiError(error) ? error.fields : {};
  return Array.from({ length: 5 }, (_, i) => fields[`data.customPowerLimits.${i}`] ?? null);
}

function calculationsQuery(
  f: ReturnType<typeof useMeFilters>,
  customLimits: readonly number[] | null,
  enabled: boolean,
) {
  const filter = { ...f.request, customPowerLimits: customLimits ? [...customLimits] : null };
  return {
    queryKey: [...meKeys.all, 'calculations', f.device?.id ?? 0, filter] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      fetchCalculations(f.device?.id ?? 0, filter, signal),
    enabled: f.ready && enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  };
}

/** Whether the server refused the custom limits (field errors at `data.customPowerLimits.<i>`). */
export function limitsRefused(error: unknown): boolean {
  return limitFieldErrors(error).some((e) => e !== null);
}

/**
 * The calculation query for the URL's filters and custom limits (`custom=…`). With `fallback`, a set the server
 * refuses is answered by the calculation without custom limits (`fallback`, else null).
 */
export function useCalculations({ fallback = false }: { fallback?: boolean } = {}) {
  const f = useMeFilters();
  const query = useQuery(calculationsQuery(f, f.customLimits, true));
  const refused = fallback && f.customLimits !== null && limitsRefused(query.error);
  const base = useQuery(calculationsQuery(f, null, refused));
  return { ...f, query, fallback: refused ? base : null };
}

/**
 * The network-fee calculation (spec 001 §2/§4): three tables — new system (current agreed powers), optimized,
 * custom — per month or for the whole period, the saving stated plainly, the old system's total beside.
 */
export function CalculationsPage() {
  const { t } = useTranslation();
  const f = useFormats();
  const [toggled, setToggled] = useState(false);
  const [month, setMonth] = useState<string | null>(null);
  const { ready, query, device, request, customLimits, applyLimits } = useCalculations();
  // The limits live in the URL (the comparison page shows them too) while asked for or accepted; the switch stays
  // on without them until a set is applied.
  const customOn = toggled || customLimits !== null;
  const error = query.error;
  // A refused set of custom limits keeps the last result on screen (the errors show at the inputs).
  const filterKey = JSON.stringify([device?.id ?? null, request]);
  const last = useRef<{ key: string; data: NonNullable<typeof query.data> } | null>(null);
  if (query.data) last.current = { key: filterKey, data: query.data };
  // The last set the server accepted for these filters: the URL goes back to it when a set is refused.
  const accepted = useRef<{ key: string; limits: readonly number[] | null } | null>(null);
  if (query.isSuccess && !query.isPlaceholderData)
    accepted.current = { key: filterKey, limits: customLimits };
  const [refused, setRefused] = useState<{
    key: string;
    limits: number[];
    errors: (string | null)[];
  } | null>(null);
  useEffect(() => {
    if (!error) return;
    if (isApiError(error) && Object.keys(error.fields).length > 0) return;
    showToast({ color: 'red', message: t('moj_elektro.calculations.error_fetching') });
  }, [error, t]);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    // Once per refusal: the set goes out of the URL (back to the last accepted one), its errors stay at the inputs.
    if (customLimits === null || !limitsRefused(error) || handled.current === error) return;
    handled.current = error;
    const back = accepted.current?.key === filterKey ? accepted.current.limits : null;
    if (back !== null && back.join() === customLimits.join()) return;
    setRefused({ key: filterKey, limits: customLimits, errors: limitFieldErrors(error) });
    setToggled(true);
    applyLimits(back, true);
  }, [error, customLimits, filterKey, applyLimits]);
  // Switched back on, the last set in the URL is asked for again.
  const lastSet = useRef<number[] | null>(null);
  if (customLimits !== null) lastSet.current = customLimits;
  const toggle = (on: boolean) => {
    setToggled(on);
    setRefused(null);
    if (!on) applyLimits(null);
    else if (lastSet.current) applyLimits(lastSet.current);
  };
  const apply = (limits: number[]) => {
    setRefused(null);
    applyLimits(limits);
  };
  if (!ready) return <SelectDeviceState />;
  const data = query.data ?? (last.current?.key === filterKey ? last.current.data : undefined);
  if (!data) {
    if (query.isError && !limitsRefused(error)) return <CalculationError error={error} />;
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
          onToggle={toggle}
          consumerInfo={consumerInfo}
          initial={customLimits ?? refused?.limits ?? calculations.agreedPowers.optimized}
          serverErrors={refused?.key === filterKey ? refused.errors : limitFieldErrors(error)}
          onApply={apply}
          busy={query.isFetching}
        />
      </Paper>
    </Stack>
  );
}
