import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { DeviceCategory } from '@ec/domain';
import type { Device, DeviceForm } from '@ec/contract';
import { DeviceFields } from './device-fields.tsx';
import { ApiError } from '../../../shared/api/errors.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { IconTrash } from '../../../shared/ui/icons.ts';
import { loadedItem } from '../../../shared/ui/states.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import {
  CategoryLabel,
  DeviceStateBadge,
  deviceQueryOptions,
} from '../../../entities/device/index.ts';
import { locationStructureQueryOptions } from '../../../entities/location/index.ts';
import { setDeviceDeleted, updateDevice } from '../api/locations-api.ts';
import { IconRestore } from '../icons.ts';
import { controllerHref, deviceHref } from '../location-paths.ts';
import { DeviceLatestValues } from './controller-live.tsx';
import { Fact } from './controllers-list.tsx';
import { actionErrorText } from './format.ts';
import { NotFoundState } from './states.tsx';
import listClasses from './list.module.css';
import classes from './controllers.module.css';

const NO_GROUP = 'none';
const NAME_MAX = 100;
type Field = 'name' | 'category' | 'deviceGroupId';

function DeviceForm({ device, onSaved }: { device: Device; onSaved: (d: Device) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const structure = useQuery(locationStructureQueryOptions(device.location.id));
  const [name, setName] = useState(device.name);
  const [category, setCategory] = useState<DeviceCategory>(device.category);
  const [group, setGroup] = useState(
    device.deviceGroupId === null ? NO_GROUP : String(device.deviceGroupId),
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const labels: Record<Field, string> = {
    name: t('location_manage.device.name'),
    category: t('location_manage.device.category'),
    deviceGroupId: t('location_manage.device.group'),
  };
  const mutation = useMutation({
    mutationFn: (form: DeviceForm) => updateDevice(queryClient, device.id, form),
    onSuccess: (updated) => {
      showToast({ color: 'green', message: t('location_manage.device.saved') });
      onSaved(updated);
    },
    onError: (failure) => {
      if (failure instanceof ApiError) {
        const found: Partial<Record<Field, string>> = {};
        for (const field of ['name', 'category', 'deviceGroupId'] as const) {
          const key = failure.fields[`data.${field}`];
          if (key) found[field] = t(key, { field: labels[field], max: NAME_MAX });
        }
        setErrors(found);
      }
      showToast({
        color: 'red',
        message: actionErrorText(failure, t, 'location_manage.device.save_error'),
      });
    },
  });
  const groupOptions = [
    { value: NO_GROUP, label: t('location_manage.structure.no_group') },
    ...(structure.data?.deviceGroups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
  ];
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
    mutation.mutate({
      name: trimmed,
      category,
      deviceGroupId: group === NO_GROUP ? null : Number(group),
    });
  };
  const unchanged =
    name.trim() === device.name &&
    category === device.category &&
    group === (device.deviceGroupId === null ? NO_GROUP : String(device.deviceGroupId));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="device-edit">
      <Title order={3} size="h5" mb="sm" id="device-edit">
        {t('location_manage.device.edit_title')}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
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
          />
          <div>
            <Button type="submit" loading={mutation.isPending} disabled={unchanged}>
              {t('common.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Paper>
  );
}

export interface DeviceDetailProps {
  /** The location in the path; a device of another location is not found here. */
  locationId: number;
  /** The location's path prefix. */
  base: string;
  deviceId: number | null;
}

/**
 * A device (spec 000 §2 oem-devices/:id/devices/:deviceId and device-groups/:id/devices/:did): name, category,
 * group, controller and status; with `edit` on its location: change name, category and group, delete (asked
 * first) and restore a deleted one. When the group changes on a group path, the page moves to the device's new
 * path.
 */
export function DeviceDetail({ locationId, base, deviceId }: DeviceDetailProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({ ...deviceQueryOptions(deviceId ?? 0), enabled: deviceId !== null });
  const structure = useQuery(locationStructureQueryOptions(locationId));
  const deleted = useMutation({
    mutationFn: ({ device, remove }: { device: Device; remove: boolean }) =>
      setDeviceDeleted(queryClient, device, remove),
    onSuccess: (_, { device, remove }) => {
      setConfirming(false);
      showToast({
        color: 'green',
        message: t(`location_manage.device.${remove ? 'deleted_toast' : 'restored_toast'}`, {
          name: device.name,
        }),
      });
    },
    onError: (error, { remove }) => {
      setConfirming(false);
      showToast({
        color: 'red',
        message: actionErrorText(
          error,
          t,
          remove ? 'location_manage.device.delete_error' : 'location_manage.device.restore_error',
        ),
      });
    },
  });

  const notFoundKey = 'location_manage.device.not_found';
  if (deviceId === null) return <NotFoundState messageKey={notFoundKey} />;
  const loaded = loadedItem(
    query,
    { notFoundKey, errorKey: 'location_manage.load_error' },
    (item) => item.location.id === locationId,
  );
  if (loaded.fallback) return loaded.fallback;
  const device = loaded.item;
  const groupName =
    device.deviceGroupId === null
      ? t('location_manage.structure.no_group')
      : (structure.data?.deviceGroups.find((g) => g.id === device.deviceGroupId)?.name ?? '…');
  const canEdit = device.permissions.edit;
  const onSaved = (updated: Device) => {
    // On a group path the device's place is part of the URL: follow it to the new group.
    if (/\/device-groups\/\d+\/devices\/\d+$/.test(pathname)) {
      const href = deviceHref(base, updated);
      if (href && updated.deviceGroupId !== device.deviceGroupId)
        void navigate(href, { replace: true });
    }
  };

  return (
    <Stack gap="xl" maw={880}>
      <div>
        <Group gap="sm" align="center">
          <Title order={2} size="h3" className={listClasses.text}>
            {device.name}
          </Title>
          <DeviceStateBadge device={device} />
        </Group>
      </div>
      {device.deletedAt && (
        <Alert color="gray" role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('location_manage.device.deleted_text')}</Text>
            {canEdit && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRestore size={16} aria-hidden />}
                loading={deleted.isPending}
                onClick={() => deleted.mutate({ device, remove: false })}
              >
                {t('location_manage.device.restore')}
              </Button>
            )}
          </Stack>
        </Alert>
      )}
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="device-facts">
        <Title order={3} size="h5" mb="sm" id="device-facts">
          {t('location_manage.device.details')}
        </Title>
        <dl className={classes.facts}>
          <Fact label={t('location_manage.device.category')}>
            <CategoryLabel category={device.category} />
          </Fact>
          <Fact label={t('location_manage.device.group')}>{groupName}</Fact>
          <Fact label={t('location_manage.device.status')}>
            {t(`device_status.${device.status}`)}
          </Fact>
          <Fact label={t('location_manage.device.controller')}>
            {device.controller ? (
              <Anchor component={Link} to={controllerHref(base, device.controller.id)}>
                {device.controller.alias ?? device.controller.serial}
              </Anchor>
            ) : (
              t('location_manage.not_set')
            )}
          </Fact>
          {device.manufacturer && (
            <Fact label={t('location_manage.device.manufacturer')}>{device.manufacturer}</Fact>
          )}
          {device.model && <Fact label={t('location_manage.device.model')}>{device.model}</Fact>}
        </dl>
      </Paper>
      {!device.deletedAt && <DeviceLatestValues locationId={locationId} deviceId={device.id} />}
      {canEdit && !device.deletedAt && (
        <>
          <DeviceForm key={device.id} device={device} onSaved={onSaved} />
          <div>
            <Button
              color="red"
              variant="outline"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setConfirming(true)}
            >
              {t('location_manage.device.delete')}
            </Button>
          </div>
        </>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('location_manage.device.delete_title')}
        confirmLabel={t('location_manage.device.delete')}
        loading={deleted.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => deleted.mutate({ device, remove: true })}
      >
        {t('location_manage.device.delete_text', { name: device.name })}
      </ConfirmModal>
    </Stack>
  );
}
