import { describe, expect, it } from 'vitest';
import * as protocol from './index.ts';

describe('@ec/protocol main entry', () => {
  it('exports topics, payloads and the P1 parser and builder', () => {
    for (const name of [
      'topics',
      'parseTopic',
      'mayPublish',
      'maySubscribe',
      'decodeJson',
      'telemetryMessageSchema',
      'parseTelegram',
      'toTelemetryValues',
      'buildTelegram',
      'crc16',
      'CENTRAL_EUROPE',
    ]) {
      expect(protocol).toHaveProperty(name);
    }
  });
});
