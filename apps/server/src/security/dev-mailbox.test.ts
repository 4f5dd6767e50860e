// The open development mailbox (issue 10): GET /api/dev/mailbox and /api/dev/mailbox/:id answer only requests whose
// socket is on the loopback interface (never a header, never request.ip), and then only a signed-in super admin or,
// with DEV_MAILBOX=open, anyone on this machine; never in production. Everything else gets the answer of an unknown
// route. docs/decisions/0011.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { eq, users } from '@ec/db';
import { isLoopbackAddress } from '../modules/mail/mail.routes.ts';
import { parseConfig } from '../config.ts';
import { startNotes } from '../start-notes.ts';
import { createTestApp, DEMO, json, send, signIn, type TestApp } from '../test/helpers.ts';

type Injected = LightMyRequestResponse;

/** GET a path as a client at `ip` (the socket's address), optionally signed in and with extra headers. */
const get = (
  t: TestApp,
  url: string,
  options: { ip?: string; token?: string; headers?: Record<string, string> } = {},
) => send(t.app, 'GET', url, { ip: options.ip ?? '127.0.0.1', ...options });

/** The answer of a route that does not exist, which a refused mailbox request must equal. */
async function unknownRoute(t: TestApp): Promise<Injected> {
  return get(t, '/api/dev/no-such-route');
}

async function expectLikeUnknownRoute(t: TestApp, res: Injected): Promise<void> {
  const unknown = await unknownRoute(t);
  expect(res.statusCode).toBe(404);
  expect(res.statusCode).toBe(unknown.statusCode);
  expect(json(res)).toEqual(json(unknown));
  expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
  expect(res.headers['cache-control']).toBe(unknown.headers['cache-control']);
}

/** Puts one message into the outbox so an allowed read has something to show. */
async function mailOne(t: TestApp): Promise<void> {
  await send(t.app, 'POST', '/api/auth/forgotten-password', {
    data: { email: DEMO.basic.email },
  });
  await t.app.mail.idle();
}

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
    },
  );

  it.each([
    '10.0.0.5',
    '128.0.0.1',
    '::ffff:10.0.0.5',
    '::2',
    '::',
    '0.0.0.0',
    'fe80::1',
    '127.0.0.1.evil',
    'localhost',
    '',
    undefined,
  ])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('the mailbox as configured by default (no SMTP_URL, not production)', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let messageId: number;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
    for (const [role, login] of Object.entries(DEMO)) {
      if (role !== 'unverified') tokens[role] = await signIn(t.app, login);
    }
    await mailOne(t);
    const list = json<{ data: { messages: { id: number }[] } }>(
      await get(t, '/api/dev/mailbox', { token: tokens.admin }),
    );
    messageId = list.data.messages[0]?.id ?? 0;
    expect(messageId).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  const paths = () => ['/api/dev/mailbox', `/api/dev/mailbox/${messageId}`];

  it('answers a signed-in super admin on the loopback interface (IPv4, IPv6, IPv4-mapped)', async () => {
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      for (const path of paths()) {
        const res = await get(t, path, { ip, token: tokens.admin });
        expect(res.statusCode, `${ip} ${path}`).toBe(200);
      }
    }
  });

  it('refuses loopback without a session, like an unknown route', async () => {
    for (const path of [...paths(), '/api/dev/mailbox/abc', '/api/dev/mailbox?x=1']) {
      await expectLikeUnknownRoute(t, await get(t, path));
    }
  });

  it.each(['aggregator', 'advanced', 'basic', 'user'])(
    'refuses a signed-in %s on loopback',
    async (role) => {
      for (const path of paths()) {
        await expectLikeUnknownRoute(t, await get(t, path, { token: tokens[role] }));
      }
    },
  );

  it('refuses a super admin whose socket is not loopback', async () => {
    for (const ip of ['10.0.0.5', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::5']) {
      for (const path of paths()) {
        await expectLikeUnknownRoute(t, await get(t, path, { ip, token: tokens.admin }));
      }
    }
  });

  it('refuses a loopback request relayed by a proxy (a local reverse proxy forwards remote clients)', async () => {
    const relays: Record<string, string>[] = [
      { 'x-forwarded-for': '10.0.0.5' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=10.0.0.5' },
      { 'x-real-ip': '10.0.0.5' },
    ];
    for (const headers of relays) {
      await expectLikeUnknownRoute(
        t,
        await get(t, '/api/dev/mailbox', { token: tokens.admin, headers }),
      );
    }
  });

  it('answers a super admin while they impersonate someone (the real person counts)', async () => {
    const [basic] = await t.db.db.select().from(users).where(eq(users.email, DEMO.basic.email));
    const admin = await signIn(t.app);
    const started = await send(t.app, 'POST', '/api/auth/impersonate', {
      token: admin,
      data: { userId: basic?.id },
    });
    expect(started.statusCode).toBe(200);
    expect((await get(t, '/api/dev/mailbox', { token: admin })).statusCode).toBe(200);
  });

  it('HEAD is guarded the same way', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
  });
});

