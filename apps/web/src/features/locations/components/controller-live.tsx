import { useState, type FormEvent } from 'react';
import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeviceCategory } from '@ec/domain';
import type {
  AdoptDeviceForm,
  Controller,
  ControllerSecret,
  DiscoveredDevice,
  LiveValues,
} from '@ec/contract';
import { DeviceFields } from './device-fields.tsx';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { formatTimeAgo } from '../../../shared/format/energy-units.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { useNow } from '../../../shared/ui/use-now.ts';
import {
  discoveredDevicesQueryOptions,
  locationLiveQueryOptions,
  useLocationLiveStream,
} from '../../../entities/live/index.ts';
import { locationStructureQueryOptions } from '../../../entities/location/index.ts';
import {
  adoptDiscoveredDevice,
  dismissDiscoveredDevice,
  rotateControllerSecret,
} from '../api/live-api.ts';
import { DeviceValues } from '../live/device-values.tsx';
import { Fact } from './controllers-list.tsx';
import { actionErrorText, formatDateTime } from './format.ts';
import listClasses from './list.module.css';
import classes from './controllers.module.css';

const NAME_MAX = 100;
const NO_GROUP = 'none';
type AdoptField = 'name' | 'category' | 'deviceGroupId' | 'ref';

/** The category a reference's values suggest (a state of charge: a battery); the admin may change it. */
export function guessCategory(values: LiveValues): DeviceCategory {
  return values.soc_pct !== undefined ? 'BATTERY' : 'OTHER';
}

/**
 * Presence from the live data: connected, last seen ("3 hours ago"), firmware and connection type (from the
 * controller's retained state message).
 */
export function ControllerPresence({ controller }: { controller: Controller }) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const live = useQuery({
    ...locationLiveQueryOptions(controller.locationId ?? 0),
    enabled: controller.locationId !== null,
  });
  const presence = live.data?.controllers.find((c) => c.id === controller.id);
  const lastSeen = presence?.lastSeenAt ?? controller.lastSeenAt;
  const firmware = presence?.firmware ?? controller.versions.firmware ?? null;
  const connection = presence?.connection ?? null;
  const connected = presence?.connected ?? controller.connected;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="controller-presence">
      <Title order={3} size="h5" mb="sm" id="controller-presence">
        {t('live.controller.presence')}
      </Title>
      <dl className={classes.facts}>
        <Fact label={t('live.controller.connected')}>
          {t(connected ? 'live.controller.yes' : 'live.controller.no')}
        </Fact>
        <Fact label={t('location_manage.controllers.last_seen')}>
          {lastSeen
            ? `${formatTimeAgo(i18n.language, lastSeen, now)} (${formatDateTime(lastSeen, i18n.language)})`
            : t('location_manage.controllers.never_seen')}
        </Fact>
        <Fact label={t('live.controller.firmware')}>
          {firmware ? (
            <span className={classes.mono}>{firmware}</span>
          ) : (
            t('location_manage.not_set')
          )}
        </Fact>
        <Fact label={t('live.controller.connection')}>
          {connection ? t(`live.connection.${connection}`) : t('location_manage.not_set')}
        </Fact>
      </dl>
    </Paper>
  );
}

