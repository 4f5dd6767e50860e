import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ackMessageSchema,
  commandEnvelopeSchema,
  decodeJson,
  decodeText,
  DEFAULT_INTERVAL_S,
  deviceRefSchema,
  LIVE_INTERVAL_S,
  LIVE_TTL_S,
  liveCommandSchema,
  MAX_DEVICES_PER_SAMPLE,
  MAX_P1_BYTES,
  MAX_SAMPLES_PER_MESSAGE,
  MAX_SMALL_MESSAGE_BYTES,
  MAX_TELEMETRY_BYTES,
  replyMessageSchema,
  stateMessageSchema,
  TELEMETRY_FIELDS,
  telemetryMessageSchema,
  telemetryValuesSchema,
} from './payloads.ts';

const TIME = '2026-11-25T16:00:00+01:00';
const bytes = (text: string) => new TextEncoder().encode(text);
const json = (value: unknown) => bytes(JSON.stringify(value));

function telemetry(values: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { seq: 1, samples: [{ time: TIME, values }], ...extra };
}

function decode<T>(schema: z.ZodType<T>, payload: Uint8Array | unknown, maxBytes = 1 << 20) {
  return decodeJson(payload instanceof Uint8Array ? payload : json(payload), schema, maxBytes);
}

function refusal<T>(schema: z.ZodType<T>, payload: Uint8Array | unknown, maxBytes?: number) {
  const result = decode(schema, payload, maxBytes);
  return result.ok ? 'accepted' : result.reason;
}

