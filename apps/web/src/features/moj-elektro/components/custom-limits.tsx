import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { blockMinusKey } from '../model/filters.ts';
import { limitBounds, limitsOrNull, validateLimits } from '../model/limits.ts';
import type { ConsumerInfo } from '../model/types.ts';
import { useFormats } from '../model/format.ts';
import classes from './moj-elektro.module.css';

export type Limits = [number, number, number, number, number];

/**
 * The custom-power-limits toggle and its five inputs (spec 001 §4), checked like the engine: P1 ≤ … ≤ P5, each at
 * least the minimum power of the valid record and at most the connection power. "Apply" hands over the five
 * values; field errors of the server (`data.customPowerLimits.<i>`) show at their input.
 */
export function CustomLimits({
  enabled,
  onToggle,
  consumerInfo,
  initial,
  serverErrors,
  onApply,
  busy = false,
}: {
  enabled: boolean;
  onToggle: (on: boolean) => void;
  consumerInfo: ConsumerInfo | null;
  initial: number[] | null;
  serverErrors: (string | null)[];
  onApply: (limits: Limits) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const f = useFormats();
  const [texts, setTexts] = useState<string[]>(() =>
    Array.from({ length: 5 }, (_, i) => (initial?.[i] !== undefined ? String(initial[i]) : '')),
  );
  const [tried, setTried] = useState(false);
  const bounds = limitBounds(consumerInfo);
  const errors = validateLimits(texts, bounds);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const limits = limitsOrNull(texts, bounds);
    if (limits) onApply(limits);
  };
  return (
    <Stack gap="sm">
      <Switch
        checked={enabled}
        onChange={(e) => onToggle(e.currentTarget.checked)}
        label={t('moj_elektro.limits.toggle')}
      />
      {enabled && (
        <form onSubmit={submit} noValidate aria-label={t('moj_elektro.limits.title')}>
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('moj_elektro.limits.hint')}
              {bounds.minimum !== null &&
                ` ${t('moj_elektro.limits.minimum', { value: f.kw(bounds.minimum) })}`}
              {bounds.maximum !== null &&
                ` ${t('moj_elektro.limits.maximum', { value: f.kw(bounds.maximum) })}`}
            </Text>
            <div className={classes.limits}>
              {texts.map((text, i) => {
                const local = errors[i];
                const shownKey =
                  (tried || text !== '') && local ? local : (serverErrors[i] ?? null);
                return (
                  <TextInput
                    key={i}
                    label={t('moj_elektro.limits.block', { block: i + 1 })}
                    rightSection={<Text size="xs">kW</Text>}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={text}
                    onKeyDown={blockMinusKey}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setTexts((all) => all.map((v, j) => (j === i ? value : v)));
                    }}
                    error={shownKey ? t(shownKey) : undefined}
                  />
                );
              })}
            </div>
            <Group>
              <Button type="submit" variant="light" loading={busy}>
                {t('moj_elektro.limits.apply')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
