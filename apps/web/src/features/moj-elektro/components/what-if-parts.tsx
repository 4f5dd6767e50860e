import type { FormEvent, ReactNode } from 'react';
import { Paper, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { blockMinusKey } from '../model/filters.ts';
import type { CalculationFilter } from '../model/types.ts';
import { useMeFilters } from './use-filters.ts';

/** A result figure. */
export function Figure({
  label,
  value,
  testId,
}: {
  label: string;
  value: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** A non-negative number input (minus key blocked); `error` is translated text. */
export function NumberField({
  label,
  unit,
  value,
  onChange,
  error,
}: {
  label: string;
  unit?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <TextInput
      label={label}
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      rightSection={unit ? <Text size="xs">{unit}</Text> : undefined}
      rightSectionWidth={unit && unit.length > 3 ? 64 : undefined}
      value={value}
      onKeyDown={blockMinusKey}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}

/** A number typed (comma accepted) within [min, max], else null. */
export function numberIn(text: string, min: number, max: number): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= max ? value : null;
}

/**
 * A what-if form's run: the sidebar's filters plus the page's checked values (null = invalid), sent by `call` for
 * the chosen device once every value is valid; custom power limits are not part of a what-if.
 */
export function useWhatIfRun<V extends Record<string, number | null>, R>(
  values: V,
  call: (deviceId: number, data: CalculationFilter & { [K in keyof V]: number }) => Promise<R>,
) {
  const filters = useMeFilters();
  const ok = Object.values(values).every((v) => v !== null);
  const run = useMutation({
    mutationFn: () => {
      const checked = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? 0])) as {
        [K in keyof V]: number;
      };
      return call(filters.device?.id ?? 0, {
        ...filters.request,
        customPowerLimits: null,
        ...checked,
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ok) run.mutate();
  };
  return { ready: filters.ready, run, ok, submit };
}
