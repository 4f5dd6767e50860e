import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '../ui/icons.ts';

/** A form's outcome above its fields: an error (announced at once) or a success note. */
export function FormAlert({
  kind,
  id,
  title,
  children,
}: {
  kind: 'error' | 'success';
  id?: string;
  title?: string;
  children: ReactNode;
}) {
  const error = kind === 'error';
  return (
    <Alert
      id={id}
      color={error ? 'red' : 'green'}
      variant="light"
      title={title}
      icon={
        error ? <IconAlertTriangle size={18} aria-hidden /> : <IconCheck size={18} aria-hidden />
      }
      role={error ? 'alert' : 'status'}
    >
      {children}
    </Alert>
  );
}
