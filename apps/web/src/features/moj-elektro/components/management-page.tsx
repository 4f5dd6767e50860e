import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { ConfirmModal } from '../../../shared/ui/confirm-modal.tsx';
import { IconTrash } from '../../../shared/ui/icons.ts';
import { EmptyState, LoadingState } from '../../../shared/ui/states.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import {
  addCredential,
  addDevice,
  credentialsQueryOptions,
  deleteCredential,
  devicesQueryOptions,
  isImporting,
  refreshDevice,
  removeDeviceToken,
} from '../api/moj-elektro-api.ts';
import type { AbstractDevice, ExternalCredential } from '../model/types.ts';
import { UploadForm } from './upload-form.tsx';
import classes from './moj-elektro.module.css';

/** The text of a failed add: the field's own message (the portal refused the token, the EIMM is unknown …) when
 * the server named one, else its message, else `fallback`. */
function addErrorText(
  failure: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
  fields: string[],
  fallback: string,
): string {
  if (isApiError(failure)) {
    const key = fields.map((f) => failure.fields[f]).find((k) => k !== undefined);
    if (key) return t(key, { defaultValue: t(fallback) });
  }
  return submitErrorText(failure, t, fallback);
}

type Pending =
  | { kind: 'token'; credential: ExternalCredential }
  | { kind: 'device-token'; device: AbstractDevice; tokenId: number; token: string };

