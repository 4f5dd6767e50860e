import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, parseCredentialsKey } from './config.ts';

describe('parseConfig', () => {
  it('has defaults for everything', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      publicUrl: undefined,
      sessionSecret: undefined,
      logLevel: 'info',
      nodeEnv: 'development',
      sessionIdleMinutes: 60,
      sessionMaxDays: 7,
      trustProxy: false,
      seedDemo: true,
    });
    const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
    expect(config.dataDir).toBe(join(repoRoot, 'data'));
    expect(config.webDistDir).toBe(join(repoRoot, 'apps', 'web', 'dist'));
  });

  it('resolves relative paths from the environment against the working directory', () => {
    const config = parseConfig({ DATA_DIR: 'some/dir', WEB_DIST_DIR: '/abs/dist' });
    expect(config.dataDir).toBe(join(process.cwd(), 'some/dir'));
    expect(isAbsolute(config.dataDir)).toBe(true);
    expect(config.webDistDir).toBe('/abs/dist');
  });

  it('reads and normalises the values', () => {
    const config = parseConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db:5432/ec',
      PUBLIC_URL: 'https://cloud.example.com/some/path/',
      SESSION_SECRET: 's'.repeat(40),
      NODE_ENV: 'production',
      EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32),
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      SESSION_IDLE_MINUTES: '15',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u:p@db:5432/ec',
      publicUrl: 'https://cloud.example.com',
      sessionIdleMinutes: 15,
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      seedDemo: false,
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
  ])('TRUST_PROXY=%s → %j', (value, expected) => {
    expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('keeps raw telemetry 35 days unless TELEMETRY_RAW_RETENTION_DAYS says otherwise (2 to 3650)', () => {
    expect(parseConfig({}).telemetryRawRetentionDays).toBe(35);
    expect(parseConfig({ TELEMETRY_RAW_RETENTION_DAYS: '90' }).telemetryRawRetentionDays).toBe(90);
    expect(() => parseConfig({ TELEMETRY_RAW_RETENTION_DAYS: '1' })).toThrow(
      /TELEMETRY_RAW_RETENTION_DAYS must be at least 2/,
    );
    expect(() => parseConfig({ TELEMETRY_RAW_RETENTION_DAYS: 'x' })).toThrow(ConfigError);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('lets SEED_DEMO override the production default', () => {
    expect(
      parseConfig({
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32),
      }).seedDemo,
    ).toBe(true);
    expect(parseConfig({ SEED_DEMO: 'no' }).seedDemo).toBe(false);
  });

  it('adds the Moj Elektro demo with the demo (not in tests), and DEMO_MOJ_ELEKTRO turns it off', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).demoMojElektro).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).demoMojElektro).toBe(false);
    expect(parseConfig({ NODE_ENV: 'development', SEED_DEMO: 'no' }).demoMojElektro).toBe(false);
    expect(parseConfig({ NODE_ENV: 'development', DEMO_MOJ_ELEKTRO: 'false' }).demoMojElektro).toBe(
      false,
    );
    expect(parseConfig({ NODE_ENV: 'test', DEMO_MOJ_ELEKTRO: 'true' }).demoMojElektro).toBe(true);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number'],
    ['PORT', '70000', 'PORT must be at most 65535'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a postgres'],
    ['PUBLIC_URL', 'ftp://x', 'PUBLIC_URL must be an http(s) URL'],
    ['SESSION_SECRET', 'short', 'at least 32 characters'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['SESSION_MAX_DAYS', '0', 'SESSION_MAX_DAYS must be at least 1'],
    ['SEED_DEMO', 'maybe', 'SEED_DEMO must be true or false'],
    ['DEV_MAILBOX', 'public', 'DEV_MAILBOX must be true, false or open'],
  ])('rejects %s=%s with a clear message', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });

  it('lists every problem at once', () => {
    try {
      parseConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toContain('PORT');
      expect(String(error)).toContain('LOG_LEVEL');
    }
  });
});

