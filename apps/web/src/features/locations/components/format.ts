import { ApiError, NetworkError } from '../../../shared/api/errors.ts';

/** The `t` of i18next as this module calls it. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A timestamp as date and time in the interface language. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * The text for a failed action of this area: the server's own message when it names the rule (a
 * `location_invite.*`, `location_users.*` or `org.*` key, a 429 with its seconds), the network message when the
 * server was not reached, else `fallbackKey` (the spec's message for that action, spec 001 §8) — never a
 * generic "something went wrong" where the spec has a message of its own.
 */
export function actionErrorText(error: unknown, t: Translate, fallbackKey: string): string {
  if (error instanceof NetworkError) return t(error.messageKey);
  if (!(error instanceof ApiError)) return t(fallbackKey);
  if (error.status === 429) return t(error.message, { ...error.params });
  if (error.message.startsWith('errors.') || error.message === '') return t(fallbackKey);
  return t(error.message, { ...error.params, defaultValue: t(fallbackKey) });
}
