import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../forms/form-alert.tsx';
import { wrappingButtonClassNames } from './wrapping-button.ts';

export interface SubmitFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The submit button's label. */
  submitLabel: string;
  /** Saving: the submit button spins and Cancel is disabled. */
  pending: boolean;
  submitDisabled?: boolean;
  /** The failure of the last try, translated; shown above the fields and describing the form. */
  error?: string | null;
  /** Above the failure (a heading, an explanation). */
  intro?: ReactNode;
  /** A success note after the failure (the last try worked). */
  success?: ReactNode;
  /** Adds Cancel before the submit button (with the `end` layout). */
  onCancel?: () => void;
  /**
   * Where the submit button sits: `end` (default) at the end of a row with Cancel; `start` alone under the
   * fields at its own width; `full` alone across the form (sign-in style screens).
   */
  submitLayout?: 'end' | 'start' | 'full';
  /** A long submit label wraps instead of being cut off at narrow widths. */
  wrapSubmitLabel?: boolean;
  /** The fields. */
  children: ReactNode;
  /** Under the submit button (a link to another screen). */
  footer?: ReactNode;
}

/**
 * A form with its last failure above the fields and the buttons at the end. The browser's own validation is
 * off (the contract's schemas check, with translated messages); the failure alert describes the form, so a
 * screen reader says why the save failed.
 */
export function SubmitForm({
  onSubmit,
  submitLabel,
  pending,
  submitDisabled,
  error,
  intro,
  success,
  onCancel,
  submitLayout = 'end',
  wrapSubmitLabel = false,
  children,
  footer,
}: SubmitFormProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const submit = (
    <Button
      type="submit"
      fullWidth={submitLayout === 'full'}
      loading={pending}
      disabled={submitDisabled}
      {...(wrapSubmitLabel ? { classNames: wrappingButtonClassNames } : {})}
    >
      {submitLabel}
    </Button>
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
      <Stack gap="md">
        {intro}
        {error && (
          <FormAlert kind="error" id={errorId}>
            {error}
          </FormAlert>
        )}
        {success && <FormAlert kind="success">{success}</FormAlert>}
        {children}
        {submitLayout === 'full' && submit}
        {submitLayout === 'start' && <div>{submit}</div>}
        {submitLayout === 'end' && (
          <Group justify="flex-end" gap="sm">
            {onCancel && (
              <Button variant="default" onClick={onCancel} disabled={pending}>
                {t('common.cancel')}
              </Button>
            )}
            {submit}
          </Group>
        )}
        {footer}
      </Stack>
    </form>
  );
}

/**
 * A dialog holding a form with Cancel and the submit button. While it saves, neither Escape, the close button
 * nor Cancel closes it.
 */
export function ModalForm({
  title,
  onClose,
  opened = true,
  ...form
}: Omit<SubmitFormProps, 'onCancel'> & { title: string; onClose: () => void; opened?: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!form.pending) onClose();
      }}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <SubmitForm {...form} onCancel={onClose} />
    </Modal>
  );
}
