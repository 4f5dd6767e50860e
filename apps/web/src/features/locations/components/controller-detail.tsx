import { useId, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Controller } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { loadedItem } from '../../../shared/ui/states.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { ConnectionBadge, controllerQueryOptions } from '../../../entities/controller/index.ts';
import { CategoryLabel, DeviceStateBadge } from '../../../entities/device/index.ts';
import { updateControllerAlias } from '../api/locations-api.ts';
import { controllerHref } from '../location-paths.ts';
import {
  ControllerLatestValues,
  ControllerPresence,
  ControllerSecretAction,
  DiscoveredDevices,
} from './controller-live.tsx';
import { Fact } from './controllers-list.tsx';
import { actionErrorText, formatDateTime } from './format.ts';
import { useManagedLocation } from './manage-frame.tsx';
import { EmptyState, NotFoundState } from './states.tsx';
import listClasses from './list.module.css';
import classes from './controllers.module.css';

const ALIAS_MAX = 100;

function AliasForm({ controller }: { controller: Controller }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [alias, setAlias] = useState(controller.alias ?? '');
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const label = t('location_manage.controllers.alias');
  const mutation = useMutation({
    mutationFn: (value: string | null) => updateControllerAlias(queryClient, controller.id, value),
    onSuccess: (updated) => {
      setAlias(updated.alias ?? '');
      showToast({ color: 'green', message: t('location_manage.controllers.alias_saved') });
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.fields['data.alias'] : undefined;
      if (field) setError(t(field, { field: label, max: ALIAS_MAX }));
      showToast({
        color: 'red',
        message: actionErrorText(failure, t, 'location_manage.controllers.alias_error'),
      });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = alias.trim();
    if (trimmed.length > ALIAS_MAX) {
      setError(t('validation.too_long', { field: label, max: ALIAS_MAX }));
      return;
    }
    mutation.mutate(trimmed === '' ? null : trimmed);
  };
  const unchanged = alias.trim() === (controller.alias ?? '');
  return (
    <form onSubmit={submit} noValidate>
      <div className={listClasses.inline}>
        <TextInput
          label={label}
          name="alias"
          aria-describedby={hintId}
          value={alias}
          onChange={(event) => {
            setAlias(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
        <Button
          type="submit"
          loading={mutation.isPending}
          disabled={unchanged}
          className={listClasses.inlineButton}
        >
          {t('common.save')}
        </Button>
      </div>
      <Text size="xs" c="dimmed" mt={4} id={hintId}>
        {t('location_manage.controllers.alias_hint')}
      </Text>
    </form>
  );
}

/**
 * A controller of the location (spec 000 §2 manage/oem-devices/:oemDeviceId): alias (editable with `edit`),
 * serial, unit id, setup type, connection, versions, addresses and its devices (deleted ones marked); its presence
 * (connected, last seen, firmware, connection type), the latest values of its devices, the device references it
 * reported that match no device (Adopt / Dismiss with `edit`) and, with `edit`, a new MQTT secret (issue 12).
 */
export function ControllerDetail({ controllerId }: { controllerId: number | null }) {
  const { t, i18n } = useTranslation();
  const { location, base } = useManagedLocation();
  const query = useQuery({
    ...controllerQueryOptions(controllerId ?? 0),
    enabled: controllerId !== null,
  });
  const notFoundKey = 'location_manage.controllers.not_found';
  if (controllerId === null) return <NotFoundState messageKey={notFoundKey} />;
  const loaded = loadedItem(
    query,
    { notFoundKey, errorKey: 'location_manage.load_error' },
    // A controller of another location is not shown under this one's path.
    (item) => item.locationId === location.id,
  );
  if (loaded.fallback) return loaded.fallback;
  const controller = loaded.item;
  const here = controllerHref(base, controller.id);
  const pairs = (record: Record<string, string>) =>
    Object.entries(record).map(([key, value]) => (
      <Fact key={key} label={key}>
        <span className={classes.mono}>{value}</span>
      </Fact>
    ));

  return (
    <Stack gap="xl" maw={880}>
      <Group gap="sm" align="center">
        <Title order={2} size="h3" className={listClasses.text}>
          {controller.alias ?? controller.serial}
        </Title>
        <ConnectionBadge connected={controller.connected} />
      </Group>
      {controller.permissions.edit && <AliasForm key={controller.id} controller={controller} />}
      <div className={classes.grid}>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="controller-facts">
          <Title order={3} size="h5" mb="sm" id="controller-facts">
            {t('location_manage.controllers.details')}
          </Title>
          <dl className={classes.facts}>
            <Fact label={t('location_manage.controllers.serial')}>
              <span className={classes.mono}>{controller.serial}</span>
            </Fact>
            <Fact label={t('location_manage.controllers.unit_id')}>
              <span className={classes.mono}>{controller.unitId}</span>
            </Fact>
            <Fact label={t('location_manage.controllers.setup_type')}>
              {t(`location_manage.controllers.setup_types.${controller.setupType}`)}
            </Fact>
            <Fact label={t('location_manage.controllers.last_seen')}>
              {controller.lastSeenAt
                ? formatDateTime(controller.lastSeenAt, i18n.language)
                : t('location_manage.controllers.never_seen')}
            </Fact>
          </dl>
        </Paper>
        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-labelledby="controller-versions"
        >
          <Title order={3} size="h5" mb="sm" id="controller-versions">
            {t('location_manage.controllers.versions')}
          </Title>
          {Object.keys(controller.versions).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('location_manage.not_set')}
            </Text>
          ) : (
            <dl className={classes.facts}>{pairs(controller.versions)}</dl>
          )}
          <Title order={3} size="h5" mt="md" mb="sm">
            {t('location_manage.controllers.addresses')}
          </Title>
          {Object.keys(controller.addresses).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('location_manage.not_set')}
            </Text>
          ) : (
            <dl className={classes.facts}>{pairs(controller.addresses)}</dl>
          )}
        </Paper>
      </div>
      <ControllerPresence controller={controller} />
      <ControllerLatestValues controller={controller} />
      <DiscoveredDevices controller={controller} />
      {controller.permissions.edit && <ControllerSecretAction controller={controller} />}
      <section aria-labelledby="controller-devices">
        <Title order={3} size="h4" mb="sm" id="controller-devices">
          {t('location_manage.controllers.devices')}
        </Title>
        {controller.devices.length === 0 ? (
          <EmptyState title={t('location_manage.controllers.no_devices')} />
        ) : (
          <ul className={listClasses.list}>
            {controller.devices.map((device) => (
              <Paper component="li" key={device.id} withBorder radius="md" p="sm">
                <div className={listClasses.row}>
                  <div className={listClasses.main}>
                    <Anchor
                      component={Link}
                      to={`${here}/devices/${device.id}`}
                      fw={500}
                      className={listClasses.text}
                    >
                      {device.name}
                    </Anchor>
                  </div>
                  <Group gap="xs">
                    <CategoryLabel category={device.category} />
                    <DeviceStateBadge device={device} />
                  </Group>
                </div>
              </Paper>
            ))}
          </ul>
        )}
      </section>
    </Stack>
  );
}
