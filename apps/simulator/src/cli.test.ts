import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aedes } from 'aedes';
import { describe, expect, it } from 'vitest';

describe('npm run simulate (cli.ts)', () => {
  it('runs controllers from a credentials file against a broker and prints rates', async () => {
    const secrets = new Map([
      ['LOAD-1', 'a'],
      ['LOAD-2', 'b'],
    ]);
    const broker = await Aedes.createBroker({
      authenticate: (_client, username, password, done) =>
        done(null, username !== undefined && secrets.get(username) === password?.toString()),
    });
    const acked = new Set<string>();
    // Play the cloud: acknowledge every batch.
    broker.on('publish', (packet, client) => {
      if (!client || !packet.topic.endsWith('/telemetry')) return;
      const { seq } = JSON.parse(packet.payload.toString()) as { seq: number };
      acked.add(client.id);
      broker.publish(
        {
          cmd: 'publish',
          topic: packet.topic.replace(/telemetry$/, 'ack'),
          payload: Buffer.from(JSON.stringify({ seq })),
          qos: 1,
          retain: false,
          dup: false,
        },
        () => {},
      );
    });
    const server = createServer((socket) => broker.handle(socket)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const port = (server.address() as AddressInfo).port;
    const file = join(mkdtempSync(join(tmpdir(), 'sim-')), 'credentials.json');
    writeFileSync(
      file,
      JSON.stringify([...secrets].map(([unitId, secret]) => ({ unitId, secret }))),
    );

    const child = spawn(
      process.execPath,
      [
        new URL('./cli.ts', import.meta.url).pathname,
        '--url',
        `mqtt://127.0.0.1:${port}`,
        '--credentials',
        file,
        '--live',
        '--live-interval-s',
        '1',
        '--report-s',
        '1',
        '--duration-s',
        '4',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    server.close();

    expect(code, output).toBe(0);
    expect(output).toContain('2 controllers');
    expect(output).toMatch(
      /connected=2\/2 messages\/s=[1-9][\d.]* samples\/s=[\d.]+ acks\/s=[1-9]/,
    );
    expect(output).toMatch(/stopped: published \d+ messages/);
    expect([...acked].sort()).toEqual(['LOAD-1', 'LOAD-2']);
  });
});
