import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Menu,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LocationGroup } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { IconChevronDown, IconDots, IconTrash } from '../../../shared/ui/icons.ts';
import { ModalForm } from '../../../shared/ui/submit-form.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { companyQueryOptions } from '../../../entities/company/index.ts';
import { companyLocationGroupsQueryOptions } from '../../../entities/location-group/index.ts';
import { companyMenuQueryOptions } from '../../../entities/menu/index.ts';
import { createGroup, deleteGroup, moveGroup, renameGroup } from '../api/global-settings-api.ts';
import {
  isDeletable,
  locationsByGroup,
  moveTargets,
  orderTree,
  type GroupLocation,
  type TreeGroup,
} from '../group-tree.ts';
import {
  IconArrowsMove,
  IconChevronRight,
  IconFolder,
  IconFolderPlus,
  IconMapPin,
  IconPencil,
} from '../icons.ts';
import { locationPath } from '../paths.ts';
import { EmptyState, ErrorState, LoadingState, NotFoundState } from './states.tsx';
import classes from './global-settings.module.css';

/** Longest group name (the contract's rule). */
const NAME_MAX = 100;

type Dialog =
  | { kind: 'create'; parent: LocationGroup }
  | { kind: 'rename'; group: LocationGroup }
  | { kind: 'move'; group: LocationGroup }
  | { kind: 'delete'; group: LocationGroup }
  | null;

/** The text of a failed group action: the server's rule message (org.*) or the fallback. */
function failureText(
  error: unknown,
  t: (key: string, o?: Record<string, unknown>) => string,
  fallback: string,
) {
  return submitErrorText(error, t, fallback);
}

