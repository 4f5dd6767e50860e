import { describe, expect, it } from 'vitest';
import {
  dkimSelectorFor,
  domainOf,
  expectedRecords,
  judge,
  tagList,
  type TxtLookup,
} from './company-email.records.ts';

const records = expectedRecords({
  domain: 'sun.example',
  senderEmail: 'mail@sun.example',
  selector: 'ec202501',
  publicKey: 'MIIBKEY',
  spfInclude: '_spf.cloud.example',
});
const byKind = (kind: string) => {
  const record = records.find((r) => r.kind === kind);
  if (!record) throw new Error(`no ${kind} record`);
  return record;
};
const [spf, dkim, dmarc] = [byKind('SPF'), byKind('DKIM'), byKind('DMARC')];
const found = (...records: string[]): TxtLookup => ({ ok: true, records });

describe('records', () => {
  it('names and values of the three records', () => {
    expect(records).toEqual([
      { kind: 'SPF', host: 'sun.example', value: 'v=spf1 include:_spf.cloud.example ~all' },
      {
        kind: 'DKIM',
        host: 'ec202501._domainkey.sun.example',
        value: 'v=DKIM1; k=rsa; p=MIIBKEY',
      },
      {
        kind: 'DMARC',
        host: '_dmarc.sun.example',
        value: 'v=DMARC1; p=quarantine; rua=mailto:mail@sun.example',
      },
    ]);
  });

  it('selector from the UTC month; domain in lower case; tags', () => {
    expect(dkimSelectorFor(new Date('2025-03-31T23:30:00-02:00'))).toBe('ec202504');
    expect(dkimSelectorFor(new Date('2024-11-02T00:00:00Z'))).toBe('ec202411');
    expect(domainOf('A.B@Sun.Example')).toBe('sun.example');
    expect([...tagList(' v = DKIM1 ; p= a b ;x;=y; P=second')]).toEqual([
      ['v', 'DKIM1'],
      ['p', 'a b'],
    ]);
  });
});

describe('judge', () => {
  it.each([
    [found('v=spf1 include:_spf.cloud.example ~all'), 'ok'],
    [found('v=spf1 a mx +include:_SPF.Cloud.Example -all', 'other=1'), 'ok'],
    [found('v=spf1 include:_spf.cloud.example.evil ~all'), 'mismatch'],
    [found('v=spf1 redirect=_spf.cloud.example'), 'mismatch'],
    [found('v=spf1 include:_spf.cloud.example ~all', 'v=spf1 -all'), 'mismatch'],
    [found('v=spf10 include:_spf.cloud.example'), 'missing'],
    [found('verification=1'), 'missing'],
    [found(), 'missing'],
  ] as const)('SPF %j → %s', (lookup, status) => {
    expect(judge(spf, lookup).status).toBe(status);
  });

  it.each([
    [found('v=DKIM1; k=rsa; p=MIIBKEY'), 'ok'],
    [found('v=DKIM1;k=rsa;p=MIIB KEY '), 'ok'],
    [found('v=DKIM1; k=rsa; p=OTHER', 'v=DKIM1; p=MIIBKEY'), 'ok'],
    [found('v=DKIM1; k=rsa; p=OTHER'), 'mismatch'],
    [found('v=DKIM1; k=rsa; p='), 'mismatch'],
    [found(), 'missing'],
  ] as const)('DKIM %j → %s', (lookup, status) => {
    expect(judge(dkim, lookup).status).toBe(status);
  });

  it.each([
    [found('v=DMARC1; p=none'), 'ok'],
    [found('v=DMARC1'), 'ok'],
    [found('v=DMARC10; p=none'), 'mismatch'],
    [found('hello'), 'mismatch'],
    [found(), 'missing'],
  ] as const)('DMARC %j → %s', (lookup, status) => {
    expect(judge(dmarc, lookup).status).toBe(status);
  });

  it('lookup failures pass through; found lists SPF records only at the apex', () => {
    expect(judge(spf, { ok: false, reason: 'error', code: 'ETIMEOUT' })).toEqual({
      status: 'error',
      found: [],
    });
    expect(judge(dkim, { ok: false, reason: 'missing', code: 'ENOTFOUND' })).toEqual({
      status: 'missing',
      found: [],
    });
    expect(judge(spf, found('a=1', 'v=spf1 -all')).found).toEqual(['v=spf1 -all']);
    expect(judge(dmarc, found('a=1', 'v=DMARC1')).found).toEqual(['a=1', 'v=DMARC1']);
  });
});
