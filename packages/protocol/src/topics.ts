/**
 * MQTT topic names of the controller protocol v1 (docs/controller-protocol.md).
 *
 * Every topic starts `ec/v1/c/{unitId}/`: `ec` the product, `v1` the protocol version, `c` controllers, then the
 * controller's unit ID (its MQTT user name), then the kind:
 *
 * | topic                         | who publishes | what                                                  |
 * | ----------------------------- | ------------- | ----------------------------------------------------- |
 * | `ec/v1/c/{unitId}/telemetry`  | controller    | measurement batches with a `seq`                      |
 * | `ec/v1/c/{unitId}/state`      | controller    | online flag, firmware, connection (retained; will)    |
 * | `ec/v1/c/{unitId}/p1`         | controller    | a raw DSMR telegram of a P1 meter                     |
 * | `ec/v1/c/{unitId}/reply/{id}` | controller    | the answer to command `{id}`                          |
 * | `ec/v1/c/{unitId}/cmd/{name}` | cloud         | a command (`live`, later parameters, backups, …)      |
 * | `ec/v1/c/{unitId}/ack`        | cloud         | the highest telemetry `seq` committed to the database |
 *
 * The unit ID is one topic level, so one level always names exactly one controller and the broker's ACL is a few
 * patterns per controller.
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
  /** Whether the broker keeps the last message (only `state`, so a subscriber sees the current one at once). */
  retain: boolean;
  /** Whether the kind takes one more topic level (the command's name, the reply's command id). */
  argument: boolean;
}

/**
 * The kinds of message and how they travel. QoS 1 everywhere: QoS 1 is only hop by hop (a broker may acknowledge
 * before it routes), so losslessness comes from the application's `seq` and `ack`, not from QoS.
 */
export const TOPIC_KINDS = {
  /** Measurement batches (cumulative counters and samples), each with a `seq` the cloud acknowledges. */
  telemetry: { direction: 'up', qos: 1, retain: false, argument: false },
  /** Online flag, firmware, connection and addresses; retained, and `{"online":false}` as the last will. */
  state: { direction: 'up', qos: 1, retain: true, argument: false },
  /** The raw text of a DSMR P1 telegram; the cloud checks its CRC and parses it. */
  p1: { direction: 'up', qos: 1, retain: false, argument: false },
  /** The answer to a command, on `reply/{command id}`. */
  reply: { direction: 'up', qos: 1, retain: false, argument: true },
  /** A command from the cloud, on `cmd/{name}`. */
  cmd: { direction: 'down', qos: 1, retain: false, argument: true },
  /** The highest telemetry `seq` the cloud has committed; the controller may drop its outbox up to it. */
  ack: { direction: 'down', qos: 1, retain: false, argument: false },
} as const satisfies Record<string, TopicKindSpec>;

/** A kind of message (`telemetry`, `cmd`, …). */
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

/** A command id (the `{id}` of `reply/{id}`): the same characters as a unit ID. */
const COMMAND_ID = UNIT_ID;

/** A command name (the `{name}` of `cmd/{name}`): lower case, digits, `_` and `-`, starting with a letter. */
const COMMAND_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

/** Whether `value` is a well-formed controller unit ID (see `UNIT_ID` above for the rule). */
export function isUnitId(value: string): boolean {
  return UNIT_ID.test(value);
}

/** Whether `value` is a well-formed command id (what `reply/{id}` carries). */
export function isCommandId(value: string): boolean {
  return COMMAND_ID.test(value);
}

/** Whether `value` is a well-formed command name (what `cmd/{name}` carries). */
export function isCommandName(value: string): boolean {
  return COMMAND_NAME.test(value);
}

function base(unitId: string): string {
  // Refuse rather than escape: a unit ID with `/` or `+` would publish to another controller's topic or a filter.
  if (!isUnitId(unitId)) throw new TypeError(`not a controller unit ID: ${JSON.stringify(unitId)}`);
  return `${TOPIC_PREFIX}/${unitId}`;
}

/**
 * The topic of each kind of message for one controller, e.g. `topics.telemetry('EC-000001')` =
 * `ec/v1/c/EC-000001/telemetry`. Each throws a TypeError for a malformed unit ID, command name or command id.
 */
export const topics = {
  /** Where the controller publishes telemetry batches. */
  telemetry: (unitId: string) => `${base(unitId)}/telemetry`,
  /** Where the controller publishes its state (retained) and its last will. */
  state: (unitId: string) => `${base(unitId)}/state`,
  /** Where a P1 gateway publishes raw DSMR telegrams. */
  p1: (unitId: string) => `${base(unitId)}/p1`,
  /** Where the controller answers the command with this id. */
  reply: (unitId: string, commandId: string) => {
    if (!isCommandId(commandId))
      throw new TypeError(`not a command id: ${JSON.stringify(commandId)}`);
    return `${base(unitId)}/reply/${commandId}`;
  },
  /** Where the cloud sends the command of this name. */
  cmd: (unitId: string, name: string) => {
    if (!isCommandName(name)) throw new TypeError(`not a command name: ${JSON.stringify(name)}`);
    return `${base(unitId)}/cmd/${name}`;
  },
  /** Where the cloud acknowledges committed telemetry. */
  ack: (unitId: string) => `${base(unitId)}/ack`,
} as const satisfies Record<TopicKind, (unitId: string, argument: string) => string>;

