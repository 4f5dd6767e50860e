import { Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { ApiError } from '../../../shared/api/errors.ts';
import { refreshMenu } from '../../../entities/menu/index.ts';
import { IconAlertTriangle, IconCheck } from '../../../shared/ui/icons.ts';
import type { ConfirmationRequest } from '../confirmation-params.ts';

/**
 * Validates the confirmation once (a query: React may mount twice, the invitation is accepted once) and shows the
 * outcome: success names the added location, failure shows location_invite.error (or, while an administrator acts
 * as the user, that accepting is the user's own step). An invalid request (a non-numeric id) fails without
 * calling the server. Continue (or closing) goes to / without the parameters.
 * An accepted invitation adds a location: the sidebar and `onAccepted` (the user's permissions) are refreshed, so
 * the tree shows it at once and the landing behind Continue sees it.
 */
export function ConfirmationModal({
  request,
  onAccepted,
}: {
  request: ConfirmationRequest;
  onAccepted?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const validation = useQuery({
    queryKey: [
      'confirmation',
      request.valid ? request.action : null,
      request.valid ? request.id : null,
    ],
    queryFn: async () => {
      if (!request.valid) throw new Error('invalid confirmation request');
      const answer = await api(routes.security.validateConfirmation, {
        body: { data: { id: request.id, action: request.action } },
      });
      await Promise.all([refreshMenu(queryClient), onAccepted?.()]);
      return answer;
    },
    enabled: request.valid,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

  const failed = !request.valid || validation.isError;
  // The server refuses to accept an invitation on the user's behalf while an administrator acts as them.
  const failure =
    validation.error instanceof ApiError &&
    validation.error.message === 'impersonation.not_while_impersonating'
      ? 'impersonation.not_while_impersonating'
      : 'location_invite.error';
  const location = validation.data?.location;
  const done = () => void navigate('/', { replace: true });

  return (
    <Modal
      opened
      onClose={done}
      title={t('location_invite.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
      zIndex={400}
    >
      <Stack gap="lg">
        {failed ? (
          <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="confirmation-failure">
            <IconAlertTriangle
              size={22}
              aria-hidden
              color="var(--ec-danger, currentColor)"
              style={{ flex: 'none' }}
            />
            <Text role="alert">{t(failure)}</Text>
          </Group>
        ) : location ? (
          <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="confirmation-success">
            <IconCheck
              size={22}
              aria-hidden
              color="var(--ec-success, currentColor)"
              style={{ flex: 'none' }}
            />
            <Text role="status">{t('location_invite.success', { location: location.name })}</Text>
          </Group>
        ) : (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>{t('location_invite.checking')}</Text>
          </Group>
        )}
        <Group justify="flex-end">
          <Button onClick={done} disabled={!failed && !location}>
            {t('common.continue')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
