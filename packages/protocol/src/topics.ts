/**
 * MQTT topic names of the controller protocol (docs/controller-protocol.md).
 *
 * Every topic is `ec/v1/c/{unitId}/{direction}/{kind}`: `up` is what a controller publishes, `down` what the cloud
 * publishes to it. The unit ID is the controller's MQTT user name, so the broker's whole ACL is two patterns per
 * controller (publish `ec/v1/c/{own unit id}/up/…`, subscribe `ec/v1/c/{own unit id}/down/…`) and one topic level
 * always names exactly one controller.
 */

/** The first three levels of every topic: product, protocol version, "controllers". */
export const TOPIC_PREFIX = 'ec/v1/c';

/** Who publishes: `up` = the controller, `down` = the cloud. */
export type Direction = 'up' | 'down';

/** Delivery settings of one kind of message. */
export interface TopicKindSpec {
  /** Who publishes it. */
  direction: Direction;
  /** MQTT QoS for publishing and subscribing. */
  qos: 0 | 1;
  /**
   * Whether the broker keeps the last message. Always false: a retained message outlives the session that sent it
   * and would replay stale state or commands after a reconnect (Victron dropped them for that reason); a controller
   * publishes its full state when it connects instead.
   */
  retain: false;
}

/**
 * The kinds of message and how they travel. QoS 1 everywhere except presence: QoS 1 is only hop by hop (the broker
 * acknowledges before it routes), so losslessness comes from the application's `seq` and `ack`, not from QoS.
 */
export const TOPIC_KINDS = {
  /** Measurement batches (cumulative counters and samples), each with a `seq` the cloud acknowledges. */
  telemetry: { direction: 'up', qos: 1, retain: false },
  /** The controller's full state: sent on connect, on change and when a command asks for it. */
  state: { direction: 'up', qos: 1, retain: false },
  /** Alarms raised and cleared by the controller (communication errors, off-grid, …). */
  alarm: { direction: 'up', qos: 1, retain: false },
  /** Configuration backups uploaded by the controller. */
  backup: { direction: 'up', qos: 1, retain: false },
  /** Answers to commands (accepted, done, failed), keyed by the command's id. */
  reply: { direction: 'up', qos: 1, retain: false },
  /** `online` at connect and `offline` as the connection's last will; the server records presence from it. */
  presence: { direction: 'up', qos: 1, retain: false },
  /** Commands from the cloud: parameters, strategies, "publish your state", backup requests, updates. */
  command: { direction: 'down', qos: 1, retain: false },
  /** The highest telemetry `seq` the cloud has committed; the controller may drop its outbox up to it. */
  ack: { direction: 'down', qos: 1, retain: false },
} as const satisfies Record<string, TopicKindSpec>;

/** A kind of message (`telemetry`, `command`, …). */
export type TopicKind = keyof typeof TOPIC_KINDS;

/** The kinds a controller publishes. */
export type UpKind = {
  [K in TopicKind]: (typeof TOPIC_KINDS)[K]['direction'] extends 'up' ? K : never;
}[TopicKind];

/** The kinds the cloud publishes. */
export type DownKind = Exclude<TopicKind, UpKind>;

/**
 * A unit ID usable as one topic level: 1–64 characters of letters, digits, `.`, `_` and `-`, starting with a letter
 * or digit. This keeps out `/` (a level separator), `+` and `#` (wildcards), `$` (broker topics) and NUL.
 */
const UNIT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** Whether `value` is a well-formed controller unit ID (see `UNIT_ID` above for the rule). */
export function isUnitId(value: string): boolean {
  return UNIT_ID.test(value);
}

function topic(unitId: string, kind: TopicKind): string {
  // Refuse rather than escape: a unit ID with `/` or `+` would publish to another controller's topic or a filter.
  if (!isUnitId(unitId)) throw new TypeError(`not a controller unit ID: ${JSON.stringify(unitId)}`);
  return `${TOPIC_PREFIX}/${unitId}/${TOPIC_KINDS[kind].direction}/${kind}`;
}

/**
 * The topic of each kind of message for one controller, e.g. `topics.telemetry('EC-000001')` =
 * `ec/v1/c/EC-000001/up/telemetry`. Each throws a TypeError for a malformed unit ID.
 */
export const topics = {
  /** Where the controller publishes telemetry batches. */
  telemetry: (unitId: string) => topic(unitId, 'telemetry'),
  /** Where the controller publishes its full state. */
  state: (unitId: string) => topic(unitId, 'state'),
  /** Where the controller publishes alarms. */
  alarm: (unitId: string) => topic(unitId, 'alarm'),
  /** Where the controller uploads backups. */
  backup: (unitId: string) => topic(unitId, 'backup'),
  /** Where the controller answers commands. */
  reply: (unitId: string) => topic(unitId, 'reply'),
  /** The controller's online message and last will. */
  presence: (unitId: string) => topic(unitId, 'presence'),
  /** Where the cloud sends commands to the controller. */
  command: (unitId: string) => topic(unitId, 'command'),
  /** Where the cloud acknowledges committed telemetry. */
  ack: (unitId: string) => topic(unitId, 'ack'),
} as const satisfies Record<TopicKind, (unitId: string) => string>;