/** Subscription filters (with wildcards): only for subscribing, never for publishing. */
export const filters = {
  /**
   * What the server subscribes to: everything controllers publish, one filter per kind (`ec/v1/c/+/telemetry`,
   * `ec/v1/c/+/state`, `ec/v1/c/+/p1`, `ec/v1/c/+/reply/+`).
   */
  serverUp: (): string[] =>
    (Object.keys(TOPIC_KINDS) as TopicKind[])
      .filter((kind) => TOPIC_KINDS[kind].direction === 'up')
      .map((kind) => `${TOPIC_PREFIX}/+/${kind}${TOPIC_KINDS[kind].argument ? '/+' : ''}`),
  /**
   * The server's filters as an MQTT 5 / Mosquitto shared subscription (`$share/{group}/…`), so several server
   * instances split the stream instead of each receiving every message.
   */
  sharedServerUp: (group: string): string[] => {
    if (!isUnitId(group)) throw new TypeError(`not a share group: ${JSON.stringify(group)}`);
    return filters.serverUp().map((filter) => `$share/${group}/${filter}`);
  },
  /** What one controller subscribes to: its commands (`…/cmd/#`) and its acknowledgements (`…/ack`). */
  controller: (unitId: string): string[] => [`${base(unitId)}/cmd/#`, `${base(unitId)}/ack`],
} as const;

/** A topic the protocol knows: which controller, which way, which kind, and the extra level if the kind has one. */
export interface ParsedTopic {
  /** The controller's unit ID. */
  unitId: string;
  direction: Direction;
  kind: TopicKind;
  /** The command name of `cmd/{name}` or the command id of `reply/{id}`; absent for other kinds. */
  argument?: string;
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
  /** Too few or too many levels for the kind. */
  | 'levels'
  /** Not a kind of this protocol, or a malformed command name or id. */
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
 * no empty or extra levels, no unknown kinds; with `expected`, no other controller's topic and no other direction.
 * Used for every incoming message (the server's ingest) and by the broker's publish/subscribe authorisation, so a
 * controller can neither speak for another nor listen to another.
 */
export function parseTopic(topicName: string, expected: TopicExpectation = {}): ParseTopicResult {
  if (topicName.length === 0 || topicName.includes('\0')) return refuse('malformed');
  if (utf8.encode(topicName).length > MAX_TOPIC_BYTES) return refuse('malformed');
  if (topicName.includes('+') || topicName.includes('#')) return refuse('wildcard');
  if (!topicName.startsWith(`${TOPIC_PREFIX}/`)) return refuse('prefix');
  const levels = topicName.split('/');
  if (levels.length < 5 || levels.length > 6) return refuse('levels');
  const [, , , unitId = '', kind = '', argument] = levels;
  if (!isUnitId(unitId)) return refuse('unit-id');
  if (!Object.hasOwn(TOPIC_KINDS, kind)) return refuse('kind');
  const spec = TOPIC_KINDS[kind as TopicKind];
  if (spec.argument !== (argument !== undefined)) return refuse('levels');
  if (argument !== undefined) {
    const valid = kind === 'cmd' ? isCommandName(argument) : isCommandId(argument);
    if (!valid) return refuse('kind');
  }
  if (expected.direction !== undefined && expected.direction !== spec.direction) {
    return refuse('direction');
  }
  if (expected.unitId !== undefined && expected.unitId !== unitId)
    return refuse('other-controller');
  return {
    ok: true,
    unitId,
    direction: spec.direction,
    kind: kind as TopicKind,
    ...(argument === undefined ? {} : { argument }),
  };
}

function refuse(reason: TopicRefusal): ParseTopicResult {
  return { ok: false, reason };
}

/**
 * Whether a controller (identified by its unit ID, its MQTT user name) may subscribe to `filter`: only its own
 * command filter (`…/cmd/#`), one of its own command topics, or its own `ack`. Meant for the broker's subscribe
 * authorisation.
 */
export function maySubscribe(unitId: string, filter: string): boolean {
  if (!isUnitId(unitId)) return false;
  if (filters.controller(unitId).includes(filter)) return true;
  return parseTopic(filter, { unitId, direction: 'down' }).ok;
}

/**
 * Whether a controller may publish to `topicName`: only its own `telemetry`, `state`, `p1` and `reply/{id}` topics.
 * Meant for the broker's publish authorisation.
 */
export function mayPublish(unitId: string, topicName: string): boolean {
  return isUnitId(unitId) && parseTopic(topicName, { unitId, direction: 'up' }).ok;
}
