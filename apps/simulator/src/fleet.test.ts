import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { Aedes } from 'aedes';
import mqtt from 'mqtt';
import { topics } from '@ec/protocol';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock.ts';
import { startFleet, type FleetController } from './fleet.ts';

const PLACE = { latitude: 46.05, longitude: 14.5, timezone: 'Europe/Ljubljana' };

describe('startFleet', () => {
  it('starts the online controllers, leaves offline ones out, spreads them over the minute and stops them', async () => {
    const broker = await Aedes.createBroker({
      authenticate: (_client, username, password, done) =>
        done(null, username === 'observer' || password?.toString() === `s-${username}`),
    });
    const server = createServer((socket) => broker.handle(socket)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const observer = await mqtt.connectAsync(url, { username: 'observer', password: 'x' });
    const seen: string[] = [];
    const sampleTimes = new Map<string, string>();
    observer.on('message', (topic, payload) => {
      seen.push(`${topic} ${payload.toString().slice(0, 20)}`);
      const time = /"time":"([^"]+)"/.exec(payload.toString())?.[1];
      if (topic.endsWith('/telemetry') && time) sampleTimes.set(topic.split('/')[3] ?? '', time);
    });
    await observer.subscribeAsync('ec/v1/c/#', { qos: 1 });

    const controllers: FleetController[] = [
      { unitId: 'F-1', secret: 's-F-1', kit: 'home', ...PLACE },
      { unitId: 'F-2', secret: 's-F-2', kit: 'business', ...PLACE },
      { unitId: 'F-3', secret: 's-F-3', kit: 'full', ...PLACE, online: false },
      { unitId: 'F-4', secret: 's-F-4', kit: 'meter', ...PLACE, setupType: 'P1_WIFI' },
    ];
    const clock = new ManualClock(Date.UTC(2026, 4, 1, 9));
    const fleet = startFleet({
      url,
      controllers,
      seed: 'test',
      clock,
      warmupS: 0,
      connectRatePerS: 1000,
      telegramBuilder: (reading) => `/SIM5\\2 ${reading.equipmentId}\r\n!0000\r\n`,
    });
    try {
      expect(fleet.controllers.map((c) => c.unitId)).toEqual(['F-1', 'F-2', 'F-4']);
      clock.advance(10); // the staggered connects
      await Promise.all(fleet.controllers.map((c) => c.waitConnected()));
      clock.advance(120_000);
      const wait = async (probe: () => boolean) => {
        for (let i = 0; i < 500 && !probe(); i++) await new Promise((r) => setTimeout(r, 10));
        expect(probe()).toBe(true);
      };
      const [f1, f2] = fleet.controllers;
      await wait(() => f1?.stats.published === 3 && f2?.stats.published === 3);
      const stats = fleet.stats();
      expect(stats).toMatchObject({ controllers: 3, connected: 3 });
      // Telemetry: the boot sample (sent on connect) and two minutes; P1: two minutes (not buffered before).
      expect(stats.published).toBeGreaterThanOrEqual(8);
      await wait(() => seen.filter((s) => s.startsWith(topics.p1('F-4'))).length >= 2);
      expect(seen.some((s) => s.startsWith(topics.telemetry('F-4')))).toBe(false);
      expect(seen.some((s) => s.includes('/F-3/'))).toBe(false);
      // Spread: the two telemetry controllers sample at different seconds of the minute.
      expect(sampleTimes.get('F-1')).not.toBe(sampleTimes.get('F-2'));
    } finally {
      await fleet.stop();
    }
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.filter((s) => s.startsWith(topics.state('F-1'))).at(-1)).toContain(
      '{"online":false}',
    );
    await observer.endAsync();
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    server.close();
  });
});