/** Subscription filters (with wildcards): only for subscribing, never for publishing. */
export const filters = {
  /** What the server subscribes to: everything every controller publishes. */
  allUp: () => `${TOPIC_PREFIX}/+/up/#`,
  /** What one controller subscribes to: everything the cloud sends it. */
  down: (unitId: string) => {
    if (!isUnitId(unitId))
      throw new TypeError(`not a controller unit ID: ${JSON.stringify(unitId)}`);
    return `${TOPIC_PREFIX}/${unitId}/down/#`;
  },
} as const;

/** A topic the protocol knows: which controller, which way, which kind. */
export interface ParsedTopic {
  /** The controller's unit ID. */
  unitId: string;
  direction: Direction;
  kind: TopicKind;
}

/** Why a topic was refused. */
export type TopicRefusal =
  /** Contains `+` or `#`: a filter, not a topic. */
  | 'wildcard'
  /** Empty, too long, or contains NUL. */
  | 'malformed'
  /** Does not start with `ec/v1/c/` (another product, another protocol version, `$SYS/…`). */
  | 'prefix'
  /** The controller level is not a well-formed unit ID. */
  | 'unit-id'
  /** Fewer or more than six levels. */
  | 'levels'
  /** Not a kind of this protocol, or a kind on the wrong direction (`up/command`). */
  | 'kind'
  /** A well-formed topic of a different direction than expected. */
  | 'direction'
  /** A well-formed topic of a different controller than expected. */
  | 'other-controller';

/** The result of `parseTopic`: the parsed topic, or why it was refused. */
export type ParseTopicResult = ({ ok: true } & ParsedTopic) | { ok: false; reason: TopicRefusal };

/** What the caller expects: the controller the connection belongs to, and/or the direction. */
export interface TopicExpectation {
  /** The unit ID of the connected controller (its MQTT user name); other controllers' topics are refused. */
  unitId?: string;
  /** `up` where the server receives or a controller publishes; `down` where a controller receives. */
  direction?: Direction;
}

/** MQTT's limit on a topic's length (a two-byte length prefix), in UTF-8 bytes. */
const MAX_TOPIC_BYTES = 65_535;

// TextEncoder rather than Buffer: the package stays free of Node-only APIs.
const utf8 = new TextEncoder();

/**
 * Maps a topic to its controller, direction and kind, or refuses it. Only exact protocol topics pass: no wildcards,
 * no empty or extra levels, no unknown kinds, no kind on the wrong direction; with `expected`, no other controller's
 * topic and no other direction. Used for every incoming message (the server's ingest) and by the broker's
 * publish/subscribe authorisation, so a controller can neither speak for another nor listen to another.
 */
export function parseTopic(topicName: string, expected: TopicExpectation = {}): ParseTopicResult {
  if (topicName.length === 0 || topicName.includes('\0')) return refuse('malformed');
  if (utf8.encode(topicName).length > MAX_TOPIC_BYTES) return refuse('malformed');
  if (topicName.includes('+') || topicName.includes('#')) return refuse('wildcard');
  if (!topicName.startsWith(`${TOPIC_PREFIX}/`)) return refuse('prefix');
  const levels = topicName.split('/');
  if (levels.length !== 6) return refuse('levels');
  const [, , , unitId = '', direction, kind = ''] = levels;
  if (!isUnitId(unitId)) return refuse('unit-id');
  if (direction !== 'up' && direction !== 'down') return refuse('kind');
  if (!Object.hasOwn(TOPIC_KINDS, kind)) return refuse('kind');
  const spec = TOPIC_KINDS[kind as TopicKind];
  if (spec.direction !== direction) return refuse('kind');
  if (expected.direction !== undefined && expected.direction !== direction) {
    return refuse('direction');
  }
  if (expected.unitId !== undefined && expected.unitId !== unitId)
    return refuse('other-controller');
  return { ok: true, unitId, direction, kind: kind as TopicKind };
}

function refuse(reason: TopicRefusal): ParseTopicResult {
  return { ok: false, reason };
}

/**
 * Whether a controller (identified by its unit ID, its MQTT user name) may subscribe to `filter`: only its own
 * `down` filter or one of its own `down` topics. Meant for the broker's subscribe authorisation.
 */
export function maySubscribe(unitId: string, filter: string): boolean {
  if (!isUnitId(unitId)) return false;
  if (filter === filters.down(unitId)) return true;
  return parseTopic(filter, { unitId, direction: 'down' }).ok;
}

/**
 * Whether a controller may publish to `topicName`: only its own `up` topics. Meant for the broker's publish
 * authorisation.
 */
export function mayPublish(unitId: string, topicName: string): boolean {
  return isUnitId(unitId) && parseTopic(topicName, { unitId, direction: 'up' }).ok;
}