describe('telemetry messages', () => {
  it('accepts the issue example: several samples, several devices, every field', () => {
    const message = {
      seq: 41,
      samples: [
        {
          time: '2026-11-25T15:59:00+01:00',
          values: {
            grid: { power_w: 1520, energy_import_wh: 1_234_567, energy_export_wh: 89_012 },
            'battery-1': { power_w: -2000, soc_pct: 55.5, temperature_c: 21.5 },
          },
        },
        { time: '2026-11-25T15:00:00Z', values: { pv1: { power_w: 3100 } } },
      ],
    };
    expect(decode(telemetryMessageSchema, message)).toEqual({ ok: true, value: message });
  });

  it('accepts a buffered batch of MAX_SAMPLES_PER_MESSAGE samples and refuses one more', () => {
    const sample = { time: TIME, values: { grid: { power_w: 1 } } };
    const full = { seq: 0, samples: Array.from({ length: MAX_SAMPLES_PER_MESSAGE }, () => sample) };
    expect(refusal(telemetryMessageSchema, full)).toBe('accepted');
    full.samples.push(sample);
    expect(refusal(telemetryMessageSchema, full)).toBe('invalid');
  });

  it('accepts every field of TELEMETRY_FIELDS, and every field is optional', () => {
    const all = Object.fromEntries(TELEMETRY_FIELDS.map((field) => [field, 1]));
    expect(refusal(telemetryMessageSchema, telemetry({ a: all }))).toBe('accepted');
    expect(refusal(telemetryMessageSchema, telemetry({ a: {} }))).toBe('accepted');
    expect(refusal(telemetryMessageSchema, telemetry({}))).toBe('accepted');
    expect(TELEMETRY_FIELDS).toEqual([
      'power_w',
      'energy_import_wh',
      'energy_export_wh',
      'soc_pct',
      'temperature_c',
      'power_l1_w',
      'power_l2_w',
      'power_l3_w',
      'voltage_l1_v',
      'voltage_l2_v',
      'voltage_l3_v',
      'current_l1_a',
      'current_l2_a',
      'current_l3_a',
      'gas_m3',
    ]);
  });

  it('ignores fields it does not know, at every level (a newer firmware may send more)', () => {
    const result = decode(telemetryMessageSchema, {
      seq: 1,
      firmware: '9.9',
      samples: [{ time: TIME, quality: 'good', values: { grid: { power_w: 5, reactive_var: 3 } } }],
    });
    expect(result).toEqual({
      ok: true,
      value: { seq: 1, samples: [{ time: TIME, values: { grid: { power_w: 5 } } }] },
    });
  });

  it.each<[string, Record<string, unknown>, boolean]>([
    // Limits, inclusive.
    ['power_w at +1e9', { power_w: 1e9 }, true],
    ['power_w at −1e9', { power_w: -1e9 }, true],
    ['power_w above 1e9', { power_w: 1e9 + 1 }, false],
    ['power_w below −1e9', { power_w: -1e9 - 1 }, false],
    ['a counter at 0', { energy_import_wh: 0 }, true],
    ['a counter at 1e15', { energy_export_wh: 1e15 }, true],
    ['a counter above 1e15', { energy_import_wh: 1e15 + 1 }, false],
    ['a negative counter', { energy_import_wh: -1 }, false],
    ['a fractional counter', { energy_import_wh: 0.5 }, true],
    ['soc_pct 0', { soc_pct: 0 }, true],
    ['soc_pct 100', { soc_pct: 100 }, true],
    ['soc_pct above 100', { soc_pct: 100.1 }, false],
    ['soc_pct below 0', { soc_pct: -0.1 }, false],
    ['temperature_c −100', { temperature_c: -100 }, true],
    ['temperature_c below −100', { temperature_c: -101 }, false],
    ['temperature_c above 200', { temperature_c: 201 }, false],
    ['a negative phase power', { power_l2_w: -5 }, true],
    ['a negative voltage', { voltage_l1_v: -1 }, false],
    ['a voltage above 1e6', { voltage_l3_v: 1e6 + 1 }, false],
    ['a negative current', { current_l1_a: -3 }, true],
    ['a current above 1e6', { current_l1_a: 1e6 + 1 }, false],
    ['gas_m3 negative', { gas_m3: -1 }, false],
    // Huge numbers: JSON has no NaN or Infinity, but 1e400 parses to Infinity.
    ['a huge power', { power_w: 1e308 }, false],
    // Wrong types.
    ['power_w as a string', { power_w: '12' }, false],
    ['power_w null', { power_w: null }, false],
    ['power_w true', { power_w: true }, false],
    ['power_w an array', { power_w: [1] }, false],
    ['power_w an object', { power_w: { value: 1 } }, false],
  ])('%s → accepted %s', (_what, values, accepted) => {
    expect(refusal(telemetryMessageSchema, telemetry({ grid: values }))).toBe(
      accepted ? 'accepted' : 'invalid',
    );
  });

  it('refuses Infinity where JSON overflows (1e400) and NaN-like text', () => {
    const text = `{"seq":1,"samples":[{"time":"${TIME}","values":{"grid":{"power_w":1e400}}}]}`;
    expect(refusal(telemetryMessageSchema, bytes(text))).toBe('invalid');
    expect(refusal(telemetryMessageSchema, bytes(text.replace('1e400', '-1e400')))).toBe('invalid');
    expect(refusal(telemetryMessageSchema, bytes(text.replace('1e400', 'NaN')))).toBe('not-json');
    expect(refusal(telemetryMessageSchema, bytes(text.replace('1e400', 'Infinity')))).toBe(
      'not-json',
    );
    expect(refusal(telemetryMessageSchema, bytes('{"seq":1e400,"samples":[]}'))).toBe('invalid');
  });

  it.each<[string, unknown]>([
    ['no seq', { samples: [{ time: TIME, values: {} }] }],
    ['a negative seq', telemetry({}, { seq: -1 })],
    ['a fractional seq', telemetry({}, { seq: 1.5 })],
    ['a seq beyond 2^53', telemetry({}, { seq: 2 ** 53 })],
    ['a string seq', telemetry({}, { seq: '1' })],
    ['no samples', { seq: 1 }],
    ['zero samples', { seq: 1, samples: [] }],
    ['samples as an object', { seq: 1, samples: { 0: { time: TIME, values: {} } } }],
    ['a sample without time', { seq: 1, samples: [{ values: {} }] }],
    ['a sample without values', { seq: 1, samples: [{ time: TIME }] }],
    ['values as an array', { seq: 1, samples: [{ time: TIME, values: [] }] }],
    ['a device as an array', telemetry({ grid: [] })],
    ['a device null', telemetry({ grid: null })],
    ['a top-level array', [telemetry({})]],
    ['a top-level number', 1],
    ['null', null],
  ])('refuses %s', (_what, payload) => {
    expect(refusal(telemetryMessageSchema, payload)).toBe('invalid');
  });

  it.each([
    ['2026-11-25T16:00:00Z', true],
    ['2026-11-25T16:00:00+01:00', true],
    ['2026-11-25T16:00:00.123-05:30', true],
    ['2026-11-25T16:00:00', false],
    ['2026-11-25 16:00:00Z', false],
    ['2026-11-25T16:00Z', false],
    ['2026-11-25T16:00:00+0100', false],
    ['2026-13-25T16:00:00Z', false],
    ['2026-02-30T16:00:00Z', false],
    ['2026-11-25T24:00:00Z', false],
    ['1764082800', false],
    ['', false],
  ])('time %j → accepted %s', (time, accepted) => {
    const message = { seq: 1, samples: [{ time, values: {} }] };
    expect(refusal(telemetryMessageSchema, message)).toBe(accepted ? 'accepted' : 'invalid');
  });

  it('limits devices per sample to MAX_DEVICES_PER_SAMPLE', () => {
    const devices = (count: number) =>
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`d${index}`, { power_w: 1 }]),
      );
    expect(refusal(telemetryMessageSchema, telemetry(devices(MAX_DEVICES_PER_SAMPLE)))).toBe(
      'accepted',
    );
    expect(refusal(telemetryMessageSchema, telemetry(devices(MAX_DEVICES_PER_SAMPLE + 1)))).toBe(
      'invalid',
    );
  });

  it.each([
    ['grid', true],
    ['pv1', true],
    ['modbus:3', true],
    ['meter.main_1-a', true],
    ['9', true],
    ['a'.repeat(64), true],
    ['a'.repeat(65), false],
    ['', false],
    ['-grid', false],
    ['_grid', false],
    ['grid 1', false],
    ['grid/1', false],
    ['grid+', false],
    ['grid#', false],
    ['é', false],
  ])('device reference %j → accepted %s', (ref, accepted) => {
    expect(deviceRefSchema.safeParse(ref).success).toBe(accepted);
    expect(refusal(telemetryMessageSchema, telemetry({ [ref]: { power_w: 1 } }))).toBe(
      accepted ? 'accepted' : 'invalid',
    );
  });

  it('drops a `__proto__` device without touching any prototype', () => {
    const text = `{"seq":1,"samples":[{"time":"${TIME}","values":{"__proto__":{"power_w":1},"grid":{}}}]}`;
    const result = decode(telemetryMessageSchema, bytes(text));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const values = result.value.samples[0]?.values ?? {};
    expect(Object.keys(values)).toEqual(['grid']);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).power_w).toBeUndefined();
  });

  it('has the sign convention and counters in its schema description', () => {
    expect(telemetryValuesSchema.shape.energy_import_wh.safeParse(-1).success).toBe(false);
    expect(telemetryValuesSchema.shape.power_w.safeParse(-1).success).toBe(true);
  });
});