/** The latest values of the controller's devices (GET /api/locations/:id/live, kept by its cache entry). */
export function ControllerLatestValues({ controller }: { controller: Controller }) {
  const { t } = useTranslation();
  const live = useQuery({
    ...locationLiveQueryOptions(controller.locationId ?? 0),
    enabled: controller.locationId !== null,
  });
  // The values follow the location's live stream while this page is open.
  useLocationLiveStream(controller.locationId, live.isSuccess);
  const devices = live.data?.devices.filter((d) => d.controllerId === controller.id) ?? [];
  const connected =
    live.data?.controllers.find((c) => c.id === controller.id)?.connected ?? controller.connected;
  return (
    <section aria-labelledby="controller-latest">
      <Title order={3} size="h4" mb="sm" id="controller-latest">
        {t('live.controller.latest')}
      </Title>
      {live.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('live.load_error')}
        </Text>
      ) : devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {live.isPending ? t('common.loading') : t('live.controller.no_latest')}
        </Text>
      ) : (
        <ul className={listClasses.list}>
          {devices.map((device) => (
            <Paper component="li" key={device.id} withBorder radius="md" p="sm">
              <Stack gap={6}>
                <Text fw={500} className={listClasses.text}>
                  {device.name}
                </Text>
                <DeviceValues values={device.values} stale={!connected} />
              </Stack>
            </Paper>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The Adopt dialog: name (the reference to start with), category and device group; server errors by field. */
function AdoptDialog({
  controller,
  discovered,
  onClose,
}: {
  controller: Controller;
  discovered: DiscoveredDevice;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const locationId = controller.locationId ?? 0;
  const structure = useQuery(locationStructureQueryOptions(locationId));
  const [name, setName] = useState(discovered.ref);
  const [category, setCategory] = useState<DeviceCategory>(guessCategory(discovered.values));
  const [group, setGroup] = useState(NO_GROUP);
  const [errors, setErrors] = useState<Partial<Record<AdoptField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const labels: Record<AdoptField, string> = {
    name: t('location_manage.device.name'),
    category: t('location_manage.device.category'),
    deviceGroupId: t('location_manage.device.group'),
    ref: t('live.discovered.ref'),
  };
  const mutation = useMutation({
    mutationFn: (form: AdoptDeviceForm) =>
      adoptDiscoveredDevice(queryClient, controller.id, locationId, form),
    onSuccess: (device) => {
      showToast({ color: 'green', message: t('live.discovered.adopted', { name: device.name }) });
      onClose();
    },
    onError: (error) => {
      const found: Partial<Record<AdoptField, string>> = {};
      if (error instanceof ApiError) {
        for (const field of ['name', 'category', 'deviceGroupId', 'ref'] as const) {
          const key = error.fields[`data.${field}`];
          if (key) found[field] = t(key, { field: labels[field], max: NAME_MAX });
        }
      }
      setErrors(found);
      setFailure(
        Object.keys(found).length > 0
          ? null
          : actionErrorText(error, t, 'live.discovered.adopt_error'),
      );
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > NAME_MAX) {
      setErrors({
        name: t(trimmed === '' ? 'validation.required' : 'validation.too_long', {
          field: labels.name,
          max: NAME_MAX,
        }),
      });
      return;
    }
    setFailure(null);
    mutation.mutate({
      ref: discovered.ref,
      name: trimmed,
      category,
      deviceGroupId: group === NO_GROUP ? null : Number(group),
    });
  };
  const groupOptions = [
    { value: NO_GROUP, label: t('location_manage.structure.no_group') },
    ...(structure.data?.deviceGroups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
  return (
    <Modal
      opened
      onClose={() => {
        if (!mutation.isPending) onClose();
      }}
      title={t('live.discovered.adopt_title', { ref: discovered.ref })}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {errors.ref && <FormAlert kind="error">{errors.ref}</FormAlert>}
          <DeviceFields
            labels={labels}
            errors={errors}
            name={name}
            onName={(value) => {
              setName(value);
              setErrors((e) => ({ ...e, name: undefined }));
            }}
            category={category}
            onCategory={setCategory}
            group={group}
            onGroup={setGroup}
            groupOptions={groupOptions}
            groupsLoading={structure.isPending}
            autofocusName
          />
          {failure && <FormAlert kind="error">{failure}</FormAlert>}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={mutation.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              {t('live.discovered.adopt')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Device references the controller reported that match none of its devices; with `edit` on the location each can
 * be adopted (a dialog) or dismissed (asked first).
 */
export function DiscoveredDevices({ controller }: { controller: Controller }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(discoveredDevicesQueryOptions(controller.id));
  const [adopting, setAdopting] = useState<DiscoveredDevice | null>(null);
  const [dismissing, setDismissing] = useState<DiscoveredDevice | null>(null);
  const canEdit = controller.permissions.edit;
  const dismiss = useMutation({
    mutationFn: (ref: string) => dismissDiscoveredDevice(queryClient, controller.id, ref),
    onSuccess: (_, ref) => {
      setDismissing(null);
      showToast({ color: 'green', message: t('live.discovered.dismissed', { ref }) });
    },
  });
  const devices = query.data ?? [];
  return (
    <section aria-labelledby="controller-discovered">
      <Title order={3} size="h4" mb="sm" id="controller-discovered">
        {t('live.discovered.title')}
      </Title>
      {query.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('live.load_error')}
        </Text>
      ) : devices.length === 0 ? (
        <Text size="sm" c="dimmed">
          {query.isPending ? t('common.loading') : t('live.discovered.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {t('live.discovered.hint')}
          </Text>
          <ul className={listClasses.list} aria-label={t('live.discovered.title')}>
            {devices.map((device) => (
              <Paper component="li" key={device.ref} withBorder radius="md" p="sm">
                <Stack gap={6}>
                  <div className={listClasses.row}>
                    <div className={listClasses.main}>
                      <Text fw={500} className={`${classes.mono} ${listClasses.text}`}>
                        {device.ref}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('live.discovered.seen', {
                          first: formatDateTime(device.firstSeenAt, i18n.language),
                          last: formatDateTime(device.lastSeenAt, i18n.language),
                        })}
                      </Text>
                    </div>
                    {canEdit && (
                      <Group gap="xs">
                        <Button
                          size="xs"
                          onClick={() => setAdopting(device)}
                          aria-label={t('live.discovered.adopt_named', { ref: device.ref })}
                        >
                          {t('live.discovered.adopt')}
                        </Button>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => {
                            dismiss.reset();
                            setDismissing(device);
                          }}
                          aria-label={t('live.discovered.dismiss_named', { ref: device.ref })}
                        >
                          {t('live.discovered.dismiss')}
                        </Button>
                      </Group>
                    )}
                  </div>
                  <DeviceValues values={device.values} />
                </Stack>
              </Paper>
            ))}
          </ul>
        </>
      )}
      {adopting && (
        <AdoptDialog
          key={adopting.ref}
          controller={controller}
          discovered={adopting}
          onClose={() => setAdopting(null)}
        />
      )}
      <ConfirmModal
        opened={dismissing !== null}
        title={t('live.discovered.dismiss_title')}
        confirmLabel={t('live.discovered.dismiss')}
        loading={dismiss.isPending}
        error={
          dismiss.error ? actionErrorText(dismiss.error, t, 'live.discovered.dismiss_error') : null
        }
        onCancel={() => setDismissing(null)}
        onConfirm={() => dismissing && dismiss.mutate(dismissing.ref)}
      >
        {t('live.discovered.dismiss_text', { ref: dismissing?.ref ?? '' })}
      </ConfirmModal>
    </section>
  );
}

/**
 * "New MQTT secret" (edit on the location): asks first (the old secret stops working at once), then shows the unit
 * ID and the new secret once, with a copy button; closing the dialog forgets it.
 */
export function ControllerSecretAction({ controller }: { controller: Controller }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<ControllerSecret | null>(null);
  const mutation = useMutation({
    mutationFn: () => rotateControllerSecret(controller.id),
    onSuccess: (answer) => {
      setConfirming(false);
      setSecret(answer);
    },
  });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="controller-secret">
      <Title order={3} size="h5" mb="xs" id="controller-secret">
        {t('live.secret.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('live.secret.hint')}
      </Text>
      <Button
        variant="outline"
        onClick={() => {
          mutation.reset();
          setConfirming(true);
        }}
      >
        {t('live.secret.action')}
      </Button>
      <ConfirmModal
        opened={confirming}
        title={t('live.secret.confirm_title')}
        confirmLabel={t('live.secret.confirm')}
        loading={mutation.isPending}
        error={mutation.error ? actionErrorText(mutation.error, t, 'live.secret.error') : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => mutation.mutate()}
      >
        {t('live.secret.confirm_text')}
      </ConfirmModal>
      <Modal
        opened={secret !== null}
        onClose={() => setSecret(null)}
        title={t('live.secret.shown_title')}
        centered
        closeOnClickOutside={false}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {secret && (
          <Stack gap="sm">
            <Alert color="yellow" role="alert">
              {t('live.secret.once')}
            </Alert>
            <dl className={classes.facts}>
              <Fact label={t('location_manage.controllers.unit_id')}>
                <Code>{secret.unitId}</Code>
              </Fact>
              <Fact label={t('live.secret.secret')}>
                <Code data-testid="controller-secret" className={listClasses.text}>
                  {secret.secret}
                </Code>
              </Fact>
            </dl>
            <Group justify="flex-end" gap="sm">
              <CopyButton value={secret.secret}>
                {({ copied, copy }) => (
                  <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
                    {t(copied ? 'live.secret.copied' : 'live.secret.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setSecret(null)}>{t('live.secret.done')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}

/** A device's latest values and when they were read (GET /api/locations/:id/live); nothing without a reading. */
export function DeviceLatestValues({
  locationId,
  deviceId,
}: {
  locationId: number;
  deviceId: number;
}) {
  const { t, i18n } = useTranslation();
  const now = useNow(30_000);
  const live = useQuery(locationLiveQueryOptions(locationId));
  const device = live.data?.devices.find((d) => d.id === deviceId);
  const connected =
    device?.controllerId != null &&
    live.data?.controllers.find((c) => c.id === device.controllerId)?.connected === true;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="device-latest">
      <Title order={3} size="h5" mb="sm" id="device-latest">
        {t('live.controller.latest')}
      </Title>
      {live.isError ? (
        <Text size="sm" c="red" role="alert">
          {t('live.load_error')}
        </Text>
      ) : !device || device.time === null ? (
        <Text size="sm" c="dimmed">
          {live.isPending ? t('common.loading') : t('live.devices.no_values')}
        </Text>
      ) : (
        <Stack gap={6}>
          <DeviceValues values={device.values} stale={!connected} />
          <Text size="xs" c="dimmed">
            {t('live.updated', { ago: formatTimeAgo(i18n.language, device.time, now) })}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
