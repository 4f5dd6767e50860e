// The MQTT service on a real database (needs the issue-12 migration: controllers.secret_hash): live commands reach
// the controllers of a location (looked up in the database), telemetry without a store is refused and never acked,
// and commits reach the listeners.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { controllers, eq, queryRows, sql } from '@ec/db';
import type { TestApp } from '../test/helpers.ts';
import { must, startOrgFixture, type OrgFixture } from '../modules/locations/locations.fixtures.ts';
import { generateControllerSecret, hashControllerSecret } from './controller-auth.ts';

let t: TestApp;
let f: OrgFixture;
let port: number;
let unitId: string;
const secret = generateControllerSecret();
const clients: MqttClient[] = [];

beforeAll(async () => {
  ({ t, f } = await startOrgFixture());
  const [row] = await t.db.db
    .update(controllers)
    .set({ secretHash: hashControllerSecret(secret) })
    .where(eq(controllers.id, f.controllers.home))
    .returning({ unitId: controllers.unitId });
  unitId = must(row).unitId;
  const status = await t.app.services.mqtt.start({ host: '127.0.0.1', port: 0, wsPort: null });
  if (status.kind !== 'embedded') throw new Error('expected the embedded broker');
  port = status.tcpPort;
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await t.close();
});

async function controller(): Promise<{ client: MqttClient; received: [string, string][] }> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    username: unitId,
    password: secret,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  clients.push(client);
  const received: [string, string][] = [];
  client.on('message', (topic, payload) => received.push([topic, payload.toString()]));
  await client.subscribeAsync([`ec/v1/c/${unitId}/cmd/#`, `ec/v1/c/${unitId}/ack`], { qos: 1 });
  return { client, received };
}

describe('MQTT service', () => {
  it('sends cmd/live to the controllers of a location, and nothing for a location without one', async () => {
    const { received } = await controller();
    expect(await t.app.services.mqtt.sendLive(f.locations.home)).toBe(1);
    expect(await t.app.services.mqtt.sendLive(f.locations.cabin)).toBe(0);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]?.[0]).toBe(`ec/v1/c/${unitId}/cmd/live`);
    expect(JSON.parse(received[0]?.[1] ?? '')).toMatchObject({ interval_s: 2, ttl_s: 60 });
  });

  it('stores telemetry, acks its seq after the commit, and tells listeners about the location', async () => {
    const changed: number[][] = [];
    t.app.services.mqtt.onCommitted((ids) => changed.push(ids));
    const { client, received } = await controller();
    await client.publishAsync(
      `ec/v1/c/${unitId}/telemetry`,
      JSON.stringify({
        seq: 1,
        samples: [{ time: new Date().toISOString(), values: { a: { power_w: 1 } } }],
      }),
      { qos: 1 },
    );
    await client.publishAsync(`ec/v1/c/${unitId}/state`, '{"online":true,"firmware":"9.9.9"}', {
      qos: 1,
    });
    await vi.waitFor(() => expect(changed).toContainEqual([f.locations.home]));
    await vi.waitFor(() =>
      expect(received.filter(([topic]) => topic.endsWith('/ack')).map(([, body]) => body)).toEqual([
        '{"seq":1}',
      ]),
    );
    // `a` is no device of this controller: kept for an admin to adopt.
    const discovered = await queryRows<{ ref: string }>(
      t.db.db,
      sql`select ref from discovered_devices where controller_id = (select id from controllers where unit_id = ${unitId})`,
    );
    expect(discovered.map((r) => r.ref)).toEqual(['a']);
    expect(t.app.services.mqtt.stats().refusals['telemetry:no-store']).toBeUndefined();
  });
});
