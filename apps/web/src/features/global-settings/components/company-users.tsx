import { useMemo, useState, type FormEvent } from 'react';
import { Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser, CreateUserForm } from '@ec/contract';
import {
  adminRoleLabel,
  assignableRolesFor,
  canChangeRole,
  LOCALES,
  type Locale,
  type Role,
} from '@ec/domain';
import { ApiError } from '../../../shared/api/errors.ts';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { ActionsMenu } from '../../../shared/ui/actions-menu.tsx';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { IconTrash } from '../../../shared/ui/icons.ts';
import { ModalForm } from '../../../shared/ui/submit-form.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { CompanyChoiceModal } from '../../companies/index.ts';
import { companyQueryOptions } from '../../../entities/company/index.ts';
import { companyUsersQueryOptions } from '../../../entities/user/index.ts';
import {
  changeUserCompany,
  createUser,
  deleteUser,
  updateUser,
  verifyUser,
} from '../api/global-settings-api.ts';
import { IconBuilding, IconPencil, IconUserCheck, IconUserPlus } from '../icons.ts';
import { CompanyListPage } from './company-list-page.tsx';
import classes from './global-settings.module.css';

/** The signed-in admin, as far as user management needs them. */
export interface UsersActor {
  id: number;
  role: Role;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** How a role reads on this site ("<product> OEM" for the super admin). */
function roleText(role: Role, productName: string, t: Translate): string {
  const label = adminRoleLabel(role, productName);
  return label.kind === 'text' ? label.text : t(label.key, { productName });
}

/**
 * The roles the edit form offers: the target's current role, then every role the actor may give this user
 * (domain canChangeRole: never oneself, only assignable roles, only for users whose role the actor manages).
 */
export function roleChoices(actor: UsersActor, target: Pick<AdminUser, 'id' | 'role'>): Role[] {
  const allowed = assignableRolesFor(actor.role).filter((role) =>
    canChangeRole(actor, target, role),
  );
  return allowed.includes(target.role as never) ? allowed : [target.role, ...allowed];
}

type NameField = 'firstName' | 'lastName';
type CreateField = NameField | 'email' | 'role' | 'locale';

function NameInputs({
  values,
  errors,
  onChange,
}: {
  values: Record<NameField, string>;
  errors: FieldErrors<CreateField>;
  onChange: (field: NameField, value: string) => void;
}) {
  const { t } = useTranslation();
  const input = (field: NameField) => {
    const label = t(`global_settings.users.${field === 'firstName' ? 'first_name' : 'last_name'}`);
    const error = errors[field];
    return (
      <TextInput
        name={field}
        label={label}
        required
        value={values[field]}
        onChange={(event) => onChange(field, event.currentTarget.value)}
        error={error ? t(error.key, { field: label, ...error.values }) : undefined}
      />
    );
  };
  return (
    <>
      {input('firstName')}
      {input('lastName')}
    </>
  );
}

/** New user in the company: the user gets a mail to choose a password (POST /api/users). */
function CreateUserModal({
  companyId,
  companyName,
  actor,
  productName,
  onClose,
}: {
  companyId: number;
  companyName: string;
  actor: UsersActor;
  productName: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const roles = assignableRolesFor(actor.role);
  const [values, setValues] = useState({
    email: '',
    firstName: '',
    lastName: '',
    role: (roles.includes('ROLE_USER_BASIC')
      ? 'ROLE_USER_BASIC'
      : (roles[0] ?? 'ROLE_USER')) as Role,
    locale: ((LOCALES as readonly string[]).includes(i18n.language)
      ? i18n.language
      : 'en') as Locale,
  });
  const [errors, setErrors] = useState<FieldErrors<CreateField>>({});
  const save = useMutation({
    mutationFn: (data: CreateUserForm) => createUser(queryClient, data),
    onSuccess: ({ user, welcomeMailSent }) => {
      showToast(
        welcomeMailSent
          ? { color: 'green', message: t('global_settings.users.created', { email: user.email }) }
          : {
              color: 'yellow',
              message: t('global_settings.users.created_mail_failed', { email: user.email }),
            },
      );
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setErrors(
          fieldErrorsFromApi(error.fields, ['email', 'firstName', 'lastName', 'role', 'locale']),
        );
      }
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.users.create_error'),
      });
    },
  });
  const set = (field: CreateField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };
  const languageNames = useMemo(
    () => new Intl.DisplayNames([i18n.language], { type: 'language' }),
    [i18n.language],
  );
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = {
      email: values.email.trim(),
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      role: values.role,
      locale: values.locale,
      companyId,
    };
    const checked = await validateForm<CreateUserForm, CreateField>(
      async () => (await import('@ec/contract')).createUserFormSchema,
      data,
    );
    if (!checked.ok) setErrors(checked.errors);
    else save.mutate(checked.data);
  };
  const emailError = errors.email;
  const emailLabel = t('global_settings.users.email');
  return (
    <ModalForm
      title={t('global_settings.users.create_title')}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      pending={save.isPending}
      error={
        save.isError ? submitErrorText(save.error, t, 'global_settings.users.create_error') : null
      }
      intro={
        <Text size="sm">{t('global_settings.users.create_text', { company: companyName })}</Text>
      }
      submitLabel={t('global_settings.users.create_submit')}
    >
      <TextInput
        name="email"
        type="email"
        label={emailLabel}
        required
        data-autofocus
        value={values.email}
        onChange={(event) => set('email', event.currentTarget.value)}
        error={
          emailError ? t(emailError.key, { field: emailLabel, ...emailError.values }) : undefined
        }
      />
      <NameInputs values={values} errors={errors} onChange={set} />
      <Select
        name="role"
        label={t('global_settings.users.role')}
        required
        data={roles.map((role) => ({ value: role, label: roleText(role, productName, t) }))}
        value={values.role}
        onChange={(value) => value && set('role', value)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        name="locale"
        label={t('common.language')}
        required
        data={LOCALES.map((locale) => ({
          value: locale,
          label: languageNames.of(locale) ?? locale,
        }))}
        value={values.locale}
        onChange={(value) => value && set('locale', value)}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
    </ModalForm>
  );
}

