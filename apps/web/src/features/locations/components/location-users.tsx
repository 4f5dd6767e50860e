import { useEffect, useState, type FormEvent } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LocationInvitation, LocationInviteForm, LocationUser } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { validateForm, type FieldError } from '../../../shared/forms/form-errors.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { IconTrash } from '../../../shared/ui/icons.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { wrappingButtonClassNames } from '../../../shared/ui/wrapping-button.ts';
import { locationUsersQueryOptions } from '../../../entities/location/index.ts';
import { changeInvitation, inviteToLocation, removeLocationUser } from '../api/locations-api.ts';
import { IconMailForward, IconUserPlus } from '../icons.ts';
import { actionErrorText, formatDateTime, type Translate } from './format.ts';
import { useManagedLocation } from './manage-frame.tsx';
import { EmptyState, ErrorState, LoadingState } from './states.tsx';
import classes from './list.module.css';

function loadInviteSchema() {
  return import('@ec/contract').then((contract) => contract.locationInviteFormSchema);
}

/** The text of a failed invite or resend (spec 001 §8 invite messages). */
export function inviteErrorText(error: unknown, t: Translate): string {
  // The server could not hand the mail over: MAIL_SEND_FAILED (the invitation was not kept, or a resent one was
  // left as it was), or the mail service is down altogether.
  if (error instanceof ApiError && (error.code === 'MAIL_SEND_FAILED' || error.status === 503))
    return t('location_invite.email_error');
  return actionErrorText(error, t, 'location_invite.general_error');
}

const STATUS_COLORS: Record<LocationInvitation['status'], string> = {
  pending: 'blue',
  confirmed: 'green',
  expired: 'gray',
  revoked: 'red',
};

function RightsBadges({ user }: { user: LocationUser }) {
  const { t } = useTranslation();
  return (
    <Group gap={6}>
      {user.owner && (
        <Badge color="grape" variant="light">
          {t('location_manage.users.owner')}
        </Badge>
      )}
      {(['view', 'edit', 'manage'] as const)
        .filter((action) => user.actions[action])
        .map((action) => (
          <Badge key={action} variant="outline" color="gray">
            {t(`location_manage.users.rights.${action}`)}
          </Badge>
        ))}
      {user.viaGroup && (
        <Badge variant="light" color="gray">
          {t('location_manage.users.via_group')}
        </Badge>
      )}
    </Group>
  );
}

/** The invite form: an e-mail address, checked like the server checks it. */
function InviteForm({ locationId }: { locationId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<FieldError | null>(null);
  const mutation = useMutation({
    mutationFn: (form: LocationInviteForm) => inviteToLocation(queryClient, locationId, form.email),
    onSuccess: (invitation) => {
      setEmail('');
      setError(null);
      showToast({
        color: 'green',
        message: t('location_manage.users.invited', { email: invitation.email }),
      });
    },
    onError: (failure) => {
      const field = failure instanceof ApiError ? failure.fields['data.email'] : undefined;
      // The address's own problems (invalid, already has access, already invited) stay on the field.
      if (field) setError({ key: field });
      else if (failure instanceof ApiError && failure.status === 409)
        setError({ key: failure.message });
      showToast({ color: 'red', message: inviteErrorText(failure, t) });
    },
  });

  useEffect(() => {
    loadInviteSchema().catch(() => undefined);
  }, []);

  const label = t('location_manage.users.email');
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = await validateForm<LocationInviteForm, 'email'>(loadInviteSchema, {
      email: email.trim(),
    });
    if (!result.ok) {
      setError(result.errors.email ?? null);
      return;
    }
    mutation.mutate(result.data);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <div className={classes.inline}>
        <TextInput
          label={label}
          name="email"
          type="email"
          autoComplete="off"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setError(null);
          }}
          error={error ? t(error.key, { field: label, ...error.values }) : undefined}
        />
        <Button
          type="submit"
          loading={mutation.isPending}
          leftSection={<IconUserPlus size={18} aria-hidden />}
          className={classes.inlineButton}
        >
          {t('location_manage.users.invite')}
        </Button>
      </div>
    </form>
  );
}

type Pending =
  | { kind: 'remove'; user: LocationUser }
  | { kind: 'revoke'; invitation: LocationInvitation }
  | null;

/**
 * Location users (spec 000 §2 manage/users): who has access and with which rights, invitations by e-mail with
 * their states (pending, confirmed, expired, revoked), resend and revoke, and removing a user's access. Inviting
 * and removing need `manage` on the location; without it the lists are read-only.
 */