describe('state messages', () => {
  it('accepts the online state and the last will', () => {
    const online = {
      online: true,
      firmware: '1.4.2',
      connection: 'wifi',
      addresses: { ipv4: '192.168.1.20', mac: '24:6f:28:aa:bb:cc', ipv6: 'fe80::1' },
    };
    expect(decode(stateMessageSchema, online)).toEqual({ ok: true, value: online });
    expect(decode(stateMessageSchema, { online: false })).toEqual({
      ok: true,
      value: { online: false },
    });
  });

  it.each<[string, unknown]>([
    ['no online flag', { firmware: '1.0' }],
    ['online as a string', { online: 'true' }],
    ['an unknown connection', { online: true, connection: 'lora' }],
    ['an empty firmware', { online: true, firmware: '' }],
    ['a firmware of 101 characters', { online: true, firmware: 'x'.repeat(101) }],
    ['a firmware with NUL', { online: true, firmware: '1.0\u0000' }],
    ['a firmware with a newline', { online: true, firmware: '1.0\nfake log line' }],
    ['a firmware with an unpaired surrogate', { online: true, firmware: '1.0\ud800' }],
    [
      'an address with a control character',
      { online: true, addresses: { ip: '1.2.3.4\u001b[2J' } },
    ],
    ['an address key with NUL', { online: true, addresses: { 'i\u0000p': '1.2.3.4' } }],
    ['an address key of 41 characters', { online: true, addresses: { ['k'.repeat(41)]: 'x' } }],
    ['an address that is a number', { online: true, addresses: { ip: 1 } }],
    [
      '17 addresses',
      {
        online: true,
        addresses: Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`a${i}`, 'x'])),
      },
    ],
  ])('refuses %s', (_what, payload) => {
    expect(refusal(stateMessageSchema, payload)).toBe('invalid');
  });

  it('accepts 16 addresses, printable Unicode and emoji', () => {
    const addresses = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`a${i}`, 'x']));
    expect(refusal(stateMessageSchema, { online: true, addresses })).toBe('accepted');
    expect(refusal(stateMessageSchema, { online: true, firmware: 'v2 – beta ✓ 🚀' })).toBe(
      'accepted',
    );
  });
});