/** Names and role of a user (PUT /api/users/:id); the role only within what the actor may manage. */
function EditUserModal({
  user,
  actor,
  productName,
  onClose,
}: {
  user: AdminUser;
  actor: UsersActor;
  productName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as Role,
  });
  const [errors, setErrors] = useState<FieldErrors<CreateField>>({});
  const choices = roleChoices(actor, user);
  const mayChangeRole = user.actions.changeRole && choices.length > 1;
  const save = useMutation({
    mutationFn: () =>
      updateUser(queryClient, user.id, {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        role: values.role,
      }),
    onSuccess: (saved) => {
      showToast({
        color: 'green',
        message: t('global_settings.users.saved', { name: saved.fullName }),
      });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError)
        setErrors(fieldErrorsFromApi(error.fields, ['firstName', 'lastName', 'role']));
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.users.save_error'),
      });
    },
  });
  const set = (field: CreateField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = await validateForm<unknown, NameField | 'role'>(
      async () => (await import('@ec/contract')).updateAdminUserFormSchema,
      { firstName: values.firstName.trim(), lastName: values.lastName.trim(), role: values.role },
    );
    if (!checked.ok) setErrors(checked.errors);
    else save.mutate();
  };
  return (
    <ModalForm
      title={t('global_settings.users.edit_title', { name: user.fullName || user.email })}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      pending={save.isPending}
      error={
        save.isError ? submitErrorText(save.error, t, 'global_settings.users.save_error') : null
      }
      submitLabel={t('common.save')}
    >
      <NameInputs values={values} errors={errors} onChange={set} />
      <Select
        name="role"
        label={t('global_settings.users.role')}
        description={mayChangeRole ? undefined : t('global_settings.users.role_locked')}
        data={choices.map((role) => ({ value: role, label: roleText(role, productName, t) }))}
        value={values.role}
        onChange={(value) => value && set('role', value)}
        allowDeselect={false}
        disabled={!mayChangeRole}
        comboboxProps={{ withinPortal: true }}
      />
    </ModalForm>
  );
}

/** Move a user to another company (super admins; POST /api/users/:id/company). */
function ChangeCompanyModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (id: number) => changeUserCompany(queryClient, user.id, id),
    onSuccess: (saved) => {
      showToast({
        color: 'green',
        message: t('global_settings.users.company_changed', {
          name: saved.fullName,
          company: saved.company?.name ?? '',
        }),
      });
      onClose();
    },
    onError: (error) =>
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.users.action_error'),
      }),
  });
  return (
    <CompanyChoiceModal
      title={t('global_settings.users.change_company_title', { name: user.fullName || user.email })}
      label={t('global_settings.users.new_company')}
      currentCompanyId={user.company?.id ?? null}
      onClose={onClose}
      pending={save.isPending}
      error={
        save.isError ? submitErrorText(save.error, t, 'global_settings.users.action_error') : null
      }
      onChoose={(id) => save.mutate(id)}
    />
  );
}

