import { useState, type ChangeEvent, type FormEvent } from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocationStructure, StructureDevice } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { IconTrash } from '../../../shared/ui/icons.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { CategoryLabel, DeviceStatusBadge } from '../../../entities/device/index.ts';
import { locationStructureQueryOptions } from '../../../entities/location/index.ts';
import {
  createDeviceGroup,
  deleteDeviceGroup,
  moveDevices,
  renameDeviceGroup,
} from '../api/locations-api.ts';
import { IconArrowsTransferDown, IconPencil, IconPlus } from '../icons.ts';
import { deviceGroupHref, deviceHref } from '../location-paths.ts';
import { actionErrorText } from './format.ts';
import { useManagedLocation } from './manage-frame.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';
import listClasses from './list.module.css';
import classes from './structure-editor.module.css';

/** The option value of "no group" in the move target (device group ids are positive). */
const NO_GROUP = 'none';
const NAME_MAX = 100;

/** Every device of a structure, grouped ones first. */
export function allDevices(structure: LocationStructure): StructureDevice[] {
  return [...structure.deviceGroups.flatMap((g) => g.devices), ...structure.ungrouped];
}

/** A device group's name as typed: the server's rule (1–100 characters after trimming). */
function nameError(name: string): { key: string; values?: Record<string, number> } | null {
  const trimmed = name.trim();
  if (trimmed === '') return { key: 'validation.required' };
  if (trimmed.length > NAME_MAX) return { key: 'validation.too_long', values: { max: NAME_MAX } };
  return null;
}

/**
 * A device group's name field and its save: the name is checked as the server does, a rule the server still
 * refuses shows under the field, and any failure says so in a toast. `save` gets the trimmed name.
 */
function useGroupNameField({
  initial,
  label,
  save,
  onSaved,
}: {
  initial: string;
  label: string;
  save: (name: string) => Promise<unknown>;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (_, value) => onSaved(value),
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.fields['data.name'] : undefined;
      if (field) setError(t(field, { field: label }));
      showToast({
        color: 'red',
        message: actionErrorText(failure, t, 'location_manage.structure.save_error'),
      });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = nameError(name);
    if (problem) {
      setError(t(problem.key, { field: label, ...problem.values }));
      return;
    }
    mutation.mutate(name.trim());
  };
  return {
    submit,
    pending: mutation.isPending,
    setName,
    input: {
      label,
      required: true,
      value: name,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        setName(event.currentTarget.value);
        setError(null);
      },
      error,
    },
  };
}

