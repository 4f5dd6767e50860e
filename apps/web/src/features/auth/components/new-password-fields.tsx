import { useId, type ChangeEventHandler } from 'react';
import { PasswordInput } from '@mantine/core';
import { PasswordHints } from './password-hints.tsx';

export interface NewPasswordFieldsProps {
  /** Form field names of the new password and its repeat. */
  names: { password: string; repeat: string };
  labels: { password: string; repeat: string };
  values: { password: string; repeat: string };
  errors: { password?: string | undefined; repeat?: string | undefined };
  onPasswordChange: ChangeEventHandler<HTMLInputElement>;
  onRepeatChange: ChangeEventHandler<HTMLInputElement>;
  /** The account's e-mail for the "not your e-mail" hint; undefined when only the server knows it. */
  email?: string | null | undefined;
}

/**
 * A new password with its live strength hints, and the repeat field: the same pair in registration, password
 * reset and password change.
 */
export function NewPasswordFields({
  names,
  labels,
  values,
  errors,
  onPasswordChange,
  onRepeatChange,
  email,
}: NewPasswordFieldsProps) {
  const hintsId = useId();
  return (
    <>
      <div>
        <PasswordInput
          label={labels.password}
          name={names.password}
          autoComplete="new-password"
          required
          value={values.password}
          onChange={onPasswordChange}
          error={errors.password}
          aria-describedby={hintsId}
        />
        <PasswordHints id={hintsId} password={values.password} email={email} />
      </div>
      <PasswordInput
        label={labels.repeat}
        name={names.repeat}
        autoComplete="new-password"
        required
        value={values.repeat}
        onChange={onRepeatChange}
        error={errors.repeat}
      />
    </>
  );
}
