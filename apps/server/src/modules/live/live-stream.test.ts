// The live streams (Server-Sent Events) over a real socket: the first event at once, a push within a second of a
// change on the live bus, heartbeats, access checked before anything is sent (404 for another tenant), the end of
// the stream when the session ends or the server closes, and the watch hook while a location is watched.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceLatest, devices } from '@ec/db';
import { createTestApp, json, signIn, type TestApp } from '../../test/helpers.ts';
import {
  call,
  createOrgFixture,
  FIXTURE_PASSWORD,
  must,
  type OrgFixture,
} from '../locations/locations.fixtures.ts';

let t: TestApp;
let f: OrgFixture;
let base: string;
let grid: number;
const watchCalls: number[] = [];

interface Stream {
  status: number;
  headers: IncomingMessage['headers'];
  events: { event: string; data: Record<string, unknown> }[];
  comments: number;
  body: string;
  ended: Promise<void>;
  /** Resolves once `predicate` holds (checked on every chunk), rejects after `ms`. */
  until(predicate: () => boolean, ms?: number): Promise<void>;
  close(): void;
}

/** Opens a stream and resolves when its status line arrived. */
function open(path: string, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { headers: { cookie: `ec_session=${token}` } },
      (res) => {
        const checks = new Set<() => void>();
        let buffer = '';
        let endStream: () => void = () => {};
        const stream: Stream = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          events: [],
          comments: 0,
          body: '',
          ended: new Promise((done) => (endStream = done)),
          until(predicate, ms = 2_000) {
            if (predicate()) return Promise.resolve();
            return new Promise((done, fail) => {
              const timer = setTimeout(() => {
                checks.delete(check);
                fail(new Error(`not within ${ms} ms; events: ${stream.events.length}`));
              }, ms);
              const check = () => {
                if (!predicate()) return;
                clearTimeout(timer);
                checks.delete(check);
                done();
              };
              checks.add(check);
            });
          },
          close: () => req.destroy(),
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          stream.body += chunk;
          buffer += chunk;
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.startsWith(':')) stream.comments += 1;
            else {
              const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
              const data = /^data: (.*)$/m.exec(block)?.[1] ?? 'null';
              stream.events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
            }
            cut = buffer.indexOf('\n\n');
          }
          for (const check of [...checks]) check();
        });
        res.on('end', endStream);
        res.on('close', endStream);
        resolve(stream);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const setPower = async (deviceId: number, value: number) => {
  await t.db.db
    .insert(deviceLatest)
    .values({ deviceId, metric: 'power_w', value, at: new Date() })
    .onConflictDoUpdate({
      target: [deviceLatest.deviceId, deviceLatest.metric],
      set: { value, at: new Date() },
    });
};

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMITS: 'false' },
    onWatch: (locationId) => watchCalls.push(locationId),
  });
  f = await createOrgFixture(t);
  const [row] = await t.db.db
    .insert(devices)
    .values({ name: 'Grid', locationId: f.locations.home, category: 'GRID', ref: 'grid' })
    .returning();
  grid = must(row).id;
  await setPower(grid, 500);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.app.close();
  await t.db.close();
});

const current = (event: { data: Record<string, unknown> } | undefined) =>
  (event?.data.flows as { current: Record<string, unknown> } | undefined)?.current;

