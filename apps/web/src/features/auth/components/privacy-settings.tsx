import { useId, useState, type FormEvent } from 'react';
import { Button, Group, Modal, PasswordInput, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { fieldErrorsFromApi } from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { IconDownload, IconTrash } from '../../../shared/ui/icons.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { deleteAccount, exportUserData, updateUser } from '../api/account-api.ts';

/** The marketing opt-in as a switch (the banner's question, answerable again at any time). */
export function MarketingConsentSwitch({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (marketingConsent: boolean) => updateUser(queryClient, { marketingConsent }),
    onSuccess: () => showToast({ color: 'green', message: t('user_settings.saved') }),
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'user_settings.save_error') }),
  });
  const checked = save.isPending ? save.variables : user.marketingConsent === true;
  return (
    <Switch
      checked={checked}
      disabled={save.isPending || user.impersonation !== null}
      onChange={(event) => save.mutate(event.currentTarget.checked)}
      label={t('privacy_settings.marketing_label')}
      description={
        user.impersonation !== null
          ? t('privacy_settings.own_choice_only')
          : t('privacy_settings.marketing_description')
      }
    />
  );
}

/** The file name of the data export: `<platform>-my-data-<date>.json`. */
export function exportFileName(platformName: string, date: Date): string {
  const slug = platformName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'account'}-my-data-${date.toISOString().slice(0, 10)}.json`;
}

/** Downloads everything stored about the user (GET /api/auth/user/export) as a JSON file. */
export function DataExportButton({ platformName }: { platformName: string }) {
  const { t } = useTranslation();
  const download = useMutation({
    mutationFn: exportUserData,
    onSuccess: (data) => {
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(platformName, new Date());
      document.body.append(link);
      link.click();
      link.remove();
      // After the click has been handled; revoking at once can cancel the download in some browsers.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
    onError: (error) =>
      showToast({ color: 'red', message: submitErrorText(error, t, 'errors.INTERNAL') }),
  });
  return (
    <div>
      <Button
        variant="default"
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={download.isPending}
        onClick={() => download.mutate()}
      >
        {t('privacy_settings.download')}
      </Button>
    </div>
  );
}

/**
 * Deleting the account, confirmed with the password in a modal. A super admin cannot delete their own account
 * (spec 001 §5) and is told why instead; so is an administrator acting as someone else.
 */
export function DeleteAccountSection({
  user,
  onDeleted,
}: {
  user: AuthUser;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (user.role === 'ROLE_SUPER_ADMIN') {
    return (
      <Text size="sm" c="dimmed" data-testid="delete-not-allowed">
        {t('privacy_settings.delete_super_admin')}
      </Text>
    );
  }
  if (user.impersonation !== null) {
    return (
      <Text size="sm" c="dimmed">
        {t('privacy_settings.own_choice_only')}
      </Text>
    );
  }
  return (
    <>
      <div>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => setOpened(true)}
        >
          {t('privacy_settings.delete')}
        </Button>
      </div>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('privacy_settings.delete_title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        {opened && <DeleteAccountForm onCancel={() => setOpened(false)} onDeleted={onDeleted} />}
      </Modal>
    </>
  );
}

function DeleteAccountForm({
  onCancel,
  onDeleted,
}: {
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const errorId = useId();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: onDeleted,
    onError: (error) => {
      const key =
        error instanceof ApiError
          ? fieldErrorsFromApi(error.fields, ['password']).password?.key
          : undefined;
      setFieldError(key ?? null);
    },
  });
  const label = t('login.password');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password === '') {
      remove.reset();
      setFieldError('validation.required');
      return;
    }
    setFieldError(null);
    remove.mutate(password);
  }

  return (
    <form onSubmit={submit} noValidate aria-describedby={remove.isError ? errorId : undefined}>
      <Stack gap="md">
        <Text size="sm">{t('privacy_settings.delete_warning')}</Text>
        {remove.isError && fieldError === null && (
          <FormAlert kind="error" id={errorId}>
            {submitErrorText(remove.error, t, 'errors.INTERNAL')}
          </FormAlert>
        )}
        <PasswordInput
          label={label}
          name="password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={fieldError ? t(fieldError, { field: label }) : undefined}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={remove.isPending}>
            {t('privacy_settings.delete_confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
