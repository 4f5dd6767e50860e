import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LiveValues } from '@ec/contract';
import { formatDecimal, formatEnergy, formatPower } from '../../../shared/format/energy-units.ts';
import classes from './live.module.css';

/** The values a device row shows, in this order (those the device has). */
const SHOWN = [
  'power_w',
  'soc_pct',
  'temperature_c',
  'energy_import_wh',
  'energy_export_wh',
] as const;

/** A reading as text: W/Wh scaled (spec 001 §9), % and °C with one decimal at most. */
export function formatLiveValue(
  field: (typeof SHOWN)[number],
  value: number,
  locale: string,
): string {
  switch (field) {
    case 'power_w':
      return formatPower(locale, value);
    case 'energy_import_wh':
    case 'energy_export_wh':
      return formatEnergy(locale, value);
    case 'soc_pct':
      return `${formatDecimal(locale, value, 0)}\u00a0%`;
    case 'temperature_c':
      return `${formatDecimal(locale, value, 1)}\u00a0°C`;
  }
}

/**
 * A device's latest values as a compact list of label and value ("Power 1.2 kW · State of charge 64 %"); "No
 * values yet" when it has sent none.
 */
export function DeviceValues({ values, stale = false }: { values: LiveValues; stale?: boolean }) {
  const { t, i18n } = useTranslation();
  const shown = SHOWN.filter((field) => values[field] !== undefined);
  if (shown.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('live.devices.no_values')}
      </Text>
    );
  }
  return (
    <Group component="dl" gap="md" className={classes.values} data-stale={stale}>
      {shown.map((field) => (
        <div key={field} className={classes.value}>
          <dt>{t(`live.values.${field}`)}</dt>
          <dd>{formatLiveValue(field, values[field] as number, i18n.language)}</dd>
        </div>
      ))}
    </Group>
  );
}
