import { describe, expect, it } from 'vitest';
import { judgeAuditOutput } from './audit-report.ts';

// Shapes as npm 10/11 print them (`npm audit --omit=dev --json`, report version 2).
const metadata = (v: Partial<Record<string, number>>) => ({
  vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...v },
  dependencies: { prod: 180, dev: 0, optional: 3, peer: 0, peerOptional: 0, total: 182 },
});

describe('judgeAuditOutput', () => {
  it('passes a report without vulnerabilities', () => {
    const out = JSON.stringify({
      auditReportVersion: 2,
      vulnerabilities: {},
      metadata: metadata({}),
    });
    expect(judgeAuditOutput(out)).toEqual({
      kind: 'clean',
      counts: { info: 0, low: 0, moderate: 0, high: 0, critical: 0 },
    });
  });

  it('passes moderate and low findings', () => {
    const out = JSON.stringify({
      auditReportVersion: 2,
      vulnerabilities: {
        cookie: {
          name: 'cookie',
          severity: 'low',
          isDirect: false,
          via: [
            {
              source: 1103907,
              name: 'cookie',
              title: 'cookie accepts out of bounds characters',
              severity: 'low',
            },
          ],
          effects: [],
          range: '<0.7.0',
          nodes: ['node_modules/cookie'],
          fixAvailable: true,
        },
      },
      metadata: metadata({ low: 1, total: 1 }),
    });
    expect(judgeAuditOutput(out).kind).toBe('clean');
  });

  it('fails on a high finding and names it with its advisory and the package it comes through', () => {
    const out = JSON.stringify({
      auditReportVersion: 2,
      vulnerabilities: {
        'fast-jwt': {
          name: 'fast-jwt',
          severity: 'critical',
          isDirect: false,
          via: [
            {
              source: 1,
              name: 'fast-jwt',
              title: 'Incomplete key validation',
              severity: 'critical',
              range: '<5.0.6',
            },
          ],
          effects: ['@fastify/jwt'],
          range: '<5.0.6',
          nodes: ['node_modules/fast-jwt'],
          fixAvailable: true,
        },
        '@fastify/jwt': {
          name: '@fastify/jwt',
          severity: 'high',
          isDirect: true,
          via: ['fast-jwt'],
          effects: [],
          range: '<9.1.0',
          nodes: ['node_modules/@fastify/jwt'],
          fixAvailable: { name: '@fastify/jwt', version: '9.1.0', isSemVerMajor: false },
        },
      },
      metadata: metadata({ high: 1, critical: 1, total: 2 }),
    });
    const verdict = judgeAuditOutput(out);
    expect(verdict.kind).toBe('vulnerable');
    if (verdict.kind !== 'vulnerable') return;
    expect(verdict.findings).toEqual([
      {
        name: 'fast-jwt',
        severity: 'critical',
        range: '<5.0.6',
        via: ['Incomplete key validation'],
      },
      { name: '@fastify/jwt', severity: 'high', range: '<9.1.0', via: ['fast-jwt'] },
    ]);
  });

  it('fails when only the totals report a high vulnerability', () => {
    const out = JSON.stringify({
      auditReportVersion: 2,
      vulnerabilities: {},
      metadata: metadata({ high: 1 }),
    });
    expect(judgeAuditOutput(out).kind).toBe('vulnerable');
  });

  it('recognises the error npm prints when the advisory endpoint refuses', () => {
    const out = JSON.stringify({
      message:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      method: 'POST',
      uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      headers: { allow: ['GET,HEAD'], 'content-length': ['0'] },
      statusCode: 405,
      body: '',
      error: { summary: '', detail: '' },
    });
    expect(judgeAuditOutput(out)).toEqual({
      kind: 'unreachable',
      reason:
        '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    });
  });

  it('recognises a network failure', () => {
    const out = JSON.stringify({
      error: {
        code: 'ENOTFOUND',
        summary: 'request to https://registry.npmjs.org failed',
        detail: '',
      },
    });
    expect(judgeAuditOutput(out)).toMatchObject({ kind: 'unreachable' });
  });

  it('refuses output it cannot read', () => {
    expect(judgeAuditOutput('').kind).toBe('unreadable');
    expect(judgeAuditOutput('[]').kind).toBe('unreadable');
    expect(judgeAuditOutput('{"foo":1}').kind).toBe('unreadable');
  });
});
