import { Anchor, Badge, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocationSearchItem } from '@ec/contract';
import {
  companyLocationsQueryOptions,
  companyQueryOptions,
  PAGE_SIZE,
} from '../api/global-settings-api.ts';
import { IconMapPin } from '../icons.ts';
import { locationPath } from '../paths.ts';
import { Pager } from './pager.tsx';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from './states.tsx';
import { useListFilter } from './use-list-filter.ts';
import classes from './global-settings.module.css';

/** A postal address on one line, or null when no part is set. */
export function addressLine(address: LocationSearchItem['address']): string | null {
  const street = [address.street, address.houseNumber].filter(Boolean).join(' ');
  const city = [address.postCode, address.city].filter(Boolean).join(' ');
  const line = [street, city].filter(Boolean).join(', ');
  return line || null;
}

function LocationRow({ location, companyId }: { location: LocationSearchItem; companyId: number }) {
  const { t } = useTranslation();
  const address = addressLine(location.address);
  return (
    <li className={classes.row}>
      <div className={classes.rowMain}>
        <Group gap="xs" wrap="nowrap">
          <IconMapPin size={16} aria-hidden />
          <Anchor
            component={Link}
            to={locationPath(companyId, location.group.id, location.id)}
            fw={600}
            className={classes.text}
          >
            {location.name}
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed" className={classes.text}>
          {[location.group.name, address].filter(Boolean).join(' · ')}
        </Text>
        <Text size="sm" c="dimmed" className={classes.text}>
          {location.owner
            ? t('global_settings.locations.owned_by', {
                name: location.owner.fullName || location.owner.email,
              })
            : t('global_settings.no_owner')}
        </Text>
      </div>
      <Badge variant="light" color={location.controllersCount > 0 ? 'blue' : 'gray'}>
        {t('global_settings.controllers_count', { count: location.controllersCount })}
      </Badge>
    </li>
  );
}

/** A company's locations (spec 000 §2 settings/global companies/:id/locations), searchable and paged. */
export function CompanyLocations({ companyId }: { companyId: number | null }) {
  const { t } = useTranslation();
  const { text, setText, q, page, setPage } = useListFilter();
  const enabled = companyId !== null;
  const company = useQuery({ ...companyQueryOptions(companyId ?? 0), enabled });
  const list = useQuery({ ...companyLocationsQueryOptions(companyId ?? 0, { q, page }), enabled });
  if (companyId === null) return <NotFoundState />;
  if (company.isError)
    return <ErrorState error={company.error} onRetry={() => void company.refetch()} />;

  let body;
  if (list.isPending) body = <LoadingState />;
  else if (list.isError) {
    body = (
      <ErrorState
        error={list.error}
        onRetry={() => void list.refetch()}
        errorKey="global_settings.locations.load_error"
      />
    );
  } else if (list.data.items.length === 0) {
    body = (
      <EmptyState
        title={t(q ? 'global_settings.locations.no_match' : 'global_settings.locations.empty')}
      />
    );
  } else {
    body = (
      <>
        <ul
          className={classes.list}
          aria-label={t('route_titles.locations')}
          aria-busy={list.isPlaceholderData}
        >
          {list.data.items.map((location) => (
            <LocationRow key={location.id} location={location} companyId={companyId} />
          ))}
        </ul>
        <Pager
          page={list.data.page}
          pageSize={PAGE_SIZE}
          total={list.data.total}
          onPage={setPage}
        />
      </>
    );
  }
  return (
    <Stack className={classes.page}>
      <div>
        <Text size="sm" c="dimmed">
          {company.data?.name ?? '…'}
        </Text>
        <Title order={1} className={classes.title}>
          {t('route_titles.locations')}
        </Title>
      </div>
      <TextInput
        type="search"
        label={t('global_settings.locations.search')}
        placeholder={t('global_settings.locations.search_placeholder')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      {body}
    </Stack>
  );
}
