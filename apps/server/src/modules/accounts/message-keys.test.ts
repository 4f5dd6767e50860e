// Every message key the accounts code answers with or renders mail from exists in all 14 shipped catalogs, so no
// user ever sees a raw key (the keys came through packages/i18n/pending and were merged by the lead).
import { describe, expect, it } from 'vitest';
import { OIDC_ERROR_CODES } from '@ec/contract';
import { LOCALES, PASSWORD_RULES } from '@ec/domain';
import { loadCatalog } from '@ec/i18n/node';
import { lookup, MAIL_KINDS } from '../mail/mail.templates.ts';

const API_KEYS = [
  'errors.EMAIL_NOT_VERIFIED',
  'errors.TOKEN_INVALID',
  'errors.TOKEN_EXPIRED',
  'errors.RATE_LIMITED',
  'login.invalid_credentials',
  'login.email_not_verified',
  'reset_password.token_invalid',
  'reset_password.token_expired',
  'account.super_admin_cannot_delete_self',
  'impersonation.not_allowed',
  'impersonation.not_while_impersonating',
  'location_invite.error',
  'location_invite.email_error',
  'errors.MAIL_SEND_FAILED',
  'validation.must_accept',
  'validation.password_repeat',
  'validation.new_password_repeat',
  'validation.current_password_wrong',
  ...PASSWORD_RULES.map((rule) => `validation.password_${rule}`),
  ...OIDC_ERROR_CODES.map((code) => `oidc.errors.${code}`),
];

const MAIL_KEYS = [
  ...[
    'greeting',
    'greeting_anonymous',
    'not_you',
    'link_fallback',
    'footer',
    'footer_no_support',
  ].map((key) => `mail.common.${key}`),
  ...MAIL_KINDS.flatMap((kind) => [`mail.${kind}.subject`, `mail.${kind}.intro`]),
  'mail.verify_email.action',
  'mail.verify_email.expiry',
  'mail.already_registered.action',
  'mail.already_registered.hint',
  'mail.reset_password.action',
  'mail.reset_password.expiry',
  'mail.welcome.action',
  'mail.welcome.expiry',
  'mail.welcome.hint',
  'mail.password_changed.hint',
  'mail.account_deleted.hint',
];

describe.each(LOCALES)('catalog %s', (locale) => {
  it('has every accounts API and mail key', () => {
    const catalog = loadCatalog(locale);
    const missing = [...API_KEYS, ...MAIL_KEYS].filter((key) => !lookup(catalog, key));
    expect(missing).toEqual([]);
  });
});
