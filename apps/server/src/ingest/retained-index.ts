/**
 * An index of the embedded broker's retained messages by controller. aedes' memory persistence answers every
 * SUBSCRIBE by testing the subscription's patterns against every retained message, so with one retained `state` per
 * controller each connection costs O(fleet) and connecting a fleet O(fleet²): 10,000 controllers took 118 s to
 * connect (bench/fleet.ts), 1,000 took 4.7 s. Controllers subscribe only under their own `ec/v1/c/{unitId}/`, so
 * the retained messages are kept in buckets by their first four topic levels and a pattern whose first four levels
 * are literal looks only into its bucket; any other pattern (a wildcard there) is answered by aedes as before.
 */
import { Readable } from 'node:stream';

/** The part of an aedes persistence this wraps (aedes-persistence's memory persistence). */
export interface RetainedPersistence {
  storeRetained(packet: RetainedPacket, cb?: (error?: Error | null) => void): unknown;
  createRetainedStreamCombi(patterns: string[]): Readable;
}

export interface RetainedPacket {
  topic: string;
  payload: Buffer | string;
}

const BUCKET_LEVELS = 4;

/** The first four levels of a topic, or null when it has fewer or (for a pattern) a wildcard among them. */
function bucketOf(topic: string): string | null {
  const levels = topic.split('/', BUCKET_LEVELS);
  if (levels.length < BUCKET_LEVELS) return null;
  if (levels.some((level) => level === '+' || level === '#')) return null;
  return levels.join('/');
}

/** Whether an MQTT topic matches a subscription pattern (`+` one level, `#` the rest). */
export function topicMatches(pattern: string, topic: string): boolean {
  const want = pattern.split('/');
  const have = topic.split('/');
  for (let i = 0; i < want.length; i++) {
    const level = want[i];
    if (level === '#') return true;
    if (i >= have.length) return false;
    if (level !== '+' && level !== have[i]) return false;
  }
  return want.length === have.length;
}

/**
 * Wraps `persistence` in place: `storeRetained` also files the message in its bucket (an empty payload removes it,
 * as in MQTT), and `createRetainedStreamCombi` answers patterns with a literal bucket from that bucket alone.
 */
export function indexRetained(persistence: RetainedPersistence): void {
  const buckets = new Map<string, Map<string, RetainedPacket>>();
  const store = persistence.storeRetained.bind(persistence);
  const combi = persistence.createRetainedStreamCombi.bind(persistence);

  persistence.storeRetained = (packet, cb) => {
    const bucket = bucketOf(packet.topic);
    if (bucket !== null) {
      const messages = buckets.get(bucket) ?? new Map<string, RetainedPacket>();
      if (packet.payload.length === 0) messages.delete(packet.topic);
      else messages.set(packet.topic, { ...packet });
      if (messages.size === 0) buckets.delete(bucket);
      else buckets.set(bucket, messages);
    }
    return store(packet, cb);
  };

  persistence.createRetainedStreamCombi = (patterns) => {
    if (patterns.some((pattern) => bucketOf(pattern) === null)) return combi(patterns);
    const found: RetainedPacket[] = [];
    for (const pattern of patterns) {
      for (const [topic, packet] of buckets.get(bucketOf(pattern) ?? '') ?? []) {
        if (topicMatches(pattern, topic)) found.push(packet);
      }
    }
    return Readable.from(found);
  };
}
