import { useEffect, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { timezonesQueryOptions, type ReferenceTimezone } from '../api/reference-queries.ts';
import { ReferenceSelect, type ReferenceFieldProps } from './reference-select.tsx';

export interface TimezoneSelectProps extends ReferenceFieldProps {
  /** The country whose zones are offered (GET /api/timezones?countryCode=); every IANA zone when empty. */
  countryCode: string | null;
  /** The IANA name (`Europe/Ljubljana`). */
  value: string | null;
  onChange: (value: string | null) => void;
  /** Pick the zone on its own when the country has exactly one and none is chosen yet. */
  autoSelectSingle?: boolean;
}

/** `Europe/Ljubljana (UTC+01:00)`. */
export function timezoneLabel(zone: ReferenceTimezone): string {
  return `${zone.name.replaceAll('_', ' ')} (UTC${zone.utcOffset})`;
}

/** A time-zone picker over GET /api/timezones, limited to the chosen country. */
export function TimezoneSelect({
  countryCode,
  value,
  onChange,
  autoSelectSingle,
  ...field
}: TimezoneSelectProps) {
  const query = useQuery(timezonesQueryOptions(countryCode));
  const zones = query.data;
  const options = useMemo(
    () => (zones ?? []).map((zone) => ({ value: zone.name, label: timezoneLabel(zone) })),
    [zones],
  );
  const single = autoSelectSingle && zones?.length === 1 ? zones[0]?.name : undefined;

  useEffect(() => {
    if (single && value === null) onChange(single);
  }, [single, value, onChange]);

  return (
    <ReferenceSelect
      {...field}
      what="time zones"
      query={query}
      data={options}
      value={value}
      onChange={onChange}
    />
  );
}
