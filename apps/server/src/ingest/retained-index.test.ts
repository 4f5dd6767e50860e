import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { indexRetained, topicMatches, type RetainedPacket } from './retained-index.ts';

/** A persistence that keeps retained messages in a map and answers by scanning them all (as aedes' memory one). */
function scanning() {
  const retained = new Map<string, RetainedPacket>();
  const scans: string[][] = [];
  const persistence = {
    storeRetained(packet: RetainedPacket, cb?: (error?: Error | null) => void) {
      if (packet.payload.length === 0) retained.delete(packet.topic);
      else retained.set(packet.topic, packet);
      cb?.(null);
    },
    createRetainedStreamCombi(patterns: string[]) {
      scans.push(patterns);
      return Readable.from(
        patterns.flatMap((p) => [...retained.values()].filter((m) => topicMatches(p, m.topic))),
      );
    },
  };
  return { persistence, scans };
}

const topicsOf = async (stream: Readable) =>
  (await stream.toArray()).map((m: RetainedPacket) => m.topic).sort();

describe('indexRetained', () => {
  it('answers a controller’s patterns from its own bucket, without a scan, and forgets cleared messages', async () => {
    const { persistence, scans } = scanning();
    indexRetained(persistence);
    for (let i = 0; i < 1000; i++)
      persistence.storeRetained({ topic: `ec/v1/c/U${i}/state`, payload: '{"online":true}' });
    persistence.storeRetained({ topic: 'ec/v1/c/U7/cmd/live', payload: '{"id":"a"}' });
    expect(
      await topicsOf(persistence.createRetainedStreamCombi(['ec/v1/c/U7/cmd/#', 'ec/v1/c/U7/ack'])),
    ).toEqual(['ec/v1/c/U7/cmd/live']);
    expect(await topicsOf(persistence.createRetainedStreamCombi(['ec/v1/c/U7/+']))).toEqual([
      'ec/v1/c/U7/state',
    ]);
    expect(scans).toEqual([]);
    // An empty retained payload clears the message, in the index as in the broker.
    persistence.storeRetained({ topic: 'ec/v1/c/U7/state', payload: '' });
    expect(await topicsOf(persistence.createRetainedStreamCombi(['ec/v1/c/U7/#']))).toEqual([
      'ec/v1/c/U7/cmd/live',
    ]);
  });

  it('leaves patterns with a wildcard in the first four levels to the broker’s own scan', async () => {
    const { persistence, scans } = scanning();
    indexRetained(persistence);
    persistence.storeRetained({ topic: 'ec/v1/c/A/state', payload: 'x' });
    persistence.storeRetained({ topic: 'ec/v1/c/B/state', payload: 'y' });
    persistence.storeRetained({ topic: 'other', payload: 'z' });
    expect(await topicsOf(persistence.createRetainedStreamCombi(['ec/v1/c/+/state']))).toEqual([
      'ec/v1/c/A/state',
      'ec/v1/c/B/state',
    ]);
    expect(await topicsOf(persistence.createRetainedStreamCombi(['#']))).toHaveLength(3);
    expect(scans).toEqual([['ec/v1/c/+/state'], ['#']]);
  });

  it('matches MQTT patterns', () => {
    expect(topicMatches('a/+/c', 'a/b/c')).toBe(true);
    expect(topicMatches('a/#', 'a')).toBe(true);
    expect(topicMatches('a/#', 'a/b/c')).toBe(true);
    expect(topicMatches('a/+', 'a/b/c')).toBe(false);
    expect(topicMatches('a/b', 'a/b/c')).toBe(false);
    expect(topicMatches('a/b/c', 'a/b')).toBe(false);
  });
});
