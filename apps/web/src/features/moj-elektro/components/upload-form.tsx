import { useState, type FormEvent } from 'react';
import {
  Button,
  FileInput,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import { uploadMeterFile } from '../api/moj-elektro-api.ts';
import { blockMinusKey } from '../model/filters.ts';
import { parseLimits } from '../model/limits.ts';
import classes from './moj-elektro.module.css';

/** At most this much file (the server's body limit is 20 MB; the text travels inside JSON). */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/**
 * The text of a failed upload: the server's field message (the file unreadable or empty, an agreed power refused …)
 * with its params (row, column …), else its message, else the general one.
 */
export function uploadErrorText(
  failure: unknown,
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  if (isApiError(failure)) {
    const key = Object.values(failure.fields)[0];
    if (key) return t(key, { ...failure.params, defaultValue: t('moj_elektro.upload.error') });
  }
  return submitErrorText(failure, t, 'moj_elektro.upload.error');
}

/**
 * A meter file (the portal's JSON answer or its CSV export, or the CLI's CSV) for users without a token: label,
 * connection power, phases, tariffs count and optionally the five agreed powers.
 */
export function UploadForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [label, setLabel] = useState('');
  const [connection, setConnection] = useState('');
  const [phases, setPhases] = useState<'1' | '3'>('3');
  const [tariffs, setTariffs] = useState<'1' | '2'>('2');
  const [agreed, setAgreed] = useState<string[]>(['', '', '', '', '']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const connectionKw = Number(connection.replace(',', '.'));
  const agreedValues = parseLimits(agreed);
  const agreedGiven = agreed.some((a) => a.trim() !== '');
  const agreedOk = !agreedGiven || agreedValues.every((v) => v !== null);
  const tooBig = file !== null && file.size > MAX_UPLOAD_BYTES;
  const ok = file !== null && !tooBig && label.trim() !== '' && connectionKw > 0 && agreedOk;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ok || !file) return;
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      const content = await file.text();
      const result = await uploadMeterFile(queryClient, {
        label: label.trim(),
        fileName: file.name,
        content,
        connectionPowerKw: connectionKw,
        phases: phases === '1' ? 1 : 3,
        tariffsCount: tariffs === '1' ? 1 : 2,
        agreedPowerKw: agreedGiven ? (agreedValues as number[]) : null,
      });
      setDone(t('moj_elektro.upload.done', { intervals: result.imported.intervals }));
      setFile(null);
    } catch (failure) {
      const message = uploadErrorText(failure, t);
      setError(message);
      showToast({ color: 'red', message });
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="sm">
        {error && <FormAlert kind="error">{error}</FormAlert>}
        {done && <FormAlert kind="success">{done}</FormAlert>}
        <FileInput
          label={t('moj_elektro.upload.file')}
          description={t('moj_elektro.upload.file_hint')}
          accept=".json,.csv,application/json,text/csv"
          value={file}
          onChange={setFile}
          clearable
          error={tooBig ? t('moj_elektro.upload.too_big') : undefined}
        />
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <TextInput
            label={t('moj_elektro.upload.label')}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            required
          />
          <TextInput
            label={t('moj_elektro.upload.connection_power')}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            rightSection="kW"
            value={connection}
            onKeyDown={blockMinusKey}
            onChange={(e) => setConnection(e.currentTarget.value)}
            required
          />
          <Select
            label={t('moj_elektro.upload.phases')}
            data={[
              { value: '1', label: t('moj_elektro.upload.phase_1') },
              { value: '3', label: t('moj_elektro.upload.phase_3') },
            ]}
            value={phases}
            onChange={(v) => setPhases(v === '1' ? '1' : '3')}
            allowDeselect={false}
          />
          <Select
            label={t('moj_elektro.upload.tariffs')}
            data={[
              { value: '1', label: t('moj_elektro.upload.tariffs_1') },
              { value: '2', label: t('moj_elektro.upload.tariffs_2') },
            ]}
            value={tariffs}
            onChange={(v) => setTariffs(v === '1' ? '1' : '2')}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Text size="sm" fw={500}>
          {t('moj_elektro.upload.agreed')}
        </Text>
        <Text size="xs" c="dimmed" mt={-8}>
          {t('moj_elektro.upload.agreed_hint')}
        </Text>
        <div className={classes.limits} aria-label={t('moj_elektro.upload.agreed')} role="group">
          {agreed.map((text, i) => (
            <TextInput
              key={`agreed-${i + 1}`}
              label={t('moj_elektro.limits.block', { block: i + 1 })}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              rightSection="kW"
              value={text}
              onKeyDown={blockMinusKey}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setAgreed((all) => all.map((v, j) => (j === i ? value : v)));
              }}
              error={
                agreedGiven && agreedValues[i] === null
                  ? t('moj_elektro.limits.invalid_number')
                  : undefined
              }
            />
          ))}
        </div>
        <Group>
          <Button type="submit" loading={busy} disabled={!ok}>
            {t('moj_elektro.upload.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
