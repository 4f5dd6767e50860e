import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TRANSLATED_NETWORK_FEE_ERROR_CODES, networkFeeErrorKey } from './errors.ts';

const catalog = JSON.parse(
  readFileSync(new URL('../../../i18n/locales/en.json', import.meta.url), 'utf8'),
) as { network_fee?: { errors?: Record<string, string> } };

describe('networkFeeErrorKey', () => {
  it('names a catalog text for every translated code', () => {
    for (const code of TRANSLATED_NETWORK_FEE_ERROR_CODES) {
      const key = networkFeeErrorKey(code);
      expect(key).toBe(`network_fee.errors.${code.toLowerCase()}`);
      expect(catalog.network_fee?.errors?.[code.toLowerCase()], code).toBeTypeOf('string');
    }
  });

  it('has no key for codes the server reports otherwise', () => {
    expect(networkFeeErrorKey('INVALID_AGREED_POWER')).toBeUndefined();
  });

  it('the texts use the placeholders of the error params', () => {
    const text = catalog.network_fee?.errors?.csv_invalid_number ?? '';
    expect(text).toContain('{{row}}');
    expect(text).toContain('{{column}}');
    expect(text).toContain('{{value}}');
  });
});