/** The token form (spec 001 §5: non-empty after trimming). */
function AddTokenForm({ onAdded }: { onAdded: (credential: ExternalCredential) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      const credential = await addCredential(queryClient, token);
      setToken('');
      showToast({ color: 'green', message: t('moj_elektro.tokens.added') });
      onAdded(credential);
    } catch (failure) {
      const message = addErrorText(failure, t, ['data.token'], 'moj_elektro.tokens.error_adding');
      setError(message);
      showToast({ color: 'red', message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="xs">
        {error && <FormAlert kind="error">{error}</FormAlert>}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('moj_elektro.tokens.token')}
            description={t('moj_elektro.tokens.token_hint')}
            value={token}
            onChange={(e) => setToken(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '1 1 16rem' }}
          />
          <Button type="submit" loading={busy} disabled={token.trim() === ''}>
            {t('moj_elektro.tokens.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The device form: an EIMM and a selected token (spec 001 §5). */
function AddDeviceForm({
  credentials,
  tokenId,
  onTokenChange,
}: {
  credentials: ExternalCredential[];
  tokenId: number | null;
  onTokenChange: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [eimm, setEimm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ok = eimm.trim() !== '' && tokenId !== null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ok) return;
    setBusy(true);
    setError(null);
    try {
      await addDevice(queryClient, eimm, tokenId);
      setEimm('');
      showToast({ color: 'green', message: t('moj_elektro.devices.added') });
    } catch (failure) {
      const message = addErrorText(
        failure,
        t,
        ['data.eimm', 'data.token_id'],
        'moj_elektro.devices.error_adding',
      );
      setError(message);
      showToast({ color: 'red', message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="xs">
        {error && <FormAlert kind="error">{error}</FormAlert>}
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('moj_elektro.devices.eimm')}
            description={t('moj_elektro.devices.eimm_hint')}
            value={eimm}
            onChange={(e) => setEimm(e.currentTarget.value)}
            autoComplete="off"
            style={{ flex: '1 1 12rem' }}
          />
          <Select
            label={t('moj_elektro.devices.token')}
            data={credentials.map((c) => ({ value: String(c.id), label: c.token }))}
            value={tokenId === null ? null : String(tokenId)}
            onChange={(id) => onTokenChange(id === null ? null : Number(id))}
            placeholder={t('moj_elektro.devices.token_placeholder')}
            allowDeselect={false}
            style={{ flex: '1 1 12rem' }}
          />
          <Button type="submit" loading={busy} disabled={!ok}>
            {t('moj_elektro.devices.add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A device's import: status, a progress bar while it runs, "refresh now". */
function ImportStatus({ device }: { device: AbstractDevice }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { status, monthsDone, monthsTotal, error, lastImportAt } = device.import;
  const pct = monthsTotal > 0 ? Math.round((monthsDone / monthsTotal) * 100) : 0;
  const color = status === 'FAILED' ? 'red' : status === 'DONE' ? 'green' : 'blue';
  const refresh = async () => {
    setBusy(true);
    try {
      await refreshDevice(queryClient, device.id);
    } catch (failure) {
      showToast({
        color: 'red',
        message: submitErrorText(failure, t, 'moj_elektro.devices.error_refreshing'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4} miw={180}>
      <Group gap="xs" wrap="nowrap">
        <Badge color={color} variant="light" tt="none" data-testid="me-import-status">
          {t(`moj_elektro.import.${status.toLowerCase()}`)}
        </Badge>
        {isImporting(device) && monthsTotal > 0 && (
          <Text size="xs" c="dimmed">
            {t('moj_elektro.import.months', { done: monthsDone, total: monthsTotal })}
          </Text>
        )}
      </Group>
      {isImporting(device) && (
        <Progress
          value={pct}
          animated
          aria-label={t('moj_elektro.import.progress_label', { eimm: device.eimm })}
        />
      )}
      {error && (
        <Text size="xs" c="red">
          {t(error, { defaultValue: t('moj_elektro.import.failed') })}
        </Text>
      )}
      {lastImportAt && (
        <Text size="xs" c="dimmed">
          {t('moj_elektro.import.last', {
            at: new Date(lastImportAt).toLocaleString(i18n.language),
          })}
        </Text>
      )}
      {device.source === 'PORTAL' && (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => void refresh()}
          loading={busy}
          disabled={isImporting(device)}
          w="fit-content"
        >
          {t('moj_elektro.import.refresh')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Token and device manager (spec 001 §3/§5): tokens added (a new one becomes selected), listed masked and deleted
 * with their devices; devices added by EIMM with a token, listed with their tokens (a token removed from a device
 * takes the device when it was its last), their import's progress polled; a meter file upload without a token.
 */
export function ManagementPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const credentials = useQuery(credentialsQueryOptions());
  const devices = useQuery(devicesQueryOptions());
  const [selectedToken, setSelectedToken] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const list = credentials.data ?? [];
  const tokenId =
    selectedToken !== null && list.some((c) => c.id === selectedToken)
      ? selectedToken
      : (list[0]?.id ?? null);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setConfirmError(null);
    try {
      if (pending.kind === 'token') await deleteCredential(queryClient, pending.credential.id);
      else await removeDeviceToken(queryClient, pending.device.id, pending.tokenId);
      showToast({
        color: 'green',
        message: t(
          pending.kind === 'token'
            ? 'moj_elektro.tokens.deleted'
            : 'moj_elektro.devices.token_removed',
        ),
      });
      setPending(null);
    } catch (failure) {
      setConfirmError(
        submitErrorText(
          failure,
          t,
          pending.kind === 'token'
            ? 'moj_elektro.tokens.error_deleting'
            : 'moj_elektro.devices.error_deleting',
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg">
      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="me-tokens">
        <Stack gap="sm">
          <Title order={2} size="h4" id="me-tokens">
            {t('moj_elektro.tokens.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('moj_elektro.tokens.intro')}
          </Text>
          <AddTokenForm onAdded={(credential) => setSelectedToken(credential.id)} />
          {credentials.isPending ? (
            <LoadingState />
          ) : credentials.isError ? (
            <FormAlert kind="error">{t('moj_elektro.tokens.error_fetching')}</FormAlert>
          ) : list.length === 0 ? (
            <EmptyState title={t('moj_elektro.tokens.empty')} />
          ) : (
            <Table.ScrollContainer minWidth={320}>
              <Table aria-labelledby="me-tokens">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('moj_elektro.tokens.token')}</Table.Th>
                    <Table.Th ta="right">{t('moj_elektro.tokens.devices')}</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>{t('moj_elektro.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((credential) => (
                    <Table.Tr
                      key={credential.id}
                      data-selected={credential.id === tokenId || undefined}
                    >
                      <Table.Td ff="monospace">
                        {credential.token}
                        {credential.id === tokenId && (
                          <Badge ml="xs" size="xs" variant="light" tt="none">
                            {t('moj_elektro.tokens.selected')}
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{credential.deviceCount}</Table.Td>
                      <Table.Td ta="right">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('moj_elektro.tokens.delete_label', {
                            token: credential.token,
                          })}
                          onClick={() => {
                            setConfirmError(null);
                            setPending({ kind: 'token', credential });
                          }}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>

      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="me-devices">
        <Stack gap="sm">
          <Title order={2} size="h4" id="me-devices">
            {t('moj_elektro.devices.title')}
          </Title>
          {list.length > 0 ? (
            <AddDeviceForm credentials={list} tokenId={tokenId} onTokenChange={setSelectedToken} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('moj_elektro.devices.need_token')}
            </Text>
          )}
          {devices.isPending ? (
            <LoadingState />
          ) : devices.isError ? (
            <FormAlert kind="error">{t('moj_elektro.devices.error_fetching')}</FormAlert>
          ) : devices.data.length === 0 ? (
            <EmptyState title={t('moj_elektro.devices.empty')} />
          ) : (
            <ul className={classes.deviceList} aria-labelledby="me-devices">
              {devices.data.map((device) => (
                <li key={device.id} data-eimm={device.eimm} className={classes.deviceItem}>
                  <div>
                    <Text fw={600}>{device.eimm}</Text>
                    {device.label && (
                      <Text size="sm" c="dimmed">
                        {device.label}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {device.source === 'UPLOAD'
                        ? t('moj_elektro.devices.source_upload')
                        : t('moj_elektro.devices.tariffs', {
                            tariffs: device.tariffsCount ?? 2,
                          })}
                    </Text>
                  </div>
                  <div>
                    <Text size="xs" c="dimmed" mb={4}>
                      {t('moj_elektro.devices.tokens')}
                    </Text>
                    <Group gap={4}>
                      {device.credentials.map((c) => (
                        <Badge
                          key={c.token_id}
                          variant="outline"
                          tt="none"
                          ff="monospace"
                          rightSection={
                            <ActionIcon
                              size="xs"
                              variant="transparent"
                              color="red"
                              aria-label={t('moj_elektro.devices.remove_token_label', {
                                token: c.token,
                                eimm: device.eimm,
                              })}
                              onClick={() => {
                                setConfirmError(null);
                                setPending({
                                  kind: 'device-token',
                                  device,
                                  tokenId: c.token_id,
                                  token: c.token,
                                });
                              }}
                            >
                              <IconTrash size={12} aria-hidden />
                            </ActionIcon>
                          }
                        >
                          {c.token}
                        </Badge>
                      ))}
                    </Group>
                  </div>
                  <div>
                    <Text size="xs" c="dimmed" mb={4}>
                      {t('moj_elektro.devices.import')}
                    </Text>
                    <ImportStatus device={device} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Stack>
      </Paper>

      <Paper component="section" withBorder radius="md" p="md" aria-labelledby="me-upload">
        <Stack gap="sm">
          <Title order={2} size="h4" id="me-upload">
            {t('moj_elektro.upload.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('moj_elektro.upload.intro')}
          </Text>
          <UploadForm />
        </Stack>
      </Paper>

      <ConfirmModal
        opened={pending !== null}
        title={
          pending?.kind === 'token'
            ? t('moj_elektro.tokens.delete_title')
            : t('moj_elektro.devices.remove_token_title')
        }
        confirmLabel={
          pending?.kind === 'token' ? t('moj_elektro.delete') : t('moj_elektro.devices.remove')
        }
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        loading={busy}
        error={confirmError}
      >
        {pending?.kind === 'token'
          ? t('moj_elektro.tokens.delete_text', {
              token: pending.credential.token,
              devices: pending.credential.deviceCount,
            })
          : pending
            ? pending.device.credentials.length <= 1
              ? t('moj_elektro.devices.remove_last_text', {
                  token: pending.token,
                  eimm: pending.device.eimm,
                })
              : t('moj_elektro.devices.remove_text', {
                  token: pending.token,
                  eimm: pending.device.eimm,
                })
            : null}
      </ConfirmModal>
    </Stack>
  );
}
