import { useEffect, useState } from 'react';
import { Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Controller } from '@ec/contract';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { DeviceCategoryIcon } from '../../../shared/ui/device-category-icon.tsx';
import { ModalForm } from '../../../shared/ui/submit-form.tsx';
import { loadedItem } from '../../../shared/ui/states.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { ConnectionBadge, controllerQueryOptions } from '../../../entities/controller/index.ts';
import { DeviceStateBadge } from '../../../entities/device/index.ts';
import { locationQueryOptions } from '../../../entities/location/index.ts';
import { companyUsersQueryOptions, userQueryOptions } from '../../../entities/user/index.ts';
import { setControllerOwner } from '../api/global-settings-api.ts';
import { locationPath } from '../paths.ts';
import { EmptyState, Facts, NotFoundState } from './states.tsx';
import classes from './global-settings.module.css';

/** Pick the owner among the company's users (searched on the server) or clear it. */
function OwnerModal({ controller, onClose }: { controller: Controller; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [userId, setUserId] = useState<string | null>(
    controller.ownerId === null ? null : String(controller.ownerId),
  );
  useEffect(() => {
    const timer = setTimeout(() => setQ(search), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useQuery(companyUsersQueryOptions(controller.companyId, { q, page: 1 }, 50));
  const owner = useQuery({
    ...userQueryOptions(controller.ownerId ?? 0),
    enabled: controller.ownerId !== null,
  });
  const options = (users.data?.items ?? []).map((u) => ({
    value: String(u.id),
    label: `${u.fullName || u.email} (${u.email})`,
  }));
  if (owner.data && !options.some((o) => o.value === String(owner.data.id))) {
    options.unshift({
      value: String(owner.data.id),
      label: `${owner.data.fullName} (${owner.data.email})`,
    });
  }
  const save = useMutation({
    mutationFn: (id: number | null) => setControllerOwner(queryClient, controller.id, id),
    onSuccess: (_, id) => {
      showToast({
        color: 'green',
        message: t(
          id === null
            ? 'global_settings.controllers.owner_cleared'
            : 'global_settings.controllers.owner_saved',
        ),
      });
      onClose();
    },
    onError: (error) =>
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.controllers.owner_error'),
      }),
  });
  return (
    <ModalForm
      title={t('global_settings.controllers.owner_title', {
        name: controller.alias ?? controller.serial,
      })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(userId === null ? null : Number(userId));
      }}
      pending={save.isPending}
      submitLabel={t('common.save')}
    >
      <Select
        label={t('global_settings.controllers.owner')}
        description={t('global_settings.controllers.owner_hint')}
        placeholder={t('global_settings.no_owner')}
        data={options}
        value={userId}
        onChange={setUserId}
        searchable
        clearable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: all }) => all}
        nothingFoundMessage={
          users.isFetching ? t('common.loading') : t('global_settings.users.no_match')
        }
        data-autofocus
        comboboxProps={{ withinPortal: true }}
      />
    </ModalForm>
  );
}

/** The owner's name (GET /api/users/:id), or a note when there is none. */
function OwnerName({ ownerId }: { ownerId: number | null }) {
  const { t } = useTranslation();
  const owner = useQuery({ ...userQueryOptions(ownerId ?? 0), enabled: ownerId !== null });
  if (ownerId === null) return <>{t('global_settings.no_owner')}</>;
  if (owner.isPending) return <>…</>;
  if (owner.isError) return <>{t('global_settings.controllers.owner_unknown', { id: ownerId })}</>;
  return (
    <>
      {owner.data.fullName || owner.data.email}{' '}
      <Text span c="dimmed" size="sm">
        ({owner.data.email})
      </Text>
    </>
  );
}

function LocationLink({ companyId, locationId }: { companyId: number; locationId: number | null }) {
  const { t } = useTranslation();
  const location = useQuery({
    ...locationQueryOptions(locationId ?? 0),
    enabled: locationId !== null,
  });
  if (locationId === null) return <>{t('global_settings.controllers.no_location')}</>;
  if (location.isPending) return <>…</>;
  if (location.isError) return <>{t('global_settings.not_found')}</>;
  return (
    <Anchor component={Link} to={locationPath(companyId, location.data.groupId, location.data.id)}>
      {location.data.name}
    </Anchor>
  );
}

