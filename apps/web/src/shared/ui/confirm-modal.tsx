import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../forms/form-alert.tsx';

/**
 * Asks before a destructive action. Cancel has the focus first, so Enter on an accidental open does nothing
 * harmful; a failure stays in the dialog (the server's message), so the user sees why.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  loading = false,
  error,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  /** The failure of the last try, translated. */
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onCancel();
      }}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg">
        <Text size="sm" component="div">
          {children}
        </Text>
        {error && <FormAlert kind="error">{error}</FormAlert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
