import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../api/errors.ts';
import { createTestI18n } from '../test/i18n.ts';
import { retryAfterSeconds, submitErrorText } from './submit-error.ts';

const { t } = createTestI18n();
const rateLimited = new ApiError({
  status: 429,
  code: 'RATE_LIMITED',
  message: 'errors.RATE_LIMITED',
  params: { seconds: 42 },
});

describe('submitErrorText', () => {
  it('translates a 429 with the seconds to wait', () => {
    expect(submitErrorText(rateLimited, t, 'register.error')).toBe(
      'Too many attempts. Try again in 42 s.',
    );
  });

  it('falls back for an unknown message key and says so for network failures', () => {
    const unknown = new ApiError({ status: 500, code: 'INTERNAL', message: 'no.such_key' });
    expect(submitErrorText(unknown, t, 'register.error')).toBe(
      'Registration failed. Please try again.',
    );
    expect(submitErrorText(new NetworkError('x'), t, 'register.error')).toBe(
      'The server could not be reached.',
    );
  });
});

describe('retryAfterSeconds', () => {
  it('reads the seconds of a 429 only', () => {
    expect(retryAfterSeconds(rateLimited)).toBe(42);
    expect(
      retryAfterSeconds(new ApiError({ status: 400, code: 'VALIDATION_FAILED', message: 'x' })),
    ).toBeNull();
    expect(retryAfterSeconds(new Error('x'))).toBeNull();
  });
});
