import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../../shared/forms/form-errors.ts';

/** A translated field error with the field's label in it. */
export function useFieldErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | undefined, label: string) =>
    error ? t(error.key, { field: label, ...error.values }) : undefined;
}

/**
 * A decimal field (a price, fee, markup or power): typed as text and kept as text, so what the user wrote is
 * exactly what is checked and saved; the unit (`EUR/kWh`) stands after it.
 */
export function PriceInput({
  label,
  value,
  onChange,
  error,
  unit,
  name,
  description,
  required = true,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: FieldError | undefined;
  /** The unit shown after the value (already translated). */
  unit?: string;
  name: string;
  description?: string;
  required?: boolean;
}) {
  const errorText = useFieldErrorText();
  return (
    <TextInput
      label={label}
      name={name}
      inputMode="decimal"
      autoComplete="off"
      required={required}
      description={description}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={errorText(error, label)}
      rightSection={unit}
      rightSectionWidth={unit ? Math.max(48, unit.length * 8 + 12) : undefined}
      rightSectionProps={{
        style: { fontSize: 'var(--mantine-font-size-xs)', whiteSpace: 'nowrap' },
      }}
    />
  );
}