describe('server start with an invalid configuration', () => {
  it('prints the problem and exits with code 1', () => {
    const server = fileURLToPath(new URL('./server.ts', import.meta.url));
    const result = spawnSync(process.execPath, [server], {
      env: { PORT: 'not-a-port' },
      encoding: 'utf8',
      // Loading the server's modules in a new process takes long on a busy machine.
      timeout: 100_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT must be a whole number');
  }, 120_000);
});

describe('parseConfig: mail, social sign-in and rate limits', () => {
  it('defaults: no SMTP, the development mailbox on, no providers, rate limits on', () => {
    expect(parseConfig({})).toMatchObject({
      smtpUrl: undefined,
      mailFrom: 'Cloud <no-reply@localhost>',
      devMailbox: true,
      oidcProviders: [],
      rateLimits: true,
    });
  });

  it.each([
    [{ SMTP_URL: 'smtp://mail:25' }, false],
    [{ SMTP_URL: 'smtps://u:p@mail:465', DEV_MAILBOX: 'true' }, true],
    [{ DEV_MAILBOX: 'false' }, false],
    [{ NODE_ENV: 'production', EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32) }, false],
    [
      { NODE_ENV: 'production', DEV_MAILBOX: 'true', EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32) },
      false,
    ],
  ])('%j → devMailbox %s', (env, expected) => {
    expect(parseConfig(env).devMailbox).toBe(expected);
  });

  it('reads SMTP_URL, MAIL_FROM and RATE_LIMITS', () => {
    expect(
      parseConfig({ SMTP_URL: 'smtp://mail:2525', MAIL_FROM: 'Sun <a@b.c>', RATE_LIMITS: 'no' }),
    ).toMatchObject({ smtpUrl: 'smtp://mail:2525', mailFrom: 'Sun <a@b.c>', rateLimits: false });
  });

  it('company mail: SPF include from MAIL_FROM unless set, DNS servers and timeout', () => {
    expect(parseConfig({})).toMatchObject({
      mailSpfInclude: 'localhost',
      dnsServers: [],
      dnsTimeoutMs: 3000,
    });
    expect(parseConfig({ MAIL_FROM: 'Sun <No-Reply@Mail.Sun.Example>' }).mailSpfInclude).toBe(
      'mail.sun.example',
    );
    expect(parseConfig({ MAIL_FROM: 'a@b.example' }).mailSpfInclude).toBe('b.example');
    expect(
      parseConfig({
        MAIL_SPF_INCLUDE: '_spf.Relay.example',
        DNS_SERVERS: ' 10.0.0.2, 127.0.0.1:5353,::1,[2001:db8::1]:53 ',
        DNS_TIMEOUT_MS: '250',
      }),
    ).toMatchObject({
      mailSpfInclude: '_spf.relay.example',
      dnsServers: ['10.0.0.2', '127.0.0.1:5353', '::1', '[2001:db8::1]:53'],
      dnsTimeoutMs: 250,
    });
  });

  it.each([
    [{ DNS_SERVERS: 'dns.example' }, /DNS_SERVERS must be a comma-separated list/],
    [{ DNS_SERVERS: '10.0.0.1:99999' }, /DNS_SERVERS/],
    [{ DNS_SERVERS: '2001:db8::1:53x' }, /DNS_SERVERS/],
    [{ DNS_SERVERS: '[10.0.0.1]:53' }, /DNS_SERVERS/],
    [{ DNS_TIMEOUT_MS: '10' }, /DNS_TIMEOUT_MS must be at least 50/],
    [{ MAIL_SPF_INCLUDE: 'not a domain' }, /MAIL_SPF_INCLUDE must be a domain name/],
    [{ MAIL_FROM: 'Cloud <no-reply>' }, /MAIL_SPF_INCLUDE: must be set/],
  ])('refuses %j', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('refuses an SMTP_URL that is not smtp(s)', () => {
    expect(() => parseConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must be an smtp/);
  });

  it('adds Google and Microsoft only when their client ids are set', () => {
    const config = parseConfig({
      GOOGLE_CLIENT_ID: 'g-id',
      GOOGLE_CLIENT_SECRET: 'g-secret',
      MICROSOFT_CLIENT_ID: 'm-id',
    });
    expect(config.oidcProviders).toEqual([
      {
        id: 'google',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'g-id',
        clientSecret: 'g-secret',
      },
      {
        id: 'microsoft',
        name: 'Microsoft',
        issuer: 'https://login.microsoftonline.com/common/v2.0',
        clientId: 'm-id',
        clientSecret: undefined,
      },
    ]);
    expect(
      parseConfig({ MICROSOFT_CLIENT_ID: 'm', MICROSOFT_TENANT: 'contoso.onmicrosoft.com' })
        .oidcProviders[0]?.issuer,
    ).toBe('https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0');
  });

  it('reads OIDC_PROVIDERS first; a default with the same id does not replace it', () => {
    const config = parseConfig({
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'google',
          name: 'Google (staff)',
          issuer: 'https://accounts.google.com',
          clientId: 'x',
        },
        {
          id: 'keycloak',
          name: 'Keycloak',
          issuer: 'https://id.example/realms/a',
          clientId: 'k',
          clientSecret: 's',
        },
      ]),
      GOOGLE_CLIENT_ID: 'ignored',
    });
    expect(config.oidcProviders.map((p) => [p.id, p.name, p.clientId])).toEqual([
      ['google', 'Google (staff)', 'x'],
      ['keycloak', 'Keycloak', 'k'],
    ]);
  });

  it.each([
    ['not JSON', '[{', /OIDC_PROVIDERS: must be a JSON list/],
    ['an object', '{}', /OIDC_PROVIDERS/],
    [
      'a bad id',
      JSON.stringify([{ id: 'Bad Id', name: 'x', issuer: 'https://a.b', clientId: 'c' }]),
      /OIDC_PROVIDERS\[0.id\]/,
    ],
    [
      'a non-http issuer',
      JSON.stringify([{ id: 'a', name: 'x', issuer: 'ftp://a.b', clientId: 'c' }]),
      /issuer/,
    ],
    [
      'an unknown key',
      JSON.stringify([{ id: 'a', name: 'x', issuer: 'https://a.b', clientId: 'c', scope: 'x' }]),
      /OIDC_PROVIDERS/,
    ],
    [
      'a duplicate id',
      JSON.stringify([
        { id: 'a', name: 'x', issuer: 'https://a.b', clientId: 'c' },
        { id: 'a', name: 'y', issuer: 'https://a.b', clientId: 'd' },
      ]),
      /duplicate id a/,
    ],
  ])('refuses OIDC_PROVIDERS with %s', (_name, value, message) => {
    expect(() => parseConfig({ OIDC_PROVIDERS: value })).toThrow(message);
  });
});

