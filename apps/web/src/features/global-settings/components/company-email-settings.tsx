import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  CopyButton,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CompanyEmailSettings, MailDnsRecord, MailDnsRecordStatus } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { IconCheck, IconRefresh } from '../../../shared/ui/icons.ts';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { showToast } from '../../../shared/ui/toast.ts';
import { companyEmailSettingsQueryOptions } from '../../../entities/company/index.ts';
import { checkEmailSettings, updateEmailSettings } from '../api/global-settings-api.ts';
import { IconCopy } from '../icons.ts';
import { ErrorState, LoadingState } from './states.tsx';
import classes from './global-settings.module.css';

type SenderField = 'senderName' | 'senderEmail';

/** The colour of a record's check status. */
const STATUS_COLORS: Record<MailDnsRecordStatus, string> = {
  unchecked: 'gray',
  ok: 'green',
  missing: 'yellow',
  mismatch: 'orange',
  error: 'red',
};

/** One text to copy, with its copy button. */
function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.recordValue}>
      <div>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text className={classes.mono}>{value}</Text>
      </div>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip
            label={copied ? t('global_settings.email.copied') : t('global_settings.email.copy')}
          >
            <ActionIcon
              variant="subtle"
              color={copied ? 'green' : 'gray'}
              onClick={copy}
              aria-label={t('global_settings.email.copy_named', { what: label })}
            >
              {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </div>
  );
}

/** A DNS record to publish, with its last check's verdict and what was found. */
function RecordRow({ record }: { record: MailDnsRecord }) {
  const { t } = useTranslation();
  return (
    <li
      className={classes.record}
      aria-label={t('global_settings.email.record_label', { kind: record.kind })}
    >
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text fw={600}>
          {record.kind}{' '}
          <Text span c="dimmed" size="sm">
            ({record.type})
          </Text>
        </Text>
        <Badge color={STATUS_COLORS[record.status]} variant="light">
          {t(`global_settings.email.status.${record.status}`)}
        </Badge>
      </Group>
      <CopyValue label={t('global_settings.email.host')} value={record.host} />
      <CopyValue label={t('global_settings.email.value')} value={record.value} />
      {record.status !== 'ok' && record.status !== 'unchecked' && (
        <Text size="sm" c="dimmed">
          {t(`global_settings.email.status_text.${record.status}`)}
        </Text>
      )}
      {record.found.length > 0 && record.status !== 'ok' && (
        <div>
          <Text size="xs" c="dimmed">
            {t('global_settings.email.found')}
          </Text>
          {record.found.map((value, index) => (
            <Text key={index} className={classes.mono}>
              {value}
            </Text>
          ))}
        </div>
      )}
    </li>
  );
}

function SenderForm({
  companyId,
  settings,
}: {
  companyId: number;
  settings: CompanyEmailSettings;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    senderName: settings.senderName ?? '',
    senderEmail: settings.senderEmail ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<SenderField>>({});
  const save = useMutation({
    mutationFn: (data: { senderName: string | null; senderEmail: string | null }) =>
      updateEmailSettings(queryClient, companyId, data),
    onSuccess: (saved) => {
      setValues({ senderName: saved.senderName ?? '', senderEmail: saved.senderEmail ?? '' });
      showToast({ color: 'green', message: t('global_settings.email.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiError)
        setErrors(fieldErrorsFromApi(error.fields, ['senderName', 'senderEmail']));
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.email.save_error'),
      });
    },
  });
  const label = (field: SenderField) =>
    t(
      field === 'senderName'
        ? 'global_settings.email.sender_name'
        : 'global_settings.email.sender_email',
    );
  const message = (field: SenderField) => {
    const error = errors[field];
    return error ? t(error.key, { field: label(field), ...error.values }) : undefined;
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = {
      senderName: values.senderName.trim() || null,
      senderEmail: values.senderEmail.trim() || null,
    };
    const checked = await validateForm<unknown, SenderField>(
      async () => (await import('@ec/contract')).companyEmailSettingsFormSchema,
      data,
    );
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(data);
  };
  const field = (name: SenderField, type: string) => (
    <TextInput
      name={name}
      type={type}
      label={label(name)}
      value={values[name]}
      onChange={(event) => {
        const value = event.currentTarget.value;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => withoutError(current, name));
      }}
      error={message(name)}
    />
  );
  return (
    <SubmitForm
      onSubmit={(event) => void submit(event)}
      pending={save.isPending}
      error={
        save.isError ? submitErrorText(save.error, t, 'global_settings.email.save_error') : null
      }
      submitLabel={t('common.save')}
    >
      <div className={classes.formGrid}>
        {field('senderName', 'text')}
        {field('senderEmail', 'email')}
      </div>
      <Text size="sm" c="dimmed">
        {t('global_settings.email.sender_hint')}
      </Text>
    </SubmitForm>
  );
}

/**
 * The company's e-mail settings (spec 001 §2 company e-mail settings): sender name and e-mail, the SPF, DKIM and
 * DMARC records to publish with copy buttons, and "check DNS" showing each record's status.
 */
export function CompanyEmailSettingsSection({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(companyEmailSettingsQueryOptions(companyId));
  const check = useMutation({
    mutationFn: () => checkEmailSettings(queryClient, companyId),
    onSuccess: (settings) => {
      const ok = settings.records.every((r) => r.status === 'ok');
      showToast({
        color: ok ? 'green' : 'yellow',
        message: t(ok ? 'global_settings.email.check_ok' : 'global_settings.email.check_problems'),
      });
    },
    onError: (error) =>
      showToast({
        color: 'red',
        message: submitErrorText(error, t, 'global_settings.email.check_error'),
      }),
  });

  let body;
  if (query.isPending) body = <LoadingState />;
  else if (query.isError) {
    body = (
      <ErrorState
        error={query.error}
        onRetry={() => void query.refetch()}
        errorKey="global_settings.email.load_error"
      />
    );
  } else {
    const settings = query.data;
    // The form starts again from the saved values when they change (a new sender resets the records).
    const formKey = `${settings.senderName ?? ''}|${settings.senderEmail ?? ''}`;
    body = (
      <Stack gap="lg">
        <SenderForm key={formKey} companyId={companyId} settings={settings} />
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <div>
              <Title order={3} size="h5">
                {t('global_settings.email.records_title')}
              </Title>
              <Text size="sm" c="dimmed">
                {settings.domain
                  ? t('global_settings.email.records_text', { domain: settings.domain })
                  : t('global_settings.email.no_domain')}
              </Text>
            </div>
            {settings.domain && (
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={check.isPending}
                onClick={() => check.mutate()}
              >
                {t('global_settings.email.check')}
              </Button>
            )}
          </Group>
          {settings.records.length > 0 && (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                {settings.checkedAt
                  ? t('global_settings.email.checked_at', {
                      date: new Intl.DateTimeFormat(i18n.language, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      }).format(new Date(settings.checkedAt)),
                    })
                  : t('global_settings.email.never_checked')}
              </Text>
              <ul className={classes.list} aria-label={t('global_settings.email.records_title')}>
                {settings.records.map((record) => (
                  <RecordRow key={record.kind} record={record} />
                ))}
              </ul>
            </>
          )}
        </Stack>
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="company-email">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="company-email">
            {t('global_settings.email.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('global_settings.email.text')}
          </Text>
        </div>
        {body}
      </Stack>
    </Paper>
  );
}
