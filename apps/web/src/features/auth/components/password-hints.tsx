import { Progress, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  checkPasswordRules,
  PASSPHRASE_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordStrength,
} from '@ec/domain';
import { IconCheck, IconInfoCircle, IconX } from '../../../shared/ui/icons.ts';
import classes from './password-hints.module.css';

const STRENGTH_LABELS = ['too_weak', 'fair', 'good', 'strong', 'very_strong'] as const;

/**
 * Live strength hints under a new-password field (spec 001 §5): each rule of the domain's password rules — the
 * same ones the server enforces — ticked as it is met, and the domain's advisory strength score.
 */
export function PasswordHints({
  id,
  password,
  email,
}: {
  /** For the password field's aria-describedby. */
  id: string;
  password: string;
  /**
   * The account's e-mail, when the form knows it (the password may not be or contain it). Without it (reset by
   * link) that rule is listed as a reminder, neither met nor broken: only the server can check it.
   */
  email?: string | null;
}) {
  const { t } = useTranslation();
  const results = checkPasswordRules(password, email);
  const strength = password === '' ? 0 : passwordStrength(password, email);
  const label = t(`password_hints.strength_${STRENGTH_LABELS[strength]}`);
  return (
    <div id={id} className={classes.hints} data-testid="password-hints">
      <Progress
        value={password === '' ? 0 : Math.max(strength, 0.5) * 25}
        color={strength >= 3 ? 'green' : strength >= 1 ? 'yellow' : 'red'}
        size="xs"
        aria-hidden
      />
      <Text size="xs" c="dimmed">
        {t('password_hints.strength', { level: label })}
      </Text>
      <ul className={classes.rules}>
        {results.map(({ rule, met }) => {
          const unknown = rule === 'not_email' && email === undefined;
          return (
            <li
              key={rule}
              className={classes.rule}
              data-met={(met && !unknown) || undefined}
              data-unknown={unknown || undefined}
            >
              {unknown ? (
                <IconInfoCircle size={14} aria-hidden />
              ) : met ? (
                <IconCheck size={14} aria-hidden />
              ) : (
                <IconX size={14} aria-hidden />
              )}
              <span>
                {t(`password_hints.${rule}`, {
                  min: PASSWORD_MIN_LENGTH,
                  passphrase: PASSPHRASE_MIN_LENGTH,
                })}
              </span>
              {!unknown && (
                <VisuallyHidden>
                  {met ? t('password_hints.rule_met') : t('password_hints.rule_not_met')}
                </VisuallyHidden>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
