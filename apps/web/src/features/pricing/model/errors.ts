import { ApiError, NetworkError } from '../../../shared/api/errors.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text of a failed pricing change: a 409 shows the server's own message (spec 001 §7–§8: an active list, a
 * plan in use, a config referenced by lists), as do other refusals that name their rule; a network failure says
 * so; anything else the spec's toast (`pricing_plans.save_error` / `delete_error`).
 */
export function pricingErrorText(error: unknown, t: Translate, fallbackKey: string): string {
  if (error instanceof NetworkError) return t(error.messageKey);
  if (!(error instanceof ApiError)) return t(fallbackKey);
  if (error.status === 409 || error.status === 429)
    return t(error.message, { ...error.params, defaultValue: t(fallbackKey) });
  if (error.message.startsWith('errors.') || error.message === '') return t(fallbackKey);
  return t(error.message, { ...error.params, defaultValue: t(fallbackKey) });
}