describe('commands, replies and acks', () => {
  it('accepts a live command and states the live defaults', () => {
    const live = { id: 'c-1', interval_s: LIVE_INTERVAL_S, ttl_s: LIVE_TTL_S };
    expect(decode(liveCommandSchema, live)).toEqual({ ok: true, value: live });
    expect([DEFAULT_INTERVAL_S, LIVE_INTERVAL_S, LIVE_TTL_S]).toEqual([60, 2, 60]);
  });

  it.each<[string, unknown]>([
    ['no id', { interval_s: 2, ttl_s: 60 }],
    ['an id with a slash', { id: 'a/b', interval_s: 2, ttl_s: 60 }],
    ['an id with a wildcard', { id: '+', interval_s: 2, ttl_s: 60 }],
    ['interval 0', { id: 'c', interval_s: 0, ttl_s: 60 }],
    ['interval 11', { id: 'c', interval_s: 11, ttl_s: 60 }],
    ['a fractional interval', { id: 'c', interval_s: 1.5, ttl_s: 60 }],
    ['ttl 0', { id: 'c', interval_s: 2, ttl_s: 0 }],
    ['ttl 301', { id: 'c', interval_s: 2, ttl_s: 301 }],
  ])('refuses a live command with %s', (_what, payload) => {
    expect(refusal(liveCommandSchema, payload)).toBe('invalid');
  });

  it('requires an id usable as a topic level on every command', () => {
    expect(refusal(commandEnvelopeSchema, { id: '7f3a-01', extra: 1 })).toBe('accepted');
    expect(refusal(commandEnvelopeSchema, { id: '' })).toBe('invalid');
    expect(refusal(commandEnvelopeSchema, { id: 7 })).toBe('invalid');
  });

  it('accepts replies with a status, an error and any data', () => {
    for (const reply of [
      { status: 'accepted' },
      { status: 'done', data: { parameters: { mode: 'auto' } } },
      { status: 'failed', error: 'parameter out of range' },
    ]) {
      expect(decode(replyMessageSchema, reply)).toEqual({ ok: true, value: reply });
    }
  });

  it.each<[string, unknown]>([
    ['no status', { error: 'x' }],
    ['an unknown status', { status: 'ok' }],
    ['an error of 501 characters', { status: 'failed', error: 'x'.repeat(501) }],
    ['an error with NUL', { status: 'failed', error: 'bad\u0000' }],
  ])('refuses a reply with %s', (_what, payload) => {
    expect(refusal(replyMessageSchema, payload)).toBe('invalid');
  });

  it('accepts an ack up to 2^53 − 1', () => {
    expect(refusal(ackMessageSchema, { seq: 0 })).toBe('accepted');
    expect(refusal(ackMessageSchema, { seq: Number.MAX_SAFE_INTEGER })).toBe('accepted');
    expect(refusal(ackMessageSchema, { seq: 2 ** 53 })).toBe('invalid');
    expect(refusal(ackMessageSchema, { seq: -1 })).toBe('invalid');
  });
});