/**
 * A controller in global settings (spec 000 §2 oem-devices/:oemDeviceId): serial, unit id, setup type,
 * connection, versions, addresses, its location and devices, and its owner, which the admin may change.
 */
export function GlobalControllerDetail({
  companyId,
  controllerId,
}: {
  companyId: number | null;
  controllerId: number | null;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const query = useQuery({
    ...controllerQueryOptions(controllerId ?? 0),
    enabled: controllerId !== null,
  });
  const notFoundKey = 'global_settings.controllers.not_found';
  if (companyId === null || controllerId === null)
    return <NotFoundState messageKey={notFoundKey} />;
  const loaded = loadedItem(
    query,
    { notFoundKey, errorKey: 'global_settings.load_error' },
    // A controller of another company is not shown under this company's path.
    (item) => item.companyId === companyId,
  );
  if (loaded.fallback) return loaded.fallback;
  const controller = loaded.item;
  const pairs = (record: Record<string, string>) =>
    Object.entries(record).length === 0
      ? t('global_settings.not_set')
      : Object.entries(record)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ');

  return (
    <Stack className={classes.page}>
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1} className={classes.title}>
          {controller.alias ?? controller.serial}
        </Title>
        <ConnectionBadge connected={controller.connected} />
      </Group>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="controller-owner">
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4" id="controller-owner">
            {t('global_settings.controllers.owner')}
          </Title>
          <Text className={classes.text}>
            <OwnerName ownerId={controller.ownerId} />
          </Text>
          <Button variant="light" size="xs" onClick={() => setEditing(true)}>
            {t('global_settings.controllers.change_owner')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="controller-details">
        <Title order={2} size="h4" mb="sm" id="controller-details">
          {t('global_settings.controllers.details')}
        </Title>
        <Facts
          items={[
            [
              t('global_settings.controllers.serial'),
              <span className={classes.mono}>{controller.serial}</span>,
            ],
            [
              t('global_settings.controllers.unit_id'),
              <span className={classes.mono}>{controller.unitId}</span>,
            ],
            [
              t('global_settings.controllers.setup_type'),
              t(`global_settings.controllers.setup_types.${controller.setupType}`),
            ],
            [
              t('route_titles.location'),
              <LocationLink companyId={companyId} locationId={controller.locationId} />,
            ],
            [
              t('global_settings.controllers.last_seen'),
              controller.lastSeenAt
                ? new Intl.DateTimeFormat(i18n.language, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }).format(new Date(controller.lastSeenAt))
                : t('global_settings.controllers.never_seen'),
            ],
            [t('global_settings.controllers.versions'), pairs(controller.versions)],
            [t('global_settings.controllers.addresses'), pairs(controller.addresses)],
          ]}
        />
      </Paper>
      <section aria-labelledby="controller-devices">
        <Title order={2} size="h4" mb="sm" id="controller-devices">
          {t('global_settings.controllers.devices')}
        </Title>
        {controller.devices.length === 0 ? (
          <EmptyState title={t('global_settings.controllers.no_devices')} />
        ) : (
          <ul className={classes.list}>
            {controller.devices.map((device) => (
              <li key={device.id} className={classes.row}>
                <Group gap="xs" wrap="nowrap" className={classes.rowMain}>
                  <DeviceCategoryIcon category={device.category} size={18} />
                  <div className={classes.text}>
                    <Text fw={500}>{device.name}</Text>
                    <Text size="sm" c="dimmed">
                      {t(`device_category.${device.category}`)}
                    </Text>
                  </div>
                </Group>
                <Group gap="xs">
                  <DeviceStateBadge device={device} />
                </Group>
              </li>
            ))}
          </ul>
        )}
      </section>
      {editing && <OwnerModal controller={controller} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
