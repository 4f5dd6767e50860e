import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { IconTrash } from '../../../shared/ui/icons.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { pricingErrorText } from '../model/errors.ts';

/**
 * Asks before deleting a config or price list and deletes it. A refusal stays in the dialog with the server's own
 * message (409: the active list, a config referenced by lists — spec 001 §7) and as a red toast; success shows
 * `pricing_plans.delete_success`.
 */
export function DeleteDialog({
  opened,
  title,
  children,
  onDelete,
  onClose,
  onDeleted,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  onDelete: () => Promise<void>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const mutation = useMutation({
    mutationFn: onDelete,
    onSuccess: () => {
      showToast({ color: 'green', message: t('pricing_plans.delete_success') });
      onDeleted();
    },
    onError: (error) => {
      showToast({
        color: 'red',
        message: pricingErrorText(error, t, 'pricing_plans.delete_error'),
      });
    },
  });
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={t('pricing_plans.delete')}
      loading={mutation.isPending}
      error={
        mutation.isError ? pricingErrorText(mutation.error, t, 'pricing_plans.delete_error') : null
      }
      onCancel={() => {
        mutation.reset();
        onClose();
      }}
      onConfirm={() => mutation.mutate()}
    >
      {children}
    </ConfirmModal>
  );
}

/**
 * The red "Delete" button that opens {@link DeleteDialog}: small with the item's name for screen readers in a list
 * (`name`), the normal size on a detail page.
 */
export function DeleteButton({ name, onClick }: { name?: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      color="red"
      size={name === undefined ? 'sm' : 'xs'}
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={onClick}
      aria-label={name === undefined ? undefined : t('pricing_plans.delete_named', { name })}
    >
      {t('pricing_plans.delete')}
    </Button>
  );
}
