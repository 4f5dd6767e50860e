import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../forms/form-alert.tsx';

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
  /** Adds Cancel before the submit button. */
  onCancel?: () => void;
  /** The fields. */
  children: ReactNode;
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
  onCancel,
  children,
}: SubmitFormProps) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
      <Stack gap="md">
        {intro}
        {error && (
          <FormAlert kind="error" id={errorId}>
            {error}
          </FormAlert>
        )}
        {children}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" loading={pending} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </Group>
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
