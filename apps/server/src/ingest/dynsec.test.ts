// The dynamic-security commands against a real Mosquitto 2.0 with the plugin: a private broker on a free port in a
// temporary directory (the machine's shared Mosquitto at 1883 is anonymous and stays untouched).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import { dynsecCommands, pushControllerSecret } from './dynsec.ts';

const PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';
const available = existsSync(PLUGIN) && spawnSync('mosquitto_ctrl', ['--help']).error === undefined;

let dir: string;
let broker: ChildProcess;
let url: string;
let admin: MqttClient;
const clients: MqttClient[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  if (!available) return;
  dir = mkdtempSync(join(tmpdir(), 'ec-dynsec-'));
  const config = join(dir, 'dynsec.json');
  spawnSync('mosquitto_ctrl', ['dynsec', 'init', config, 'admin', 'admin-pass-1']);
  const port = await freePort();
  writeFileSync(
    join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      // Started as root, Mosquitto would switch to its own user, which cannot read this private directory.
      `user ${userInfo().username}`,
      'allow_anonymous false',
      'persistence false',
      `plugin ${PLUGIN}`,
      `plugin_opt_config_file ${config}`,
      '',
    ].join('\n'),
  );
  broker = spawn('mosquitto', ['-c', join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  url = `mqtt://127.0.0.1:${port}`;
  admin = await vi.waitFor(
    () =>
      mqtt.connectAsync(url, {
        username: 'admin',
        password: 'admin-pass-1',
        reconnectPeriod: 0,
      }),
    { timeout: 10_000, interval: 100 },
  );
});

afterAll(async () => {
  if (!available) return;
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await admin?.endAsync(true);
  broker?.kill();
  rmSync(dir, { recursive: true, force: true });
});

function connect(username: string, password: string): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, {
      username,
      password,
      protocolVersion: 4,
      reconnectPeriod: 0,
    });
    client.once('connect', () => {
      clients.push(client);
      resolve(client);
    });
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

const transport = {
  publish: async (
    topic: string,
    payload: string | Buffer,
    options: { qos: 0 | 1; retain: boolean },
  ) => {
    await admin.publishAsync(topic, payload, options);
  },
};

describe.skipIf(!available)('Mosquitto dynamic security', () => {
  it('builds one role per controller with literal topics', () => {
    const { commands } = dynsecCommands('EC-1', 's');
    expect(commands.map((c) => ('topic' in c ? c.topic : c.command))).toEqual([
      'createRole',
      'ec/v1/c/EC-1/telemetry',
      'ec/v1/c/EC-1/state',
      'ec/v1/c/EC-1/p1',
      'ec/v1/c/EC-1/reply/+',
      'ec/v1/c/EC-1/cmd/#',
      'ec/v1/c/EC-1/ack',
      'deleteClient',
      'createClient',
    ]);
  });

  it('lets a controller in with its secret only, within its own topics, and replaces it on rotation', async () => {
    await pushControllerSecret(transport, 'EC-DYN1', 'first-secret');
    const first = await vi.waitFor(() => connect('EC-DYN1', 'first-secret'), {
      timeout: 5000,
      interval: 100,
    });
    const granted = await new Promise<number[]>((resolve) => {
      first.on('packetreceive', (packet) => {
        if (packet.cmd === 'suback') resolve(packet.granted as number[]);
      });
      first.subscribe(
        ['ec/v1/c/EC-DYN1/cmd/#', 'ec/v1/c/EC-DYN1/ack', 'ec/v1/c/EC-OTHER/ack'],
        () => {},
      );
    });
    expect(granted).toEqual([0, 0, 128]);

    const closed = new Promise<void>((resolve) => first.once('close', () => resolve()));
    await pushControllerSecret(transport, 'EC-DYN1', 'second-secret');
    await closed;
    await expect(connect('EC-DYN1', 'first-secret')).rejects.toThrow();
    await vi.waitFor(() => connect('EC-DYN1', 'second-secret'), { timeout: 5000, interval: 100 });
  });
});
