// POST /api/controllers/:id/secret — who may rotate a controller's MQTT secret, the answer, the stored hash, the
// audit entry, and the broker: the old secret is refused afterwards and the open session is closed. Also the
// presence the embedded broker writes (connected flag, state message → firmware, connection, addresses).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { auditLog, controllerPresence, controllers, desc, eq } from '@ec/db';
import { json, type TestApp } from '../../test/helpers.ts';
import {
  call,
  deniedWriters,
  must,
  nextSerial,
  startOrgFixture,
  type OrgFixture,
} from '../locations/locations.fixtures.ts';

let t: TestApp;
let f: OrgFixture;
let port: number;
beforeAll(async () => {
  ({ t, f } = await startOrgFixture());
  const status = await t.app.services.mqtt.start({ host: '127.0.0.1', port: 0, wsPort: null });
  if (status.kind !== 'embedded') throw new Error('expected the embedded broker');
  port = status.tcpPort;
});
afterAll(() => t.close());

type Secret = { data: { unitId: string; secret: string } };

const rotate = (token: string, id: number) =>
  call(t, token, 'POST', `/api/controllers/${id}/secret`);

async function unitIdOf(id: number): Promise<string> {
  const [row] = await t.db.db
    .select({ unitId: controllers.unitId })
    .from(controllers)
    .where(eq(controllers.id, id));
  return must(row).unitId;
}

function connect(username: string, password: string): Promise<MqttClient> {
  const client = mqtt.connect(`mqtt://127.0.0.1:${port}`, {
    username,
    password,
    protocolVersion: 4,
    reconnectPeriod: 0,
  });
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(client));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

describe('POST /api/controllers/:id/secret', () => {
  it('issues a new secret once and stores only its SHA-256, with an audit entry', async () => {
    const res = await rotate(f.tokens.admin, f.controllers.home);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = json<Secret>(res);
    expect(Object.keys(data).sort()).toEqual(['secret', 'unitId']);
    expect(data.unitId).toBe(await unitIdOf(f.controllers.home));
    expect(data.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.db
      .select({ hash: controllers.secretHash, at: controllers.secretRotatedAt })
      .from(controllers)
      .where(eq(controllers.id, f.controllers.home));
    expect(row?.hash).toBe(createHash('sha256').update(data.secret).digest('hex'));
    expect(row?.at).toBeInstanceOf(Date);
    const [entry] = await t.db.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      action: 'CONTROLLER_SECRET_ROTATED',
      actorEmail: 'admin@demo.energy',
      subject: `controller ${data.unitId} (#${f.controllers.home})`,
    });
    // A second rotation gives another secret.
    const again = json<Secret>(await rotate(f.tokens.admin, f.controllers.home)).data.secret;
    expect(again).not.toBe(data.secret);
  });

  it.each(['aggMine', 'owner', 'editor'] as const)(
    'lets %s (edit on the location) rotate',
    async (who) => {
      const res = await rotate(f.tokens[who], f.controllers.home);
      expect(res.statusCode, res.body).toBe(200);
    },
  );

  it.each(deniedWriters('home'))('refuses %s on %s with %i', async (who, target, status) => {
    const res = await rotate(f.tokens[who], f.controllers[target]);
    expect(res.statusCode, res.body).toBe(status);
  });

  it('answers 404 for another tenant’s and unknown controllers, 401 without a session', async () => {
    expect((await rotate(f.tokens.aggOther, f.controllers.home)).statusCode).toBe(404);
    expect((await rotate(f.tokens.admin, 999_999)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/controllers/${f.controllers.home}/secret`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a controller without a location: its company’s admins may, its basic users may not', async () => {
    const [row] = await t.db.db
      .insert(controllers)
      .values({
        companyId: f.companies.mine,
        unitId: `EC-NOLOC-${Date.now()}`,
        serial: nextSerial(),
      })
      .returning();
    const id = must(row).id;
    expect((await rotate(f.tokens.aggMine, id)).statusCode).toBe(200);
    expect((await rotate(f.tokens.editor, id)).statusCode).toBe(404);
    expect((await rotate(f.tokens.aggOther, id)).statusCode).toBe(404);
  });

  it('provisions secrets for the server’s own use (demo simulator) without a route', async () => {
    const issued = await t.app.services.controllerSecrets.provision([
      f.controllers.foreign,
      999_999,
    ]);
    expect(issued).toEqual([
      {
        controllerId: f.controllers.foreign,
        unitId: await unitIdOf(f.controllers.foreign),
        secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
    ]);
    const [row] = await t.db.db
      .select({ hash: controllers.secretHash })
      .from(controllers)
      .where(eq(controllers.id, f.controllers.foreign));
    expect(row?.hash).toBe(
      createHash('sha256')
        .update(issued[0]?.secret ?? '')
        .digest('hex'),
    );
  });

  it('makes the broker refuse the old secret and closes the open session', async () => {
    const unitId = await unitIdOf(f.controllers.home);
    const first = json<Secret>(await rotate(f.tokens.admin, f.controllers.home)).data.secret;
    await t.db.db
      .insert(controllerPresence)
      .values({ controllerId: f.controllers.home, connected: false })
      .onConflictDoUpdate({ target: controllerPresence.controllerId, set: { connected: false } });
    const client = await connect(unitId, first);
    await vi.waitFor(async () => {
      const [presence] = await t.db.db
        .select()
        .from(controllerPresence)
        .where(eq(controllerPresence.controllerId, f.controllers.home));
      expect(presence?.connected).toBe(true);
    });
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const second = json<Secret>(await rotate(f.tokens.admin, f.controllers.home)).data.secret;
    await closed;
    await expect(connect(unitId, first)).rejects.toThrow(/bad username or password/i);
    const fresh = await connect(unitId, second);
    // The retained state message: presence, connection type, firmware and addresses.
    await fresh.publishAsync(
      `ec/v1/c/${unitId}/state`,
      JSON.stringify({
        online: true,
        firmware: '3.1.4',
        connection: 'mobile',
        addresses: { ip: '10.9.8.7' },
      }),
      { qos: 1, retain: true },
    );
    await vi.waitFor(async () => {
      const [row] = await t.db.db
        .select({ versions: controllers.versions, addresses: controllers.addresses })
        .from(controllers)
        .where(eq(controllers.id, f.controllers.home));
      expect(row?.versions.firmware).toBe('3.1.4');
      expect(row?.addresses).toEqual({ ip: '10.9.8.7' });
    });
    const [presence] = await t.db.db
      .select()
      .from(controllerPresence)
      .where(eq(controllerPresence.controllerId, f.controllers.home));
    expect(presence).toMatchObject({ connected: true, connection: 'mobile' });
    await fresh.endAsync();
    await vi.waitFor(async () => {
      const [row] = await t.db.db
        .select()
        .from(controllerPresence)
        .where(eq(controllerPresence.controllerId, f.controllers.home));
      expect(row?.connected).toBe(false);
    });
  });
});
