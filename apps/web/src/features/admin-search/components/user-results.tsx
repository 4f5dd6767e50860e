import { useState } from 'react';
import { Badge, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserSearchItem } from '@ec/contract';
import { adminRoleLabel, canImpersonate, canManageRole, type Role } from '@ec/domain';
import IconBuilding from '@tabler/icons-react/dist/esm/icons/IconBuilding.mjs';
import IconSpy from '@tabler/icons-react/dist/esm/icons/IconSpy.mjs';
import IconUserCheck from '@tabler/icons-react/dist/esm/icons/IconUserCheck.mjs';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { ActionsMenu } from '../../../shared/ui/actions-menu.tsx';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { IconTrash } from '../../../shared/ui/icons.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { CompanyChoiceModal } from '../../companies/index.ts';
import { changeUserCompany, deleteUser, impersonate, verifyUser } from '../api/search-api.ts';
import { Facts } from './result-list.tsx';
import classes from './search-results.module.css';

/** The signed-in admin, as far as the result actions need them. */
export interface SearchActor {
  id: number;
  role: Role;
}

export interface UserResultProps {
  user: UserSearchItem;
  actor: SearchActor;
  /** The site's product name (the super admin role reads "<product> OEM"). */
  productName: string;
  /** Reloads the page after an impersonation starts (spec 001 §4). */
  reload: () => void;
}

/** Which actions the actor gets on a user; the server checks each again. */
export function userActions(
  actor: SearchActor,
  user: Pick<UserSearchItem, 'id' | 'role' | 'verified'>,
) {
  const manages = canManageRole(actor.role, user.role);
  return {
    verify: !user.verified && manages,
    impersonate: canImpersonate(actor, user),
    // An aggregator may only move users within their own company: nothing to choose.
    changeCompany: actor.role === 'ROLE_SUPER_ADMIN' && manages,
    // Shown for oneself too: the server refuses it with its own message (spec 001 §5), which is shown.
    delete: manages,
  };
}

/** One user found by the admin search, with the admin functions of spec 001 §6. */
export function UserResult({ user, actor, productName, reload }: UserResultProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'company' | 'delete' | null>(null);
  const allowed = userActions(actor, user);
  const role = adminRoleLabel(user.role, productName);

  const verify = useMutation({
    mutationFn: () => verifyUser(queryClient, user.id),
    onSuccess: () =>
      showToast({ color: 'green', message: t('admin_search.verified', { name: user.fullName }) }),
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'admin_search.action_error') }),
  });
  const actAs = useMutation({
    mutationFn: () => impersonate(user.id),
    onSuccess: () => reload(),
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'admin_search.action_error') }),
  });

  return (
    <div className={classes.row}>
      <div className={classes.main}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} className={classes.title}>
            {user.fullName || user.email}
          </Text>
          <Badge color={user.verified ? 'green' : 'yellow'} variant="light">
            {user.verified ? t('admin_search.verified_badge') : t('admin_search.unverified_badge')}
          </Badge>
        </Group>
        <Facts
          items={[
            [t('admin_search.email'), user.email],
            [t('home.role'), role.kind === 'text' ? role.text : t(role.key)],
            [t('admin_search.company'), user.company?.name ?? t('admin_search.no_company')],
            [t('route_titles.locations'), user.locationsCount],
          ]}
        />
      </div>
      <ActionsMenu
        label={t('admin_search.actions')}
        accessibleLabel={t('admin_search.actions_for', { name: user.fullName || user.email })}
        pending={verify.isPending || actAs.isPending}
        actions={[
          {
            label: t('admin_search.verify'),
            icon: IconUserCheck,
            onClick: () => verify.mutate(),
            allowed: allowed.verify,
          },
          {
            label: t('admin_search.impersonate'),
            icon: IconSpy,
            onClick: () => actAs.mutate(),
            allowed: allowed.impersonate,
          },
          {
            label: t('admin_search.change_company'),
            icon: IconBuilding,
            onClick: () => setDialog('company'),
            allowed: allowed.changeCompany,
          },
          {
            label: t('admin_search.delete_user'),
            icon: IconTrash,
            onClick: () => setDialog('delete'),
            allowed: allowed.delete,
            danger: true,
          },
        ]}
      />
      <ChangeCompanyModal
        user={user}
        opened={dialog === 'company'}
        onClose={() => setDialog(null)}
      />
      <DeleteUserModal user={user} opened={dialog === 'delete'} onClose={() => setDialog(null)} />
    </div>
  );
}

function ChangeCompanyModal({
  user,
  opened,
  onClose,
}: {
  user: UserSearchItem;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (id: number) => changeUserCompany(queryClient, user.id, id),
    onSuccess: () => {
      showToast({ color: 'green', message: t('admin_search.company_changed') });
      close();
    },
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'admin_search.action_error') }),
  });
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <CompanyChoiceModal
      opened={opened}
      onClose={close}
      title={t('admin_search.change_company')}
      intro={
        <Text size="sm">
          {t('admin_search.change_company_text', {
            name: user.fullName || user.email,
            company: user.company?.name ?? t('admin_search.no_company'),
          })}
        </Text>
      }
      label={t('admin_search.new_company')}
      currentCompanyId={user.company?.id ?? null}
      pending={save.isPending}
      error={save.isError ? submitErrorText(save.error, t, 'admin_search.action_error') : null}
      onChoose={(id) => save.mutate(id)}
    />
  );
}

function DeleteUserModal({
  user,
  opened,
  onClose,
}: {
  user: UserSearchItem;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteUser(queryClient, user.id),
    onSuccess: () => {
      showToast({ color: 'green', message: t('admin_search.user_deleted', { name }) });
      close();
    },
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'admin_search.delete_error') }),
  });
  const close = () => {
    remove.reset();
    onClose();
  };
  const name = user.fullName || user.email;
  return (
    <ConfirmModal
      opened={opened}
      title={t('admin_search.delete_user')}
      confirmLabel={t('admin_search.delete_submit')}
      onConfirm={() => remove.mutate()}
      onCancel={close}
      loading={remove.isPending}
      error={remove.isError ? submitErrorText(remove.error, t, 'admin_search.delete_error') : null}
    >
      {t('admin_search.delete_confirm', { name, email: user.email })}
    </ConfirmModal>
  );
}
