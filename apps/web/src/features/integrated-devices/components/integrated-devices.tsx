import {
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { IntegratedDevice } from '@ec/contract';
import {
  DEVICE_CATEGORIES,
  DEVICE_STATUSES,
  type DeviceCategory,
  type DeviceStatus,
} from '@ec/domain';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import { isApiError } from '../../../shared/api/errors.ts';
import {
  useUrlStateChanges,
  type UrlStateChange,
} from '../../../shared/routing/use-url-state-changes.ts';
import { DeviceCategoryIcon } from '../../../shared/ui/device-category-icon.tsx';
import { ListPagination, PageSummary } from '../../../shared/ui/list-paging.tsx';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert.tsx';
import { LoadingState } from '../../../shared/ui/states.tsx';
import { useDebouncedText } from '../../../shared/ui/use-debounced-text.ts';
import { companiesQueryOptions } from '../../../entities/company/index.ts';
import { DeviceStatusBadge } from '../../../entities/device/index.ts';
import {
  integratedDevicesQueryOptions,
  readDeviceFilters,
  writeDeviceFilters,
  type DeviceFilters,
  type DevicesPage,
} from '../api/integrated-devices-api.ts';
import classes from './integrated-devices.module.css';

const ANY = '';
export interface IntegratedDevicesProps {
  companyId: number;
  /** The page heading (the route's title). */
  title: string;
}

/**
 * /companies/:id/integrated-devices (spec 000 §2): the company's devices with category (icon and label),
 * location (a link), controller and status, filtered by text, category and status (kept in the URL), paged.
 */
export function IntegratedDevices({ companyId, title }: IntegratedDevicesProps) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readDeviceFilters(params), [params]);
  const companies = useQuery(companiesQueryOptions());
  const company = companies.data?.find((c) => c.id === companyId);
  const devices = useQuery(integratedDevicesQueryOptions(companyId, filters));

  // Each change starts from the filters the change before it left (see useUrlStateChanges).
  const apply = useUrlStateChanges(
    filters,
    (next) => setParams(writeDeviceFilters(next), { replace: true }),
    (state) => writeDeviceFilters(state).toString(),
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        {company && (
          <Text c="dimmed" mt={4}>
            {company.name}
          </Text>
        )}
      </div>
      <FilterBar filters={filters} onChange={apply} />
      <DeviceList
        query={devices}
        filtered={filters.q.trim() !== '' || filters.category !== null || filters.status !== null}
        onPage={(page) => apply((current) => ({ ...current, page }))}
        onClear={() => apply(() => ({ q: '', category: null, status: null, page: 1 }))}
      />
    </Stack>
  );
}

function FilterBar({
  filters,
  onChange,
}: {
  filters: DeviceFilters;
  onChange: (change: UrlStateChange<DeviceFilters>) => void;
}) {
  const { t } = useTranslation();
  // A change of the URL from elsewhere (Back, Clear filters) refills the box.
  const [text, setText] = useDebouncedText(filters.q, (q) =>
    onChange((current) => ({ ...current, q, page: 1 })),
  );

  const categories = [
    { value: ANY, label: t('integrated_devices.any_category') },
    ...DEVICE_CATEGORIES.map((c) => ({ value: c, label: t(`device_category.${c}`) })),
  ];
  const statuses = [
    { value: ANY, label: t('integrated_devices.any_status') },
    ...DEVICE_STATUSES.map((s) => ({ value: s, label: t(`device_status.${s}`) })),
  ];

  return (
    <div className={classes.filters}>
      <TextInput
        type="search"
        label={t('integrated_devices.search')}
        placeholder={t('integrated_devices.search_placeholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <Select
        label={t('integrated_devices.category')}
        data={categories}
        value={filters.category ?? ANY}
        allowDeselect={false}
        onChange={(value) =>
          onChange((current) => ({
            ...current,
            category: (value || null) as DeviceCategory | null,
            page: 1,
          }))
        }
      />
      <Select
        label={t('integrated_devices.status')}
        data={statuses}
        value={filters.status ?? ANY}
        allowDeselect={false}
        onChange={(value) =>
          onChange((current) => ({
            ...current,
            status: (value || null) as DeviceStatus | null,
            page: 1,
          }))
        }
      />
    </div>
  );
}

function DeviceList({
  query,
  filtered,
  onPage,
  onClear,
}: {
  query: UseQueryResult<DevicesPage>;
  filtered: boolean;
  onPage: (page: number) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return isApiError(query.error, 404) ? (
      <LoadErrorAlert title={t('integrated_devices.company_not_found')} />
    ) : (
      <LoadErrorAlert
        title={t('integrated_devices.load_error')}
        retry={{ error: query.error, onRetry: () => void query.refetch() }}
      />
    );
  }
  const { items, page } = query.data;
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md" p="xl" role="status">
        <Stack align="center" gap="sm">
          <Text c="dimmed" ta="center">
            {filtered || page > 1
              ? t('integrated_devices.no_match')
              : t('integrated_devices.empty')}
          </Text>
          {(filtered || page > 1) && (
            <Button size="xs" variant="light" onClick={onClear}>
              {t('integrated_devices.clear_filters')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap="md" aria-busy={query.isFetching || undefined}>
      <PageSummary textKey="integrated_devices.showing" list={query.data} />
      <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('integrated_devices.device')}</Table.Th>
            <Table.Th>{t('integrated_devices.category')}</Table.Th>
            <Table.Th>{t('integrated_devices.location')}</Table.Th>
            <Table.Th>{t('integrated_devices.controller')}</Table.Th>
            <Table.Th>{t('integrated_devices.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((device) => (
            <DeviceRow key={device.id} device={device} />
          ))}
        </Table.Tbody>
      </Table>
      <ListPagination list={query.data} onPage={onPage} />
    </Stack>
  );
}

function DeviceRow({ device }: { device: IntegratedDevice }) {
  const { t } = useTranslation();
  return (
    <Table.Tr>
      <Table.Td>
        <span className={classes.name}>{device.name}</span>
      </Table.Td>
      <Table.Td data-label={t('integrated_devices.category')}>
        <Group gap={6} wrap="nowrap">
          <DeviceCategoryIcon category={device.category} />
          <span>{t(`device_category.${device.category}`)}</span>
        </Group>
      </Table.Td>
      <Table.Td data-label={t('integrated_devices.location')}>
        <Anchor component={Link} to={`/locations/${device.location.id}`} size="sm">
          {device.location.name}
        </Anchor>
      </Table.Td>
      <Table.Td data-label={t('integrated_devices.controller')}>
        {device.controller ? (
          <span>{device.controller.alias || device.controller.serial}</span>
        ) : (
          <span className={classes.muted}>{t('integrated_devices.no_controller')}</span>
        )}
      </Table.Td>
      <Table.Td data-label={t('integrated_devices.status')}>
        <DeviceStatusBadge status={device.status} />
      </Table.Td>
    </Table.Tr>
  );
}