describe('GET /api/locations/:id/live/stream', () => {
  it('sends the snapshot at once and each change within a second', async () => {
    const stream = await open(`/api/locations/${f.locations.home}/live/stream`, f.tokens.viewer);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers['cache-control']).toBe('no-store');
      await stream.until(() => stream.events.length === 1);
      const snapshot = await call(
        t,
        f.tokens.viewer,
        'GET',
        `/api/locations/${f.locations.home}/live`,
      );
      expect(stream.events[0]).toEqual({
        event: 'live',
        data: json<{ data: unknown }>(snapshot).data,
      });
      expect(current(stream.events[0])?.gridW).toBe(500);

      await setPower(grid, -2000);
      const sent = Date.now();
      await t.app.services.live.notify([f.locations.home]);
      await stream.until(() => stream.events.length === 2, 1_000);
      expect(Date.now() - sent).toBeLessThan(1_000);
      expect(current(stream.events[1])?.gridW).toBe(-2000);

      // A change of another location does not concern this stream.
      await setPower(f.devices.foreign, 10);
      await t.app.services.live.notify([f.locations.foreign]);
      await new Promise((done) => setTimeout(done, 400));
      expect(stream.events).toHaveLength(2);
    } finally {
      stream.close();
    }
    await stream.ended;
  });

  it('calls the watch hook while the location is watched, and stops when the stream ends', async () => {
    watchCalls.length = 0;
    const stream = await open(`/api/locations/${f.locations.home}/live/stream`, f.tokens.owner);
    await stream.until(() => stream.events.length === 1);
    expect(watchCalls).toEqual([f.locations.home]);
    expect(t.app.services.liveStreams.watchedLocations()).toEqual([f.locations.home]);
    stream.close();
    await stream.ended;
    await new Promise((done) => setTimeout(done, 50));
    expect(t.app.services.liveStreams.watchedLocations()).toEqual([]);
    expect(t.app.services.liveStreams.size).toBe(0);
  });

  it('sends heartbeats', async () => {
    t.app.services.liveStreams.setTiming({ heartbeatMs: 100 });
    const stream = await open(`/api/locations/${f.locations.home}/live/stream`, f.tokens.owner);
    try {
      await stream.until(() => stream.comments >= 2);
      expect(stream.body).toContain(': keep-alive\n\n');
    } finally {
      stream.close();
      t.app.services.liveStreams.setTiming({ heartbeatMs: 15_000 });
    }
  });

  it.each(['aggOther', 'stranger', 'manager'] as const)(
    '404 for %s before any event is sent',
    async (user) => {
      const stream = await open(`/api/locations/${f.locations.home}/live/stream`, f.tokens[user]);
      await stream.ended;
      expect(stream.status).toBe(404);
      expect(stream.headers['content-type']).toContain('application/json');
      expect(JSON.parse(stream.body)).toEqual({
        error: { code: 'NOT_FOUND', message: 'errors.NOT_FOUND' },
      });
      expect(stream.events).toEqual([]);
    },
  );

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({
      method: 'HEAD',
      url: `/api/locations/${f.locations.home}/live/stream`,
      cookies: { ec_session: f.tokens.owner },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(t.app.services.liveStreams.size).toBe(0);
  });

  it('401 without a session, 400 for a bad id', async () => {
    const anonymous = await open(`/api/locations/${f.locations.home}/live/stream`, 'x');
    await anonymous.ended;
    expect(anonymous.status).toBe(401);
    const bad = await open('/api/locations/abc/live/stream', f.tokens.owner);
    await bad.ended;
    expect(bad.status).toBe(400);
  });

  it('ends when the session is signed out', async () => {
    t.app.services.liveStreams.setTiming({ sessionCheckMs: 100 });
    const token = await signIn(t.app, { email: f.users.owner.email, password: FIXTURE_PASSWORD });
    const stream = await open(`/api/locations/${f.locations.home}/live/stream`, token);
    await stream.until(() => stream.events.length === 1);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { ec_session: token },
    });
    expect(logout.statusCode).toBe(200);
    await Promise.race([
      stream.ended,
      new Promise((_, fail) => setTimeout(() => fail(new Error('still open')), 2_000)),
    ]);
    t.app.services.liveStreams.setTiming({ sessionCheckMs: 60_000 });
  });
});

describe('GET /api/location-groups/:id/live/stream', () => {
  it('sends the group’s sums at once and again when one of its locations changes', async () => {
    const stream = await open(
      `/api/location-groups/${f.groups.mineRoot}/live/stream`,
      f.tokens.aggMine,
    );
    try {
      await stream.until(() => stream.events.length === 1);
      expect(stream.events[0]?.data).toMatchObject({
        groupId: f.groups.mineRoot,
        locationsCount: 2,
      });
      expect(current(stream.events[0])?.evW).toBeNull();
      await setPower(f.devices.charger, 7000);
      await t.app.services.live.notify([f.locations.cabin]);
      await stream.until(() => stream.events.length === 2, 1_000);
      expect(current(stream.events[1])?.evW).toBe(7000);
      // Group streams follow commits; they do not put the group's controllers into live mode.
      expect(t.app.services.liveStreams.watchedLocations()).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('404 for another tenant', async () => {
    const stream = await open(
      `/api/location-groups/${f.groups.mineRoot}/live/stream`,
      f.tokens.aggOther,
    );
    await stream.ended;
    expect(stream.status).toBe(404);
    expect(stream.events).toEqual([]);
  });

  it('ends the streams when the server closes', async () => {
    const stream = await open(`/api/locations/${f.locations.home}/live/stream`, f.tokens.owner);
    await stream.until(() => stream.events.length === 1);
    await Promise.all([t.app.close(), stream.ended]);
    expect(t.app.services.liveStreams.size).toBe(0);
  });
});