export function LocationUsers() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { location } = useManagedLocation();
  const canManage = location.permissions.manage;
  const query = useQuery(locationUsersQueryOptions(location.id));
  const [pending, setPending] = useState<Pending>(null);

  const remove = useMutation({
    mutationFn: (user: LocationUser) => removeLocationUser(queryClient, location.id, user.id),
    onSuccess: (_, user) => {
      setPending(null);
      showToast({
        color: 'green',
        message: t('location_manage.users.removed', { name: user.fullName }),
      });
    },
    onError: (error) => {
      setPending(null);
      showToast({
        color: 'red',
        message: actionErrorText(error, t, 'location_invite.delete_failed'),
      });
    },
  });
  const change = useMutation({
    mutationFn: ({
      invitation,
      kind,
    }: {
      invitation: LocationInvitation;
      kind: 'resend' | 'revoke';
    }) => changeInvitation(queryClient, location.id, invitation.id, kind),
    onSuccess: (invitation, { kind }) => {
      setPending(null);
      showToast({
        color: 'green',
        message: t(`location_manage.users.${kind === 'resend' ? 'resent' : 'revoked'}`, {
          email: invitation.email,
        }),
      });
    },
    onError: (error, { kind }) => {
      setPending(null);
      showToast({
        color: 'red',
        message:
          kind === 'resend'
            ? inviteErrorText(error, t)
            : actionErrorText(error, t, 'location_invite.delete_failed'),
      });
    },
  });

  const date = (iso: string) => formatDateTime(iso, i18n.language);
  const busyInvitation = change.isPending ? change.variables.invitation.id : null;

  return (
    <Stack gap="xl" maw={880}>
      <section aria-labelledby="location-users">
        <Title order={2} size="h4" mb="sm" id="location-users">
          {t('location_manage.users.title')}
        </Title>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.users.length === 0 ? (
          <EmptyState title={t('location_manage.users.empty')} />
        ) : (
          <ul className={classes.list}>
            {query.data.users.map((user) => (
              <Paper component="li" key={user.id} withBorder radius="md" p="sm">
                <div className={classes.row}>
                  <div className={classes.main}>
                    <Text fw={600} className={classes.text}>
                      {user.fullName}
                    </Text>
                    <Text size="sm" c="dimmed" className={classes.text}>
                      {user.email}
                    </Text>
                    <RightsBadges user={user} />
                  </div>
                  {canManage && !user.owner && (
                    <div className={classes.actions}>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={16} aria-hidden />}
                        onClick={() => setPending({ kind: 'remove', user })}
                        aria-label={t('location_manage.users.remove_named', {
                          name: user.fullName,
                        })}
                      >
                        {t('location_manage.users.remove')}
                      </Button>
                    </div>
                  )}
                </div>
              </Paper>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="location-invite">
        <Title order={2} size="h4" mb={4} id="location-invite">
          {t('location_manage.users.invite_title')}
        </Title>
        {canManage ? (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('location_manage.users.invite_text')}
            </Text>
            <InviteForm locationId={location.id} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('location_manage.users.manage_needed')}
          </Text>
        )}
      </section>

      <section aria-labelledby="location-invitations">
        <Title order={2} size="h4" mb="sm" id="location-invitations">
          {t('location_manage.users.invitations_title')}
        </Title>
        {query.isPending ? (
          <LoadingState />
        ) : query.isError ? null : query.data.invitations.length === 0 ? (
          <EmptyState title={t('location_manage.users.invitations_empty')} />
        ) : (
          <ul className={classes.list}>
            {query.data.invitations.map((invitation) => {
              const open = invitation.status === 'pending' || invitation.status === 'expired';
              return (
                <Paper component="li" key={invitation.id} withBorder radius="md" p="sm">
                  <div className={classes.row}>
                    <div className={classes.main}>
                      <Group gap="xs">
                        <Text fw={600} className={classes.text}>
                          {invitation.email}
                        </Text>
                        <Badge color={STATUS_COLORS[invitation.status]} variant="light">
                          {t(`location_manage.users.status.${invitation.status}`)}
                        </Badge>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t('location_manage.users.sent_at', {
                          date: date(invitation.lastSentAt ?? invitation.createdAt),
                        })}
                        {open &&
                          ` · ${t(`location_manage.users.${invitation.status === 'expired' ? 'expired_at' : 'expires_at'}`, { date: date(invitation.expiresAt) })}`}
                      </Text>
                    </div>
                    {canManage && open && (
                      <div className={classes.actions}>
                        <Button
                          variant="light"
                          size="xs"
                          leftSection={<IconMailForward size={16} aria-hidden />}
                          loading={
                            busyInvitation === invitation.id && change.variables?.kind === 'resend'
                          }
                          disabled={busyInvitation !== null}
                          onClick={() => change.mutate({ invitation, kind: 'resend' })}
                          aria-label={t('location_manage.users.resend_named', {
                            email: invitation.email,
                          })}
                          classNames={wrappingButtonClassNames}
                        >
                          {t('location_manage.users.resend')}
                        </Button>
                        {invitation.status === 'pending' && (
                          <Button
                            variant="subtle"
                            color="red"
                            size="xs"
                            disabled={busyInvitation !== null}
                            onClick={() => setPending({ kind: 'revoke', invitation })}
                            aria-label={t('location_manage.users.revoke_named', {
                              email: invitation.email,
                            })}
                          >
                            {t('location_manage.users.revoke')}
                          </Button>
                        )}
                      </div>
                    )}
                  </div>
                </Paper>
              );
            })}
          </ul>
        )}
      </section>

      <ConfirmModal
        opened={pending?.kind === 'remove'}
        title={t('location_manage.users.remove_title')}
        confirmLabel={t('location_manage.users.remove')}
        loading={remove.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => pending?.kind === 'remove' && remove.mutate(pending.user)}
      >
        {pending?.kind === 'remove' &&
          t('location_manage.users.remove_text', {
            name: pending.user.fullName,
            location: location.name,
          })}
      </ConfirmModal>
      <ConfirmModal
        opened={pending?.kind === 'revoke'}
        title={t('location_manage.users.revoke_title')}
        confirmLabel={t('location_manage.users.revoke')}
        loading={change.isPending && change.variables.kind === 'revoke'}
        onCancel={() => setPending(null)}
        onConfirm={() =>
          pending?.kind === 'revoke' &&
          change.mutate({ invitation: pending.invitation, kind: 'revoke' })
        }
      >
        {pending?.kind === 'revoke' &&
          t('location_manage.users.revoke_text', { email: pending.invitation.email })}
      </ConfirmModal>
    </Stack>
  );
}