type Dialog = { kind: 'edit' | 'company' | 'delete'; user: AdminUser } | { kind: 'create' } | null;

function UserRow({
  user,
  productName,
  onAction,
}: {
  user: AdminUser;
  productName: string;
  onAction: (dialog: Dialog) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = user.fullName || user.email;
  const verify = useMutation({
    mutationFn: () => verifyUser(queryClient, user.id),
    onSuccess: () =>
      showToast({ color: 'green', message: t('global_settings.users.verified', { name }) }),
    onError: (error) =>
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.users.action_error'),
      }),
  });
  const { actions } = user;
  return (
    <li className={classes.row} aria-label={name}>
      <div className={classes.rowMain}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} className={classes.text}>
            {name}
          </Text>
          <Badge variant="light" color="blue">
            {roleText(user.role, productName, t)}
          </Badge>
          <Badge variant="light" color={user.verified ? 'green' : 'yellow'}>
            {t(
              user.verified
                ? 'global_settings.users.verified_badge'
                : 'global_settings.users.unverified_badge',
            )}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" className={classes.text}>
          {user.email}
        </Text>
      </div>
      <ActionsMenu
        label={t('global_settings.users.actions')}
        accessibleLabel={t('global_settings.users.actions_for', { name })}
        pending={verify.isPending}
        actions={[
          {
            label: t('global_settings.users.edit'),
            icon: IconPencil,
            onClick: () => onAction({ kind: 'edit', user }),
            allowed: actions.edit || actions.changeRole,
          },
          {
            label: t('global_settings.users.verify'),
            icon: IconUserCheck,
            onClick: () => verify.mutate(),
            allowed: actions.verify,
          },
          {
            label: t('global_settings.users.change_company'),
            icon: IconBuilding,
            onClick: () => onAction({ kind: 'company', user }),
            allowed: actions.changeCompany,
          },
          {
            label: t('global_settings.users.delete'),
            icon: IconTrash,
            onClick: () => onAction({ kind: 'delete', user }),
            allowed: actions.delete,
            danger: true,
          },
        ]}
      />
    </li>
  );
}

function DeleteUserModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const name = user.fullName || user.email;
  const remove = useMutation({
    mutationFn: () => deleteUser(queryClient, user.id),
    onSuccess: () => {
      showToast({ color: 'green', message: t('global_settings.users.deleted', { name }) });
      onClose();
    },
    onError: (error) =>
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.users.delete_error'),
      }),
  });
  return (
    <ConfirmModal
      opened
      title={t('global_settings.users.delete_title')}
      confirmLabel={t('global_settings.users.delete_submit')}
      onConfirm={() => remove.mutate()}
      onCancel={onClose}
      loading={remove.isPending}
      error={
        remove.isError
          ? submitErrorText(remove.error, t, 'global_settings.users.delete_error')
          : null
      }
    >
      {t('global_settings.users.delete_text', { name, email: user.email })}
    </ConfirmModal>
  );
}

/**
 * A company's users (spec 000 §2 settings/global companies/:id/users, spec 001 §6): search by name or e-mail,
 * create (a mail lets the user choose a password), edit names and role within what the actor may manage, verify,
 * change company and delete after confirmation. The server's `actions` say what is allowed; it checks again.
 */
export function CompanyUsers({
  companyId,
  actor,
  productName,
}: {
  companyId: number | null;
  actor: UsersActor;
  productName: string;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  // The company the page shows (the same cached query): a new user is created in it.
  const company = useQuery({ ...companyQueryOptions(companyId ?? 0), enabled: companyId !== null });
  const close = () => setDialog(null);
  return (
    <CompanyListPage
      companyId={companyId}
      title={t('route_titles.users')}
      keys="global_settings.users"
      listQuery={companyUsersQueryOptions}
      renderRow={(user) => (
        <UserRow key={user.id} user={user} productName={productName} onAction={setDialog} />
      )}
      action={
        assignableRolesFor(actor.role).length > 0 && (
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setDialog({ kind: 'create' })}
            disabled={!company.data}
          >
            {t('global_settings.users.create')}
          </Button>
        )
      }
    >
      {dialog?.kind === 'create' && company.data && (
        <CreateUserModal
          companyId={company.data.id}
          companyName={company.data.name}
          actor={actor}
          productName={productName}
          onClose={close}
        />
      )}
      {dialog?.kind === 'edit' && (
        <EditUserModal user={dialog.user} actor={actor} productName={productName} onClose={close} />
      )}
      {dialog?.kind === 'company' && <ChangeCompanyModal user={dialog.user} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteUserModal user={dialog.user} onClose={close} />}
    </CompanyListPage>
  );
}