describe('parseConfig: map tiles', () => {
  it('defaults to OpenStreetMap with its attribution and image origin', () => {
    expect(parseConfig({}).mapTiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      local: false,
      imageSource: 'https://tile.openstreetmap.org',
    });
  });

  it('MAP_TILE_URL=local uses the emulator on this server', () => {
    expect(parseConfig({ MAP_TILE_URL: 'local' }).mapTiles).toEqual({
      url: '/api/map-tiles/{z}/{x}/{y}.svg',
      attribution: 'Local tile emulator (graticule only)',
      local: true,
      imageSource: null,
    });
  });

  it('takes another tile server with its attribution; {s} becomes a wildcard image source', () => {
    expect(
      parseConfig({
        MAP_TILE_URL: 'https://{s}.tiles.example.com/base/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Example Maps',
      }).mapTiles,
    ).toEqual({
      url: 'https://{s}.tiles.example.com/base/{z}/{x}/{y}.png',
      attribution: '© Example Maps',
      local: false,
      imageSource: 'https://*.tiles.example.com',
    });
    // Another server's terms are its own: no OpenStreetMap attribution unless the tiles are OpenStreetMap's.
    expect(
      parseConfig({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' }).mapTiles
        .attribution,
    ).toBe('');
    expect(
      parseConfig({ MAP_TILE_URL: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png' }).mapTiles
        .attribution,
    ).toBe('© OpenStreetMap contributors');
  });

  it.each([
    ['https://tiles.example.com/{z}/{x}.png', 'must contain {y}'],
    ['ftp://tiles.example.com/{z}/{x}/{y}.png', 'http(s) URL'],
    ['nonsense', 'must contain {z}'],
  ])('refuses MAP_TILE_URL=%s', (value, problem) => {
    expect(() => parseConfig({ MAP_TILE_URL: value })).toThrow(ConfigError);
    expect(() => parseConfig({ MAP_TILE_URL: value })).toThrow(
      /MAP_TILE_URL must be "local" or a tile URL template/,
    );
    expect(() => parseConfig({ MAP_TILE_URL: value })).toThrow(problem);
  });

  it('spot prices: emulators without ENTSOE_TOKEN, the real services with it, nothing from ENTSO-E in production without', () => {
    expect(parseConfig({}).spotPrices).toEqual({
      entsoeUrl: 'local',
      entsoeToken: undefined,
      octopusUrl: 'local',
      octopusProduct: 'AGILE-24-10-01',
    });
    expect(parseConfig({ ENTSOE_TOKEN: 'abcd-1234-efgh' }).spotPrices).toEqual({
      entsoeUrl: 'https://web-api.tp.entsoe.eu/api',
      entsoeToken: 'abcd-1234-efgh',
      octopusUrl: 'https://api.octopus.energy',
      octopusProduct: 'AGILE-24-10-01',
    });
    expect(
      parseConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(32),
      }).spotPrices,
    ).toMatchObject({
      entsoeUrl: null,
      octopusUrl: 'https://api.octopus.energy',
    });
    expect(
      parseConfig({
        OCTOPUS_API_URL: 'http://127.0.0.1:9/',
        OCTOPUS_PRODUCT: 'AGILE-FLEX-22-11-25',
      }).spotPrices,
    ).toMatchObject({ octopusUrl: 'http://127.0.0.1:9/', octopusProduct: 'AGILE-FLEX-22-11-25' });
    expect(() => parseConfig({ ENTSOE_API_URL: 'http://127.0.0.1:9/api' })).toThrow(
      /ENTSOE_TOKEN: must be set/,
    );
    expect(() => parseConfig({ OCTOPUS_PRODUCT: 'agile; drop' })).toThrow(
      /OCTOPUS_PRODUCT must be a product code/,
    );
  });

  it('Moj Elektro and Open-Meteo archive: the emulators outside production, the real APIs in production', () => {
    expect(parseConfig({})).toMatchObject({
      mojElektroUrl: 'local',
      openMeteoArchiveUrl: 'local',
      externalCredentialsKey: undefined,
    });
    const key = 'ab'.repeat(32);
    expect(parseConfig({ NODE_ENV: 'production', EXTERNAL_CREDENTIALS_KEY: key })).toMatchObject({
      mojElektroUrl: 'https://api.informatika.si/mojelektro/v1',
      openMeteoArchiveUrl: 'https://archive-api.open-meteo.com/v1',
      externalCredentialsKey: key,
    });
    expect(
      parseConfig({
        MOJ_ELEKTRO_API_URL: 'https://api-test.informatika.si/mojelektro/v1',
        OPEN_METEO_ARCHIVE_URL: 'http://127.0.0.1:9/v1',
      }),
    ).toMatchObject({
      mojElektroUrl: 'https://api-test.informatika.si/mojelektro/v1',
      openMeteoArchiveUrl: 'http://127.0.0.1:9/v1',
    });
    expect(
      parseConfig({
        NODE_ENV: 'production',
        EXTERNAL_CREDENTIALS_KEY: key,
        MOJ_ELEKTRO_API_URL: 'local',
        OPEN_METEO_ARCHIVE_URL: 'local',
      }),
    ).toMatchObject({ mojElektroUrl: 'local', openMeteoArchiveUrl: 'local' });
    expect(() => parseConfig({ MOJ_ELEKTRO_API_URL: 'ftp://x.example.com' })).toThrow(
      /MOJ_ELEKTRO_API_URL: .*http\(s\) URL/,
    );
    expect(() => parseConfig({ OPEN_METEO_ARCHIVE_URL: 'archive' })).toThrow(
      /OPEN_METEO_ARCHIVE_URL: .*(http\(s\) URL|"local")/,
    );
  });

  it('EXTERNAL_CREDENTIALS_KEY: 32 bytes as hex or base64 (normalised to hex), required in production', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => i * 7 + 3));
    const hex = bytes.toString('hex');
    expect(
      parseConfig({ EXTERNAL_CREDENTIALS_KEY: hex.toUpperCase() }).externalCredentialsKey,
    ).toBe(hex);
    expect(
      parseConfig({ EXTERNAL_CREDENTIALS_KEY: bytes.toString('base64') }).externalCredentialsKey,
    ).toBe(hex);
    expect(
      parseConfig({ EXTERNAL_CREDENTIALS_KEY: bytes.toString('base64url') }).externalCredentialsKey,
    ).toBe(hex);
    expect(parseCredentialsKey(` ${hex}`)).toBeNull();
    for (const bad of [
      'ab'.repeat(31),
      'zz'.repeat(32),
      Buffer.alloc(31).toString('base64'),
      'secret',
    ]) {
      expect(() => parseConfig({ EXTERNAL_CREDENTIALS_KEY: bad })).toThrow(
        /EXTERNAL_CREDENTIALS_KEY must be 32 bytes/,
      );
    }
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(
      /EXTERNAL_CREDENTIALS_KEY: must be set in production/,
    );
    // The key is never echoed in the error.
    expect(() => parseConfig({ EXTERNAL_CREDENTIALS_KEY: 'ab'.repeat(31) })).not.toThrow(/abab/);
  });
});
