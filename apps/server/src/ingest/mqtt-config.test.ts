import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config.ts';

describe('MQTT configuration', () => {
  it('defaults to the embedded broker on 1884 and 1885, on outside tests', () => {
    expect(parseConfig({}).mqtt).toEqual({
      enabled: true,
      host: '127.0.0.1',
      port: 1884,
      wsPort: 1885,
      url: undefined,
      username: undefined,
      password: undefined,
      shareGroup: 'ec-ingest',
      dynsec: false,
    });
    expect(parseConfig({ NODE_ENV: 'test' }).mqtt.enabled).toBe(false);
    expect(parseConfig({ NODE_ENV: 'test', MQTT_ENABLED: 'true' }).mqtt.enabled).toBe(true);
    expect(
      parseConfig({ NODE_ENV: 'production', EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32) }).mqtt.host,
    ).toBe('0.0.0.0');
  });

  it('reads ports, the external broker and its credentials', () => {
    const mqtt = parseConfig({
      MQTT_PORT: '2884',
      MQTT_WS_PORT: 'off',
      MQTT_HOST: '0.0.0.0',
      MQTT_URL: 'mqtts://broker.example.com:8883',
      MQTT_USERNAME: 'ec-server',
      MQTT_PASSWORD: 'pw',
      MQTT_SHARE_GROUP: 'prod-ingest',
      MQTT_DYNSEC: 'true',
    }).mqtt;
    expect(mqtt).toMatchObject({
      port: 2884,
      wsPort: null,
      host: '0.0.0.0',
      url: 'mqtts://broker.example.com:8883',
      username: 'ec-server',
      password: 'pw',
      shareGroup: 'prod-ingest',
      dynsec: true,
    });
  });

  it('refuses malformed values', () => {
    expect(() => parseConfig({ MQTT_URL: 'http://broker' })).toThrow(ConfigError);
    expect(() => parseConfig({ MQTT_PORT: '70000' })).toThrow(/MQTT_PORT/);
    expect(() => parseConfig({ MQTT_WS_PORT: 'on' })).toThrow(/MQTT_WS_PORT/);
    expect(() => parseConfig({ MQTT_SHARE_GROUP: 'a/b' })).toThrow(/MQTT_SHARE_GROUP/);
  });
});