describe('decodeText and decodeJson', () => {
  it('reads exactly maxBytes and refuses one byte more, before decoding', () => {
    const payload = json({ online: true, firmware: 'x'.repeat(50) });
    expect(refusal(stateMessageSchema, payload, payload.byteLength)).toBe('accepted');
    expect(refusal(stateMessageSchema, payload, payload.byteLength - 1)).toBe('too-large');
    // Counted in bytes, not characters: "é" is two bytes.
    expect(decodeText(bytes('éé'), 3)).toEqual({ ok: false, reason: 'too-large' });
    expect(decodeText(bytes('éé'), 4)).toEqual({ ok: true, value: 'éé' });
  });

  it('refuses an oversize telemetry message at MAX_TELEMETRY_BYTES', () => {
    const big = new Uint8Array(MAX_TELEMETRY_BYTES + 1).fill(0x20);
    expect(decodeJson(big, telemetryMessageSchema, MAX_TELEMETRY_BYTES)).toEqual({
      ok: false,
      reason: 'too-large',
    });
    expect(MAX_P1_BYTES).toBeLessThan(MAX_TELEMETRY_BYTES);
    expect(MAX_SMALL_MESSAGE_BYTES).toBeLessThan(MAX_TELEMETRY_BYTES);
  });

  it.each([
    ['a lone continuation byte', [0x7b, 0x80, 0x7d]],
    ['a truncated two-byte sequence', [0x22, 0xc3, 0x22]],
    ['an overlong encoding of "/"', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['a Latin-1 byte', [0x22, 0xe9, 0x22]],
    ['0xFF', [0xff]],
  ])('refuses bad UTF-8: %s', (_what, raw) => {
    expect(decodeText(new Uint8Array(raw), 100)).toEqual({ ok: false, reason: 'not-utf8' });
    expect(refusal(stateMessageSchema, new Uint8Array(raw))).toBe('not-utf8');
  });

  it('accepts a UTF-8 byte order mark', () => {
    const payload = new Uint8Array([0xef, 0xbb, 0xbf, ...json({ online: false })]);
    expect(refusal(stateMessageSchema, payload)).toBe('accepted');
  });

  it.each([
    '',
    ' ',
    '{',
    '{"online":true',
    "{'online':true}",
    '{"online":true,}',
    'undefined',
    'online',
  ])('refuses bad JSON %j', (text) => {
    expect(refusal(stateMessageSchema, bytes(text))).toBe('not-json');
  });

  it('names the first invalid path in the detail', () => {
    expect(decode(telemetryMessageSchema, telemetry({ grid: { soc_pct: 101 } }))).toMatchObject({
      ok: false,
      reason: 'invalid',
      detail: expect.stringMatching(/^samples\.0\.values\.grid\.soc_pct: /),
    });
    expect(decode(stateMessageSchema, [])).toMatchObject({
      detail: expect.stringMatching(/^\(root\): /),
    });
  });

  it('never throws: deep nesting, huge strings, random bytes', () => {
    const deep = bytes(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expect(decodeJson(deep, telemetryMessageSchema, 1 << 20)).toMatchObject({ ok: false });
    const deepObject = bytes(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`);
    expect(decodeJson(deepObject, telemetryMessageSchema, 1 << 20)).toMatchObject({ ok: false });
    const longString = json({ online: true, firmware: 'x'.repeat(400_000) });
    expect(decodeJson(longString, stateMessageSchema, 1 << 20)).toMatchObject({ ok: false });
    let seed = 1;
    for (let round = 0; round < 300; round++) {
      const raw = new Uint8Array(64).map(() => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed % 256;
      });
      expect(() => decodeJson(raw, telemetryMessageSchema, 1 << 20)).not.toThrow();
    }
  });
});