describe('TRUST_PROXY on', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'false', TRUST_PROXY: 'true' } });
    admin = await signIn(t.app);
  });
  afterAll(() => t.close());

  it('refuses X-Forwarded-For: 127.0.0.1 from a non-loopback socket (request.ip would say loopback)', async () => {
    for (const token of [admin, undefined]) {
      const res = await get(t, '/api/dev/mailbox', {
        ip: '10.0.0.5',
        ...(token ? { token } : {}),
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      await expectLikeUnknownRoute(t, res);
    }
  });
});

describe('DEV_MAILBOX=open', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMITS: 'false', DEV_MAILBOX: 'open' } });
    await mailOne(t);
  });
  afterAll(() => t.close());

  it('answers loopback requests without a session', async () => {
    const res = await get(t, '/api/dev/mailbox');
    expect(res.statusCode).toBe(200);
    const [first] = json<{ data: { messages: { id: number }[] } }>(res).data.messages;
    expect((await get(t, `/api/dev/mailbox/${first?.id}`)).statusCode).toBe(200);
  });

  it('still refuses every other address, forwarded or not', async () => {
    await expectLikeUnknownRoute(t, await get(t, '/api/dev/mailbox', { ip: '10.0.0.5' }));
    await expectLikeUnknownRoute(
      t,
      await get(t, '/api/dev/mailbox', {
        ip: '10.0.0.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      }),
    );
  });

  it('reads the address from the real socket of a listening server', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`);
    expect(res.status).toBe(200);
    const relayed = await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`, {
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.status).toBe(404);
  });
});

describe('production', () => {
  it.each<Record<string, string>>([{}, { DEV_MAILBOX: 'true' }, { DEV_MAILBOX: 'open' }])(
    'never answers, whatever DEV_MAILBOX says (%j)',
    async (env) => {
      const t = await createTestApp({
        env: { NODE_ENV: 'production', RATE_LIMITS: 'false', ...env },
      });
      try {
        const admin = await signIn(t.app);
        for (const token of [admin, undefined]) {
          await expectLikeUnknownRoute(t, await get(t, '/api/dev/mailbox', token ? { token } : {}));
        }
      } finally {
        await t.close();
      }
    },
  );
});

describe('configuration and start banner', () => {
  it.each([
    [{}, { devMailbox: true, devMailboxOpen: false }],
    [{ DEV_MAILBOX: 'open' }, { devMailbox: true, devMailboxOpen: true }],
    [
      { DEV_MAILBOX: 'open', SMTP_URL: 'smtp://mail:25' },
      { devMailbox: true, devMailboxOpen: true },
    ],
    [{ DEV_MAILBOX: 'true' }, { devMailbox: true, devMailboxOpen: false }],
    [{ DEV_MAILBOX: 'false' }, { devMailbox: false, devMailboxOpen: false }],
    [
      { NODE_ENV: 'production', DEV_MAILBOX: 'open', EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32) },
      { devMailbox: false, devMailboxOpen: false },
    ],
  ])('%j → %j', (env, expected) => {
    expect(parseConfig(env)).toMatchObject(expected);
  });

  it('listens on 127.0.0.1 by default outside production, on all interfaces in production', () => {
    expect(parseConfig({}).host).toBe('127.0.0.1');
    expect(parseConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(
      parseConfig({ NODE_ENV: 'production', EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32) }).host,
    ).toBe('0.0.0.0');
    expect(parseConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('the banner says where the mailbox is, that it is for development, and who may read it', () => {
    const origin = 'http://localhost:3000';
    const notes = startNotes(parseConfig({}), origin).join('\n');
    expect(notes).toContain('listening on 127.0.0.1 only');
    expect(notes).toContain('HOST=0.0.0.0');
    expect(notes).toContain('development mailbox (for development only');
    expect(notes).toContain(`${origin}/dev/mailbox`);
    expect(notes).toContain('signed in as a super admin');
    expect(startNotes(parseConfig({ DEV_MAILBOX: 'open' }), origin).join('\n')).toContain(
      'DEV_MAILBOX=open',
    );
    const production = startNotes(
      parseConfig({ NODE_ENV: 'production', EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32) }),
      origin,
    );
    expect(production.join('\n')).not.toContain('mailbox');
    expect(production.join('\n')).not.toContain('only:');
  });
});