function CreateGroupForm({ locationId }: { locationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const field = useGroupNameField({
    initial: '',
    label: t('location_manage.structure.new_group_name'),
    save: (value) => createDeviceGroup(queryClient, locationId, value),
    onSaved: (value) => {
      field.setName('');
      showToast({
        color: 'green',
        message: t('location_manage.structure.created', { name: value }),
      });
    },
  });
  return (
    <form onSubmit={field.submit} noValidate>
      <div className={listClasses.inline}>
        <TextInput name="deviceGroupName" {...field.input} />
        <Button
          type="submit"
          loading={field.pending}
          leftSection={<IconPlus size={18} aria-hidden />}
          className={listClasses.inlineButton}
        >
          {t('location_manage.structure.create_group')}
        </Button>
      </div>
    </form>
  );
}

function RenameGroupModal({
  locationId,
  group,
  onClose,
}: {
  locationId: number;
  group: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const field = useGroupNameField({
    initial: group?.name ?? '',
    label: t('location_manage.structure.group_name'),
    save: (value) => renameDeviceGroup(queryClient, locationId, group?.id ?? 0, value),
    onSaved: (value) => {
      showToast({
        color: 'green',
        message: t('location_manage.structure.renamed', { name: value }),
      });
      onClose();
    },
  });
  return (
    <Modal
      opened={group !== null}
      onClose={() => !field.pending && onClose()}
      title={t('location_manage.structure.rename_title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={field.submit} noValidate>
        <Stack gap="md">
          <TextInput name="name" data-autofocus {...field.input} />
          <div className={listClasses.actions}>
            <Button variant="default" onClick={onClose} disabled={field.pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={field.pending}>
              {t('common.save')}
            </Button>
          </div>
        </Stack>
      </form>
    </Modal>
  );
}

function DeviceRow({
  device,
  base,
  selected,
  onToggle,
}: {
  device: StructureDevice;
  base: string;
  selected: boolean;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation();
  const href = deviceHref(base, device);
  return (
    <li className={classes.deviceRow}>
      <Checkbox
        checked={selected}
        onChange={() => onToggle(device.id)}
        aria-label={t('location_manage.structure.select_device', { name: device.name })}
        mt={2}
      />
      <div className={classes.deviceMain}>
        {href ? (
          <Anchor component={Link} to={href} className={classes.name}>
            {device.name}
          </Anchor>
        ) : (
          <Text className={classes.name}>{device.name}</Text>
        )}
        <div className={classes.deviceMeta}>
          <CategoryLabel category={device.category} />
          <DeviceStatusBadge status={device.status} />
        </div>
      </div>
    </li>
  );
}

/** A group's devices (or the ungrouped ones) with their selection boxes, or a note when there are none. */
function DeviceList({
  devices,
  emptyText,
  base,
  selected,
  onToggle,
}: {
  devices: readonly StructureDevice[];
  emptyText: string;
  base: string;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
}) {
  if (devices.length === 0) {
    return (
      <Text size="sm" c="dimmed" mt="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <ul className={classes.devices}>
      {devices.map((device) => (
        <DeviceRow
          key={device.id}
          device={device}
          base={base}
          selected={selected.has(device.id)}
          onToggle={onToggle}
        />
      ))}
    </ul>
  );
}

/** A list's select-all box: checked when all are selected, mixed when some are. */
function SelectAll({
  ids,
  selected,
  onChange,
  label,
}: {
  ids: number[];
  selected: ReadonlySet<number>;
  onChange: (ids: number[], select: boolean) => void;
  label: string;
}) {
  const count = ids.filter((id) => selected.has(id)).length;
  if (ids.length === 0) return null;
  return (
    <Checkbox
      checked={count === ids.length}
      indeterminate={count > 0 && count < ids.length}
      onChange={() => onChange(ids, count < ids.length)}
      aria-label={label}
    />
  );
}

/**
 * The location's structure (spec 000 §2 manage/structure): device groups — create, rename, delete (asked first;
 * their devices become ungrouped) — and moving devices between groups: pick devices, pick the target group (or
 * none), Move. Devices already in the target answer "already in target group" (spec 001 §5).
 */
export function StructureEditor() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { location, base } = useManagedLocation();
  const query = useQuery(locationStructureQueryOptions(location.id));
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [target, setTarget] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);

  const move = useMutation({
    mutationFn: ({ ids, groupId }: { ids: number[]; groupId: number | null }) =>
      moveDevices(queryClient, location.id, ids, groupId),
    onSuccess: (_, { ids }) => {
      setSelected(new Set());
      showToast({
        color: 'green',
        message: t('location_manage.structure.moved', { count: ids.length }),
      });
    },
    onError: (error) => {
      showToast({
        color: 'red',
        message: actionErrorText(error, t, 'location_manage.structure.move_error'),
      });
    },
  });
  const remove = useMutation({
    mutationFn: (group: { id: number; name: string }) =>
      deleteDeviceGroup(queryClient, location.id, group.id),
    onSuccess: (_, group) => {
      setDeleting(null);
      if (target === String(group.id)) setTarget(null);
      showToast({
        color: 'green',
        message: t('location_manage.structure.deleted', { name: group.name }),
      });
    },
    onError: (error) => {
      setDeleting(null);
      showToast({
        color: 'red',
        message: actionErrorText(error, t, 'location_manage.structure.delete_error'),
      });
    },
  });

  const toggle = (id: number) => {
    move.reset();
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const setMany = (ids: number[], select: boolean) => {
    move.reset();
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (select) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };

  if (query.isPending) return <LoadingState />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const structure = query.data;
  // Devices that left the structure meanwhile (deleted elsewhere) drop out of the selection.
  const present = new Set(allDevices(structure).map((d) => d.id));
  const chosen = [...selected].filter((id) => present.has(id));
  const targetOptions = [
    ...structure.deviceGroups.map((g) => ({ value: String(g.id), label: g.name })),
    { value: NO_GROUP, label: t('location_manage.structure.no_group') },
  ];
  const submitMove = () => {
    if (target === null || chosen.length === 0) return;
    move.mutate({ ids: chosen, groupId: target === NO_GROUP ? null : Number(target) });
  };
  const moveError =
    move.isError && actionErrorText(move.error, t, 'location_manage.structure.move_error');
  const empty = structure.deviceGroups.length === 0 && structure.ungrouped.length === 0;

  return (
    <Stack gap="xl" maw={880}>
      <section aria-labelledby="structure-new-group">
        <Title order={2} size="h4" mb="sm" id="structure-new-group">
          {t('location_manage.structure.new_group')}
        </Title>
        <CreateGroupForm locationId={location.id} />
      </section>

      {empty ? (
        <EmptyState title={t('location_manage.structure.empty')}>
          {t('location_manage.structure.empty_text')}
        </EmptyState>
      ) : (
        <>
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="structure-move">
            <div className={classes.moveBar}>
              <Title order={2} size="h5" id="structure-move">
                {t('location_manage.structure.move_title')}
              </Title>
              <Text size="sm" c="dimmed" role="status">
                {chosen.length === 0
                  ? t('location_manage.structure.select_hint')
                  : t('location_manage.structure.selected', { count: chosen.length })}
              </Text>
              <div className={classes.moveControls}>
                <Select
                  label={t('location_manage.structure.target')}
                  data={targetOptions}
                  value={target}
                  onChange={(value) => {
                    setTarget(value);
                    move.reset();
                  }}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <Button
                  leftSection={<IconArrowsTransferDown size={18} aria-hidden />}
                  onClick={submitMove}
                  loading={move.isPending}
                  disabled={chosen.length === 0 || target === null}
                >
                  {t('location_manage.structure.move')}
                </Button>
                {chosen.length > 0 && (
                  <Button variant="subtle" onClick={() => setSelected(new Set())}>
                    {t('location_manage.structure.clear_selection')}
                  </Button>
                )}
              </div>
              {moveError && <FormAlert kind="error">{moveError}</FormAlert>}
            </div>
          </Paper>

          {structure.deviceGroups.map((group) => {
            const ids = group.devices.map((d) => d.id);
            return (
              <Paper
                key={group.id}
                withBorder
                radius="md"
                p="md"
                component="section"
                aria-label={group.name}
              >
                <div className={classes.groupHeader}>
                  <div className={classes.groupTitle}>
                    <SelectAll
                      ids={ids}
                      selected={selected}
                      onChange={setMany}
                      label={t('location_manage.structure.select_all_in', { name: group.name })}
                    />
                    <div className={listClasses.main}>
                      <Anchor
                        component={Link}
                        to={deviceGroupHref(base, group.id)}
                        fw={600}
                        className={listClasses.text}
                      >
                        {group.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('location_manage.structure.devices_count', {
                          count: group.devices.length,
                        })}
                      </Text>
                    </div>
                  </div>
                  <div className={classes.groupActions}>
                    <Button
                      variant="subtle"
                      size="xs"
                      leftSection={<IconPencil size={16} aria-hidden />}
                      onClick={() => setRenaming({ id: group.id, name: group.name })}
                      aria-label={t('location_manage.structure.rename_named', { name: group.name })}
                    >
                      {t('location_manage.structure.rename')}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => setDeleting({ id: group.id, name: group.name })}
                      aria-label={t('location_manage.structure.delete_named', { name: group.name })}
                    >
                      {t('location_manage.structure.delete')}
                    </Button>
                  </div>
                </div>
                <DeviceList
                  devices={group.devices}
                  emptyText={t('location_manage.structure.group_empty')}
                  base={base}
                  selected={selected}
                  onToggle={toggle}
                />
              </Paper>
            );
          })}

          <Paper
            withBorder
            radius="md"
            p="md"
            component="section"
            aria-label={t('location_manage.structure.ungrouped')}
          >
            <div className={classes.groupTitle}>
              <SelectAll
                ids={structure.ungrouped.map((d) => d.id)}
                selected={selected}
                onChange={setMany}
                label={t('location_manage.structure.select_all_ungrouped')}
              />
              <Text fw={600}>{t('location_manage.structure.ungrouped')}</Text>
            </div>
            <DeviceList
              devices={structure.ungrouped}
              emptyText={t('location_manage.structure.ungrouped_empty')}
              base={base}
              selected={selected}
              onToggle={toggle}
            />
          </Paper>
        </>
      )}

      {renaming && (
        <RenameGroupModal
          key={renaming.id}
          locationId={location.id}
          group={renaming}
          onClose={() => setRenaming(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('location_manage.structure.delete_title')}
        confirmLabel={t('location_manage.structure.delete')}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting && t('location_manage.structure.delete_text', { name: deleting.name })}
      </ConfirmModal>
    </Stack>
  );
}
