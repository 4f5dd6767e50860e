import { useEffect } from 'react';
import { ActionIcon, Loader, Select, type ComboboxData } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IconRefresh } from '../../../shared/ui/icons.ts';

/** Props every reference select shares with the form that holds it. */
export interface ReferenceFieldProps {
  label: string;
  /** The field's validation message, already translated (it wins over the load failure note). */
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  description?: string;
  placeholder?: string;
  /** Whether the user may empty the field again. */
  clearable?: boolean;
  className?: string;
}

/**
 * A searchable select over a reference list with the list's own states: while loading it is disabled with a
 * spinner; when the list could not be loaded the failure is logged (spec 001 §8) and the field says so with a
 * Try again button, so a form is never silently stuck.
 */
export function ReferenceSelect({
  query,
  data,
  value,
  onChange,
  what,
  label,
  error,
  required,
  disabled,
  name,
  description,
  placeholder,
  clearable,
  className,
}: ReferenceFieldProps & {
  query: Pick<
    UseQueryResult<unknown>,
    'isPending' | 'isError' | 'error' | 'refetch' | 'isFetching'
  >;
  data: ComboboxData;
  value: string | null;
  onChange: (value: string | null) => void;
  /** What the list is, for the log line. */
  what: string;
}) {
  const { t } = useTranslation();
  const { isPending, isError, isFetching } = query;

  useEffect(() => {
    if (query.isError) console.error(`${what} could not be loaded`, query.error);
  }, [query.isError, query.error, what]);

  const rightSection = isPending ? (
    <Loader size="xs" aria-label={t('common.loading')} />
  ) : isError ? (
    <ActionIcon
      variant="subtle"
      color="gray"
      onClick={() => void query.refetch()}
      loading={isFetching}
      aria-label={t('common.retry')}
    >
      <IconRefresh size={16} aria-hidden />
    </ActionIcon>
  ) : undefined;

  return (
    <Select
      className={className}
      label={label}
      name={name}
      description={description}
      required={required}
      searchable
      clearable={clearable}
      allowDeselect={false}
      disabled={disabled || isPending}
      placeholder={isPending ? t('common.loading') : (placeholder ?? t('reference.choose'))}
      nothingFoundMessage={t('reference.nothing_found')}
      data={data}
      value={value}
      onChange={(next) => onChange(next)}
      error={error ?? (isError ? t('reference.load_failed') : undefined)}
      rightSection={rightSection}
      rightSectionPointerEvents={isError ? 'all' : 'none'}
      comboboxProps={{ withinPortal: true }}
      maxDropdownHeight={280}
    />
  );
}
