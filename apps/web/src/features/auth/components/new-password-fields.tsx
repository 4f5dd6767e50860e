import { useId, type ChangeEventHandler } from 'react';
import { PasswordInput } from '@mantine/core';
import { PasswordHints } from './password-hints.tsx';

/** One password field's props: form name, label, value, change handler and error. */
export interface PasswordFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error?: string | undefined;
}

export interface NewPasswordFieldsProps {
  password: PasswordFieldProps;
  repeat: PasswordFieldProps;
  /** The account's e-mail for the "not your e-mail" hint; undefined when only the server knows it. */
  email?: string | null | undefined;
}

/**
 * A new password with its live strength hints, and the repeat field: the same pair in registration, password
 * reset and password change.
 */
export function NewPasswordFields({ password, repeat, email }: NewPasswordFieldsProps) {
  const hintsId = useId();
  return (
    <>
      <div>
        <PasswordInput
          autoComplete="new-password"
          required
          {...password}
          aria-describedby={hintsId}
        />
        <PasswordHints id={hintsId} password={password.value} email={email} />
      </div>
      <PasswordInput autoComplete="new-password" required {...repeat} />
    </>
  );
}
