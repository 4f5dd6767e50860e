import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChangePasswordForm as ChangeValues } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { changePassword } from '../api/account-api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

type Field = keyof ChangeValues;
const FIELDS: readonly Field[] = ['currentPassword', 'newPassword', 'newPasswordRepeat'];
const EMPTY: ChangeValues = { currentPassword: '', newPassword: '', newPasswordRepeat: '' };

function loadSchema() {
  return import('@ec/contract').then((contract) => contract.changePasswordFormSchema);
}

/**
 * /user/change-password (spec 001 §5): current, new and repeated password with strength hints. A different repeat
 * reads "New password repeat is not valid." — checked here and by the server. Success clears the form; the
 * server ends the user's other sessions.
 */
export function ChangePasswordForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const errorId = useId();
  const [values, setValues] = useState<ChangeValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => setValues(EMPTY),
    onError: (error) => {
      if (error instanceof ApiError) setErrors(fieldErrorsFromApi(error.fields, FIELDS));
    },
  });

  useEffect(() => {
    loadSchema().catch(() => undefined);
  }, []);

  const labels: Record<Field, string> = {
    currentPassword: t('change_password.current_password'),
    newPassword: t('change_password.new_password'),
    newPasswordRepeat: t('change_password.new_password_repeat'),
  };
  const error = (field: Field) => {
    const e = errors[field];
    return e ? t(e.key, { field: labels[field], ...e.values }) : undefined;
  };
  const update = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await validateForm<ChangeValues, Field>(loadSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      mutation.reset();
      return;
    }
    setErrors({});
    mutation.mutate(result.data);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-describedby={mutation.isError ? errorId : undefined}
    >
      <Stack gap="md">
        {mutation.isError && (
          <FormAlert kind="error" id={errorId}>
            {submitErrorText(mutation.error, t, 'change_password.error')}
          </FormAlert>
        )}
        {mutation.isSuccess && <FormAlert kind="success">{t('change_password.done')}</FormAlert>}
        <PasswordInput
          label={labels.currentPassword}
          name="currentPassword"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={update('currentPassword')}
          error={error('currentPassword')}
        />
        <NewPasswordFields
          names={{ password: 'newPassword', repeat: 'newPasswordRepeat' }}
          labels={{ password: labels.newPassword, repeat: labels.newPasswordRepeat }}
          values={{ password: values.newPassword, repeat: values.newPasswordRepeat }}
          errors={{ password: error('newPassword'), repeat: error('newPasswordRepeat') }}
          onPasswordChange={update('newPassword')}
          onRepeatChange={update('newPasswordRepeat')}
          email={email}
        />
        <div>
          <Button type="submit" loading={mutation.isPending}>
            {t('change_password.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