/** Create a group under a parent, or rename one: a name field (required, at most 100 characters). */
function GroupNameModal({
  dialog,
  companyId,
  tree,
  onClose,
}: {
  dialog: Extract<Dialog, { kind: 'create' | 'rename' }>;
  companyId: number;
  tree: readonly TreeGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const creating = dialog.kind === 'create';
  const [name, setName] = useState(creating ? '' : dialog.group.name);
  const [parentId, setParentId] = useState<string | null>(
    creating ? String(dialog.parent.id) : null,
  );
  const [fieldError, setFieldError] = useState<string | null>(null);
  const label = t('global_settings.groups.name');
  const save = useMutation({
    mutationFn: (value: string) =>
      creating
        ? createGroup(queryClient, companyId, Number(parentId), value)
        : renameGroup(queryClient, companyId, dialog.group.id, value),
    onSuccess: (group) => {
      showToast({
        color: 'green',
        message: t(creating ? 'global_settings.groups.created' : 'global_settings.groups.renamed', {
          name: group.name,
        }),
      });
      onClose();
    },
    onError: (error) => {
      const field = error instanceof ApiError ? error.fields['data.name'] : undefined;
      if (field) setFieldError(t(field, { field: label, max: NAME_MAX }));
      showToast({
        color: 'red',
        message: failureText(error, t, 'global_settings.groups.save_error'),
      });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = name.trim();
    if (value === '') setFieldError(t('validation.required', { field: label }));
    else if (value.length > NAME_MAX)
      setFieldError(t('validation.too_long', { field: label, max: NAME_MAX }));
    else save.mutate(value);
  };
  return (
    <ModalForm
      title={t(
        creating ? 'global_settings.groups.create_title' : 'global_settings.groups.rename_title',
      )}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      error={save.isError ? failureText(save.error, t, 'global_settings.groups.save_error') : null}
      submitLabel={t(creating ? 'global_settings.groups.create_submit' : 'common.save')}
    >
      {creating && (
        <Select
          label={t('global_settings.groups.parent')}
          data={tree.map((g) => ({ value: String(g.group.id), label: g.path.join(' › ') }))}
          value={parentId}
          onChange={(value) => value && setParentId(value)}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <TextInput
        label={label}
        required
        data-autofocus
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setFieldError(null);
        }}
        error={fieldError}
      />
    </ModalForm>
  );
}

/** Move a group below another group of the company: the picker offers only allowed targets. */
function MoveGroupModal({
  group,
  companyId,
  tree,
  onClose,
}: {
  group: LocationGroup;
  companyId: number;
  tree: readonly TreeGroup[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const targets = useMemo(() => moveTargets(tree, group), [tree, group]);
  const [target, setTarget] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const label = t('global_settings.groups.move_target');
  const move = useMutation({
    mutationFn: (parentId: number) => moveGroup(queryClient, companyId, group.id, parentId),
    onSuccess: () => {
      showToast({
        color: 'green',
        message: t('global_settings.groups.moved', { name: group.name }),
      });
      onClose();
    },
    onError: (error) =>
      showToast({
        color: 'red',
        message: failureText(error, t, 'global_settings.groups.move_error'),
      }),
  });
  return (
    <ModalForm
      title={t('global_settings.groups.move_title', { name: group.name })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (target === null) setMissing(true);
        else move.mutate(Number(target));
      }}
      pending={move.isPending}
      error={move.isError ? failureText(move.error, t, 'global_settings.groups.move_error') : null}
      submitLabel={t('global_settings.groups.move_submit')}
      submitDisabled={targets.length === 0}
    >
      {targets.length === 0 ? (
        <Text size="sm">{t('global_settings.groups.no_targets')}</Text>
      ) : (
        <Select
          label={label}
          description={t('global_settings.groups.move_hint')}
          required
          data-autofocus
          data={targets.map((g) => ({ value: String(g.group.id), label: g.path.join(' › ') }))}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setMissing(false);
          }}
          searchable
          error={missing ? t('validation.required', { field: label }) : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    </ModalForm>
  );
}

function DeleteGroupModal({
  group,
  companyId,
  onClose,
}: {
  group: LocationGroup;
  companyId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteGroup(queryClient, companyId, group.id),
    onSuccess: () => {
      showToast({
        color: 'green',
        message: t('global_settings.groups.deleted', { name: group.name }),
      });
      onClose();
    },
    onError: (error) =>
      showToast({
        color: 'red',
        message: failureText(error, t, 'global_settings.groups.delete_error'),
      }),
  });
  return (
    <ConfirmModal
      opened
      title={t('global_settings.groups.delete_title')}
      confirmLabel={t('global_settings.groups.delete_submit')}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
      loading={remove.isPending}
      error={
        remove.isError ? failureText(remove.error, t, 'global_settings.groups.delete_error') : null
      }
    >
      {t('global_settings.groups.delete_text', { name: group.name })}
    </ConfirmModal>
  );
}

/** One group of the tree: name, counts, its locations (opened on demand) and the actions. */
function GroupRow({
  item,
  companyId,
  locations,
  locationsState,
  onAction,
}: {
  item: TreeGroup;
  companyId: number;
  locations: GroupLocation[];
  locationsState: 'pending' | 'error' | 'ready';
  onAction: (dialog: Dialog) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { group, depth } = item;
  const root = group.parentId === null;
  const listId = useId();
  const sorted = useMemo(
    () => [...locations].sort((a, b) => a.name.localeCompare(b.name, i18n.language)),
    [locations, i18n.language],
  );
  return (
    <li
      className={classes.treeRow}
      style={{ '--depth': depth } as React.CSSProperties}
      aria-label={group.name}
    >
      <div className={classes.row}>
        <div className={classes.rowMain}>
          <Group gap="xs" wrap="nowrap" align="center">
            <IconFolder size={18} aria-hidden />
            <Text fw={600} className={classes.text}>
              {group.name}
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {[
              t('global_settings.groups.groups_count', { count: group.childrenCount }),
              t('global_settings.groups.locations_count', { count: group.locationsCount }),
              ...(root ? [t('global_settings.groups.root')] : []),
            ].join(' · ')}
          </Text>
          {group.locationsCount > 0 && (
            <UnstyledButton
              onClick={() => setOpen((o) => !o)}
              aria-expanded={open}
              aria-controls={listId}
              mt={4}
            >
              <Group gap={4}>
                {open ? (
                  <IconChevronDown size={14} aria-hidden />
                ) : (
                  <IconChevronRight size={14} aria-hidden />
                )}
                <Text size="sm" c="blue">
                  {t(
                    open
                      ? 'global_settings.groups.hide_locations'
                      : 'global_settings.groups.show_locations',
                    {
                      count: group.locationsCount,
                    },
                  )}
                </Text>
              </Group>
            </UnstyledButton>
          )}
          {open && (
            <ul className={classes.groupLocations} id={listId}>
              {locationsState === 'pending' && (
                <li>
                  <Text size="sm" c="dimmed">
                    {t('common.loading')}
                  </Text>
                </li>
              )}
              {locationsState === 'error' && (
                <li>
                  <Text size="sm" c="red">
                    {t('global_settings.groups.locations_error')}
                  </Text>
                </li>
              )}
              {locationsState === 'ready' &&
                sorted.map((location) => (
                  <li key={location.id}>
                    <Group gap={6} wrap="nowrap">
                      <IconMapPin size={14} aria-hidden />
                      <Anchor
                        component={Link}
                        to={locationPath(companyId, group.id, location.id)}
                        size="sm"
                        className={classes.text}
                      >
                        {location.name}
                      </Anchor>
                    </Group>
                  </li>
                ))}
            </ul>
          )}
        </div>
        <div className={classes.actions}>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFolderPlus size={14} aria-hidden />}
            onClick={() => onAction({ kind: 'create', parent: group })}
            aria-label={t('global_settings.groups.add_subgroup_named', { name: group.name })}
          >
            {t('global_settings.groups.add_subgroup')}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('global_settings.groups.actions_for', { name: group.name })}
              >
                <IconDots size={16} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => onAction({ kind: 'rename', group })}
              >
                {t('global_settings.groups.rename')}
              </Menu.Item>
              {!root && (
                <Menu.Item
                  leftSection={<IconArrowsMove size={16} aria-hidden />}
                  onClick={() => onAction({ kind: 'move', group })}
                >
                  {t('global_settings.groups.move')}
                </Menu.Item>
              )}
              {!root && (
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  disabled={!isDeletable(group)}
                  onClick={() => onAction({ kind: 'delete', group })}
                >
                  {isDeletable(group)
                    ? t('global_settings.groups.delete')
                    : t('global_settings.groups.delete_not_empty')}
                </Menu.Item>
              )}
            </Menu.Dropdown>
          </Menu>
        </div>
      </div>
    </li>
  );
}

/**
 * A company's location groups (spec 000 §2 settings/global companies/:id/location-groups; spec 001 §5): the group
 * tree with each group's locations, and create, rename, move (target picker) and delete (only when empty, after
 * confirmation). Failed actions show the server's rule message.
 */
export function LocationGroups({ companyId }: { companyId: number | null }) {
  const { t, i18n } = useTranslation();
  const enabled = companyId !== null;
  const id = companyId ?? 0;
  const company = useQuery({ ...companyQueryOptions(id), enabled });
  const groups = useQuery({ ...companyLocationGroupsQueryOptions(id), enabled });
  const structure = useQuery({ ...companyMenuQueryOptions(id), enabled });
  const [dialog, setDialog] = useState<Dialog>(null);
  const tree = useMemo(
    () => orderTree(groups.data ?? [], i18n.language),
    [groups.data, i18n.language],
  );
  const rootGroupId = company.data?.rootGroup.id;
  const byGroup = useMemo(
    () =>
      structure.data && rootGroupId !== undefined
        ? locationsByGroup(structure.data, rootGroupId)
        : new Map<number, GroupLocation[]>(),
    [structure.data, rootGroupId],
  );

  if (companyId === null) return <NotFoundState />;
  const failed = company.error ?? groups.error;
  if (failed) {
    return (
      <ErrorState
        error={failed}
        onRetry={() => {
          void company.refetch();
          void groups.refetch();
        }}
        errorKey="global_settings.groups.load_error"
      />
    );
  }
  if (!company.data || !groups.data) return <LoadingState />;
  const root = tree.find((g) => g.group.parentId === null)?.group ?? tree[0]?.group;
  const locationsState = structure.isPending ? 'pending' : structure.isError ? 'error' : 'ready';

  return (
    <Stack className={classes.page}>
      <div className={classes.toolbar}>
        <div>
          <Text size="sm" c="dimmed">
            {company.data.name}
          </Text>
          <Title order={1} className={classes.title}>
            {t('route_titles.locations_and_groups')}
          </Title>
        </div>
        {root && (
          <Button
            leftSection={<IconFolderPlus size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'create', parent: root })}
          >
            {t('global_settings.groups.create')}
          </Button>
        )}
      </div>
      {tree.length === 0 ? (
        <EmptyState title={t('global_settings.groups.empty')} />
      ) : (
        <ul className={classes.tree} aria-label={t('global_settings.groups.tree_label')}>
          {tree.map((item) => (
            <GroupRow
              key={item.group.id}
              item={item}
              companyId={companyId}
              locations={byGroup.get(item.group.id) ?? []}
              locationsState={locationsState}
              onAction={setDialog}
            />
          ))}
        </ul>
      )}
      {(dialog?.kind === 'create' || dialog?.kind === 'rename') && (
        <GroupNameModal
          dialog={dialog}
          companyId={companyId}
          tree={tree}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveGroupModal
          group={dialog.group}
          companyId={companyId}
          tree={tree}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteGroupModal
          group={dialog.group}
          companyId={companyId}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}
