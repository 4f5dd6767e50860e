import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import classes from './pricing.module.css';

/** The pricing-plan wizard's steps (spec 001 §2): basic info, tariffs, plan, summary. */
export const WIZARD_STEPS = ['basic', 'tariffs', 'plan', 'summary'] as const;
/** One of {@link WIZARD_STEPS}. */
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** Progress of a step, as the setup wizard shows it (spec 001 §2: 12.5, 37.5, 62.5, 87.5 percent). */
export function stepProgress(index: number): number {
  return 12.5 + 25 * index;
}

export interface PlanWizardProps {
  /** The wizard's heading (what it creates or edits). */
  title: string;
  /** The content of each step; the values live with the caller, so going back loses nothing. */
  renderStep: (step: WizardStep) => ReactNode;
  /**
   * Checks a step before Next (and every step before saving): true when it may be left. The caller shows the
   * field errors it found.
   */
  validateStep: (step: WizardStep) => boolean;
  /** Saves (from the summary). */
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  /** The failure of the last save, translated. */
  error?: string | null;
  onCancel?: () => void;
}

/**
 * The pricing-plan wizard's frame: the progress (bar and the named steps, the current one marked), the current
 * step, Back and Next. Next checks the step; the summary's button saves after checking every step again and goes
 * to the first step that fails.
 */
export function PlanWizard({
  title,
  renderStep,
  validateStep,
  onSubmit,
  submitLabel,
  submitting,
  error,
  onCancel,
}: PlanWizardProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const headingId = useId();
  const stepRef = useRef<HTMLHeadingElement>(null);
  const step = WIZARD_STEPS[index] ?? 'basic';
  const last = index === WIZARD_STEPS.length - 1;

  function go(next: number) {
    setIndex(next);
    // The new step's heading takes the focus, so a screen reader announces where the user is.
    requestAnimationFrame(() => stepRef.current?.focus());
  }

  function next() {
    if (!validateStep(step)) return;
    go(index + 1);
  }

  function submit() {
    const failing = WIZARD_STEPS.findIndex((s) => s !== 'summary' && !validateStep(s));
    if (failing >= 0) {
      go(failing);
      return;
    }
    onSubmit();
  }

  return (
    <Stack gap="md" className={classes.wizard}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      <div>
        <Progress
          value={stepProgress(index)}
          aria-label={t('pricing_plans.wizard.progress', {
            step: index + 1,
            total: WIZARD_STEPS.length,
          })}
        />
        <ol className={classes.steps} aria-label={t('pricing_plans.wizard.steps_label')}>
          {WIZARD_STEPS.map((s, i) => (
            <li
              key={s}
              aria-current={i === index ? 'step' : undefined}
              className={i === index ? classes.currentStep : i < index ? classes.doneStep : ''}
            >
              <span className={classes.stepNumber}>{i + 1}</span>{' '}
              {t(`pricing_plans.wizard.steps.${s}`)}
            </li>
          ))}
        </ol>
      </div>
      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <div>
            <Text size="sm" c="dimmed">
              {t('pricing_plans.wizard.progress', { step: index + 1, total: WIZARD_STEPS.length })}
            </Text>
            <Title order={3} size="h4" ref={stepRef} tabIndex={-1}>
              {t(`pricing_plans.wizard.steps.${step}`)}
            </Title>
          </div>
          {error && last && <FormAlert kind="error">{error}</FormAlert>}
          {renderStep(step)}
        </Stack>
      </Paper>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              {t('common.cancel')}
            </Button>
          )}
          {index > 0 && (
            <Button variant="default" onClick={() => go(index - 1)} disabled={submitting}>
              {t('common.back')}
            </Button>
          )}
        </Group>
        {last ? (
          <Button onClick={submit} loading={submitting}>
            {submitLabel}
          </Button>
        ) : (
          <Button onClick={next}>{t('pricing_plans.wizard.next')}</Button>
        )}
      </Group>
    </Stack>
  );
}
