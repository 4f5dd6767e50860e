import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AbstractDevice } from '../model/types.ts';
import {
  blockMinusKey,
  priceFields,
  tariffYears,
  validateFilters,
  type FilterField,
  type MeFilters,
} from '../model/filters.ts';

/** A device's name in the select: its label or EIMM. */
export function deviceName(device: AbstractDevice): string {
  return device.label ? `${device.label} (${device.eimm})` : device.eimm;
}

/**
 * The metering filters (spec 000 §5): device, date range (both needed, ≤ 730 days, no future dates), the prices
 * the device's tariffs need (ET for one tariff, VT and MT otherwise; numbers ≥ 0, minus key blocked), the tariff
 * year. "Process" stays disabled until every rule holds and then writes the filters (into the URL).
 */
export function FilterPanel({
  devices,
  devicesLoading = false,
  devicesFailed = false,
  value,
  today,
  onProcess,
}: {
  devices: AbstractDevice[];
  devicesLoading?: boolean;
  devicesFailed?: boolean;
  value: MeFilters;
  today: string;
  onProcess: (filters: MeFilters) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [touched, setTouched] = useState<Partial<Record<FilterField, boolean>>>({});
  // A new value from outside (the URL) replaces the draft.
  useEffect(() => setDraft(value), [value]);
  const device = devices.find((d) => d.id === draft.deviceId) ?? null;
  const errors = validateFilters(draft, device?.tariffsCount, today);
  const valid = Object.keys(errors).length === 0;
  const fields = priceFields(device?.tariffsCount);
  const shown = (field: FilterField) => {
    const key = errors[field];
    if (!key) return undefined;
    const filled = field === 'device' ? draft.deviceId !== null : draft[field] !== '';
    return touched[field] || filled ? t(key) : undefined;
  };
  const set = (patch: Partial<MeFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const touch = (field: FilterField) => setTouched((s) => ({ ...s, [field]: true }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) onProcess(draft);
  };
  const priceInput = (field: 'vt' | 'mt' | 'et') => (
    <TextInput
      key={field}
      label={t(`moj_elektro.filters.${field}`)}
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      required
      value={draft[field]}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      onKeyDown={blockMinusKey}
      onBlur={() => touch(field)}
      error={shown(field)}
    />
  );
  return (
    <form onSubmit={submit} noValidate aria-labelledby="me-filters-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="me-filters-title">
          {t('moj_elektro.filters.title')}
        </Title>
        {devicesFailed && (
          <Alert color="red" role="alert">
            {t('moj_elektro.devices.error_fetching')}
          </Alert>
        )}
        <Select
          label={t('moj_elektro.filters.device')}
          placeholder={
            devicesLoading ? t('common.loading') : t('moj_elektro.filters.device_placeholder')
          }
          data={devices.map((d) => ({ value: String(d.id), label: deviceName(d) }))}
          value={draft.deviceId === null ? null : String(draft.deviceId)}
          onChange={(id) => {
            set({ deviceId: id === null ? null : Number(id) });
            touch('device');
          }}
          nothingFoundMessage={t('moj_elektro.filters.no_devices')}
          required
          allowDeselect={false}
          error={shown('device')}
          comboboxProps={{ withinPortal: true }}
        />
        {devices.length === 0 && !devicesLoading && !devicesFailed && (
          <Text size="sm" c="dimmed">
            {t('moj_elektro.filters.no_devices')}
          </Text>
        )}
        <TextInput
          label={t('moj_elektro.filters.from')}
          type="date"
          required
          max={today}
          value={draft.from}
          onChange={(e) => set({ from: e.currentTarget.value })}
          onBlur={() => touch('from')}
          error={shown('from')}
        />
        <TextInput
          label={t('moj_elektro.filters.to')}
          type="date"
          required
          max={today}
          value={draft.to}
          onChange={(e) => set({ to: e.currentTarget.value })}
          onBlur={() => touch('to')}
          error={shown('to')}
        />
        {fields.map(priceInput)}
        <Select
          label={t('moj_elektro.filters.tariff_year')}
          description={t('moj_elektro.filters.tariff_year_hint')}
          data={[
            { value: '', label: t('moj_elektro.filters.as_measured') },
            ...tariffYears(today).map((y) => ({ value: String(y), label: String(y) })),
          ]}
          value={draft.tariffYear === null ? '' : String(draft.tariffYear)}
          onChange={(year) => set({ tariffYear: year ? Number(year) : null })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit" disabled={!valid}>
          {t('moj_elektro.filters.process')}
        </Button>
      </Stack>
    </form>
  );
}
