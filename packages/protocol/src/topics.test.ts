import { describe, expect, it } from 'vitest';
import {
  filters,
  isCommandId,
  isCommandName,
  isUnitId,
  mayPublish,
  maySubscribe,
  parseTopic,
  TOPIC_KINDS,
  TOPIC_PREFIX,
  topics,
  type ParsedTopic,
  type TopicExpectation,
  type TopicKind,
  type TopicRefusal,
} from './topics.ts';

const UNIT = 'EC-000001';
const OTHER = 'EC-000002';

/** MQTT topic matching (the broker's rules for `+` and `#`), to check filters against topics. */
function matches(filter: string, topicName: string): boolean {
  const shared = /^\$share\/[^/]+\/(.*)$/.exec(filter);
  const f = (shared ? (shared[1] ?? '') : filter).split('/');
  const t = topicName.split('/');
  for (let index = 0; index < f.length; index++) {
    if (f[index] === '#') return true;
    if (index >= t.length) return false;
    if (f[index] !== '+' && f[index] !== t[index]) return false;
  }
  return f.length === t.length;
}

/** One topic of every kind for `unitId`. */
const everyTopic = (unitId: string): Record<TopicKind, string> => ({
  telemetry: topics.telemetry(unitId),
  state: topics.state(unitId),
  p1: topics.p1(unitId),
  reply: topics.reply(unitId, 'c-42'),
  cmd: topics.cmd(unitId, 'live'),
  ack: topics.ack(unitId),
});

describe('topics', () => {
  it.each([
    ['telemetry', topics.telemetry(UNIT), 'ec/v1/c/EC-000001/telemetry'],
    ['state', topics.state(UNIT), 'ec/v1/c/EC-000001/state'],
    ['p1', topics.p1(UNIT), 'ec/v1/c/EC-000001/p1'],
    ['reply', topics.reply(UNIT, '7f3a-01'), 'ec/v1/c/EC-000001/reply/7f3a-01'],
    ['cmd', topics.cmd(UNIT, 'live'), 'ec/v1/c/EC-000001/cmd/live'],
    ['ack', topics.ack(UNIT), 'ec/v1/c/EC-000001/ack'],
  ])('topics.%s = %s', (_kind, actual, expected) => {
    expect(actual).toBe(expected);
    expect(actual.startsWith(`${TOPIC_PREFIX}/`)).toBe(true);
  });

  it('has a topic function for every kind, and every topic parses back to its kind and argument', () => {
    expect(Object.keys(topics).sort()).toEqual(Object.keys(TOPIC_KINDS).sort());
    const all = everyTopic(UNIT);
    for (const kind of Object.keys(TOPIC_KINDS) as TopicKind[]) {
      const expected: ParsedTopic = { unitId: UNIT, direction: TOPIC_KINDS[kind].direction, kind };
      if (kind === 'reply') expected.argument = 'c-42';
      if (kind === 'cmd') expected.argument = 'live';
      expect(parseTopic(all[kind])).toEqual({ ok: true, ...expected });
    }
  });

  it('sends everything with QoS 1 and retains only the state', () => {
    for (const [kind, spec] of Object.entries(TOPIC_KINDS)) {
      expect(spec.qos).toBe(1);
      expect(spec.retain).toBe(kind === 'state');
    }
  });

  it('has the controller publish telemetry, state, p1 and replies, and the cloud commands and acks', () => {
    const up = Object.entries(TOPIC_KINDS)
      .filter(([, spec]) => spec.direction === 'up')
      .map(([kind]) => kind);
    expect(up.sort()).toEqual(['p1', 'reply', 'state', 'telemetry']);
    expect(TOPIC_KINDS.cmd.direction).toBe('down');
    expect(TOPIC_KINDS.ack.direction).toBe('down');
  });

  it.each(['', 'EC/1', 'EC+1', 'EC#1', '$SYS', '-EC', 'a'.repeat(65), 'EC 1', 'EC\u00001', 'é'])(
    'refuses to build a topic for the unit ID %j',
    (unitId) => {
      for (const build of [
        () => topics.telemetry(unitId),
        () => topics.state(unitId),
        () => topics.p1(unitId),
        () => topics.reply(unitId, 'c1'),
        () => topics.cmd(unitId, 'live'),
        () => topics.ack(unitId),
        () => filters.controller(unitId),
      ]) {
        expect(build).toThrow(TypeError);
      }
    },
  );

  it.each(['', 'Live', '1live', 'live/x', 'live+', '#', 'a'.repeat(33)])(
    'refuses the command name %j',
    (name) => {
      expect(() => topics.cmd(UNIT, name)).toThrow(TypeError);
    },
  );

  it.each(['', 'a/b', '+', '#', '-1', 'x'.repeat(65)])('refuses the command id %j', (id) => {
    expect(() => topics.reply(UNIT, id)).toThrow(TypeError);
  });
});

describe('identifier rules', () => {
  it.each([
    ['EC-000001', true],
    ['a', true],
    ['unit_1.b-2', true],
    ['9'.repeat(64), true],
    ['9'.repeat(65), false],
    ['', false],
    ['.hidden', false],
    ['a/b', false],
    ['a+', false],
    ['a#', false],
    ['$SYS', false],
    ['a b', false],
    ['a\u0000', false],
  ])('isUnitId(%j) = %s', (value, valid) => {
    expect(isUnitId(value)).toBe(valid);
    expect(isCommandId(value)).toBe(valid);
  });

  it.each([
    ['live', true],
    ['set_parameters', true],
    ['backup-now', true],
    ['a2', true],
    ['a'.repeat(32), true],
    ['a'.repeat(33), false],
    ['Live', false],
    ['2live', false],
    ['', false],
    ['live.x', false],
  ])('isCommandName(%j) = %s', (value, valid) => {
    expect(isCommandName(value)).toBe(valid);
  });
});

describe('filters', () => {
  it('has the server subscribe to every kind controllers publish, one filter each', () => {
    expect(filters.serverUp()).toEqual([
      'ec/v1/c/+/telemetry',
      'ec/v1/c/+/state',
      'ec/v1/c/+/p1',
      'ec/v1/c/+/reply/+',
    ]);
  });

  it('offers the same filters as a shared subscription', () => {
    expect(filters.sharedServerUp('ec-ingest')).toEqual([
      '$share/ec-ingest/ec/v1/c/+/telemetry',
      '$share/ec-ingest/ec/v1/c/+/state',
      '$share/ec-ingest/ec/v1/c/+/p1',
      '$share/ec-ingest/ec/v1/c/+/reply/+',
    ]);
  });

  it.each(['', 'a/b', 'a+', '#', '$share'])('refuses the share group %j', (group) => {
    expect(() => filters.sharedServerUp(group)).toThrow(TypeError);
  });

  it('has a controller subscribe to its commands and acks', () => {
    expect(filters.controller(UNIT)).toEqual(['ec/v1/c/EC-000001/cmd/#', 'ec/v1/c/EC-000001/ack']);
  });

  it('server filters match exactly the topics controllers publish, of every controller', () => {
    for (const unitId of [UNIT, OTHER]) {
      for (const [kind, topicName] of Object.entries(everyTopic(unitId))) {
        const up = TOPIC_KINDS[kind as TopicKind].direction === 'up';
        expect(filters.serverUp().some((filter) => matches(filter, topicName))).toBe(up);
        expect(filters.sharedServerUp('g').some((filter) => matches(filter, topicName))).toBe(up);
      }
    }
  });

  it('controller filters match exactly its own commands and acks', () => {
    for (const unitId of [UNIT, OTHER]) {
      for (const [kind, topicName] of Object.entries(everyTopic(unitId))) {
        const own = unitId === UNIT && TOPIC_KINDS[kind as TopicKind].direction === 'down';
        expect(filters.controller(UNIT).some((filter) => matches(filter, topicName))).toBe(own);
      }
    }
  });
});

describe('parseTopic', () => {
  it.each<[string, TopicExpectation, Partial<ParsedTopic> | TopicRefusal]>([
    // Accepted, every kind, with and without expectations.
    ['ec/v1/c/EC-000001/telemetry', {}, { unitId: UNIT, kind: 'telemetry', direction: 'up' }],
    ['ec/v1/c/EC-000001/state', { unitId: UNIT }, { kind: 'state' }],
    ['ec/v1/c/EC-000001/p1', { direction: 'up' }, { kind: 'p1' }],
    [
      'ec/v1/c/EC-000001/reply/c-1',
      { unitId: UNIT, direction: 'up' },
      { kind: 'reply', argument: 'c-1' },
    ],
    [
      'ec/v1/c/EC-000001/cmd/live',
      { direction: 'down' },
      { kind: 'cmd', argument: 'live', direction: 'down' },
    ],
    ['ec/v1/c/EC-000001/ack', { unitId: UNIT, direction: 'down' }, { kind: 'ack' }],
    // Wildcards: filters are never topics.
    ['ec/v1/c/+/telemetry', {}, 'wildcard'],
    ['ec/v1/c/EC-000001/#', {}, 'wildcard'],
    ['ec/v1/c/EC-000001/cmd/+', {}, 'wildcard'],
    ['ec/v1/c/EC-000001/reply/#', {}, 'wildcard'],
    ['#', {}, 'wildcard'],
    ['+', {}, 'wildcard'],
    ['ec/v1/c/EC+1/telemetry', {}, 'wildcard'],
    ['$share/g/ec/v1/c/+/telemetry', {}, 'wildcard'],
    // Malformed.
    ['', {}, 'malformed'],
    ['ec/v1/c/EC-000001/telemetry\u0000', {}, 'malformed'],
    [`ec/v1/c/EC-000001/reply/${'x'.repeat(65_536)}`, {}, 'malformed'],
    // Other prefixes: broker topics, other versions and products.
    ['$SYS/broker/uptime', {}, 'prefix'],
    ['$SYS/broker/clients/connected', { direction: 'up' }, 'prefix'],
    ['$share/g/ec/v1/c/EC-000001/telemetry', {}, 'prefix'],
    ['ec/v2/c/EC-000001/telemetry', {}, 'prefix'],
    ['ec/v0/c/EC-000001/telemetry', {}, 'prefix'],
    ['EC/v1/c/EC-000001/telemetry', {}, 'prefix'],
    ['ec/v1/x/EC-000001/telemetry', {}, 'prefix'],
    ['/ec/v1/c/EC-000001/telemetry', {}, 'prefix'],
    ['ec/v1/c', {}, 'prefix'],
    // Too few or too many levels, empty levels.
    ['ec/v1/c/EC-000001', {}, 'levels'],
    ['ec/v1/c/EC-000001/telemetry/extra', {}, 'levels'],
    ['ec/v1/c/EC-000001/telemetry/', {}, 'levels'],
    ['ec/v1/c/EC-000001/ack/1', {}, 'levels'],
    ['ec/v1/c/EC-000001/reply', {}, 'levels'],
    ['ec/v1/c/EC-000001/cmd', {}, 'levels'],
    ['ec/v1/c/EC-000001/reply/c-1/x', {}, 'levels'],
    ['ec/v1/c/EC-000001/cmd/live/x', {}, 'levels'],
    ['ec/v1/c/EC-000001/', {}, 'kind'],
    // Bad unit IDs.
    ['ec/v1/c//telemetry', {}, 'unit-id'],
    ['ec/v1/c/$SYS/telemetry', {}, 'unit-id'],
    ['ec/v1/c/-x/telemetry', {}, 'unit-id'],
    [`ec/v1/c/${'a'.repeat(65)}/telemetry`, {}, 'unit-id'],
    // Unknown kinds, the old up/down layout, malformed arguments.
    ['ec/v1/c/EC-000001/unknown', {}, 'kind'],
    ['ec/v1/c/EC-000001/up/telemetry', {}, 'kind'],
    ['ec/v1/c/EC-000001/down/ack', {}, 'kind'],
    ['ec/v1/c/EC-000001/presence', {}, 'kind'],
    ['ec/v1/c/EC-000001/__proto__', {}, 'kind'],
    ['ec/v1/c/EC-000001/constructor', {}, 'kind'],
    ['ec/v1/c/EC-000001/toString', {}, 'kind'],
    ['ec/v1/c/EC-000001/TELEMETRY', {}, 'kind'],
    ['ec/v1/c/EC-000001/cmd/Live', {}, 'kind'],
    ['ec/v1/c/EC-000001/cmd/', {}, 'kind'],
    ['ec/v1/c/EC-000001/reply/', {}, 'kind'],
    ['ec/v1/c/EC-000001/reply/-1', {}, 'kind'],
    // Expectations: wrong direction, other controller.
    ['ec/v1/c/EC-000001/cmd/live', { direction: 'up' }, 'direction'],
    ['ec/v1/c/EC-000001/ack', { direction: 'up' }, 'direction'],
    ['ec/v1/c/EC-000001/telemetry', { direction: 'down' }, 'direction'],
    ['ec/v1/c/EC-000001/reply/c-1', { direction: 'down' }, 'direction'],
    ['ec/v1/c/EC-000002/telemetry', { unitId: UNIT }, 'other-controller'],
    ['ec/v1/c/EC-0000011/state', { unitId: UNIT }, 'other-controller'],
    ['ec/v1/c/ec-000001/p1', { unitId: UNIT }, 'other-controller'],
    ['ec/v1/c/EC-000002/cmd/live', { unitId: UNIT, direction: 'down' }, 'other-controller'],
  ])('parseTopic(%j, %j) → %j', (topicName, expected, outcome) => {
    const result = parseTopic(topicName, expected);
    if (typeof outcome === 'string') {
      expect(result).toEqual({ ok: false, reason: outcome });
    } else {
      expect(result).toMatchObject({ ok: true, ...outcome });
    }
  });

  it('leaves `argument` out for kinds without one', () => {
    expect(parseTopic(topics.telemetry(UNIT))).not.toHaveProperty('argument');
  });
});

describe('broker authorisation', () => {
  it.each([
    // Its own telemetry, state, p1 and replies.
    [UNIT, topics.telemetry(UNIT), true],
    [UNIT, topics.state(UNIT), true],
    [UNIT, topics.p1(UNIT), true],
    [UNIT, topics.reply(UNIT, 'c-1'), true],
    // Not what the cloud publishes, even its own.
    [UNIT, topics.cmd(UNIT, 'live'), false],
    [UNIT, topics.ack(UNIT), false],
    // Never another controller's.
    [UNIT, topics.telemetry(OTHER), false],
    [UNIT, topics.state(OTHER), false],
    [UNIT, topics.p1(OTHER), false],
    [UNIT, topics.reply(OTHER, 'c-1'), false],
    // No wildcards, extra levels, other prefixes, unknown kinds.
    [UNIT, 'ec/v1/c/EC-000001/#', false],
    [UNIT, 'ec/v1/c/+/telemetry', false],
    [UNIT, 'ec/v1/c/EC-000001/reply/+', false],
    [UNIT, 'ec/v1/c/EC-000001/telemetry/x', false],
    [UNIT, 'ec/v1/c/EC-000001/reply', false],
    [UNIT, 'ec/v1/c/EC-000001/alarm', false],
    [UNIT, 'ec/v2/c/EC-000001/telemetry', false],
    [UNIT, '$SYS/x', false],
    // A malformed user name gets nothing.
    ['EC/1', 'ec/v1/c/EC/1/telemetry', false],
    ['', 'ec/v1/c//telemetry', false],
    ['+', 'ec/v1/c/+/telemetry', false],
  ])('mayPublish(%j, %j) = %s', (unitId, topicName, allowed) => {
    expect(mayPublish(unitId, topicName)).toBe(allowed);
  });

  it.each<[string, string, boolean]>([
    // Its own cmd/#, one command, its ack.
    [UNIT, 'ec/v1/c/EC-000001/cmd/#', true],
    [UNIT, topics.cmd(UNIT, 'live'), true],
    [UNIT, topics.ack(UNIT), true],
    // Not another controller's.
    [UNIT, 'ec/v1/c/EC-000002/cmd/#', false],
    [UNIT, topics.cmd(OTHER, 'live'), false],
    [UNIT, topics.ack(OTHER), false],
    // Not what controllers publish, not even its own.
    [UNIT, topics.telemetry(UNIT), false],
    [UNIT, topics.state(UNIT), false],
    [UNIT, topics.p1(UNIT), false],
    [UNIT, topics.reply(UNIT, 'c-1'), false],
    // No broader filters.
    [UNIT, 'ec/v1/c/EC-000001/cmd/+', false],
    [UNIT, 'ec/v1/c/EC-000001/#', false],
    [UNIT, 'ec/v1/c/EC-000001/+', false],
    [UNIT, 'ec/v1/c/+/cmd/#', false],
    [UNIT, 'ec/v1/c/+/ack', false],
    [UNIT, 'ec/#', false],
    [UNIT, '#', false],
    [UNIT, '+/+/+/+/+', false],
    [UNIT, '$SYS/#', false],
    // No shared subscriptions (they would split the server's stream).
    [UNIT, '$share/g/ec/v1/c/EC-000001/cmd/#', false],
    ...filters
      .sharedServerUp('ec-ingest')
      .map((filter): [string, string, boolean] => [UNIT, filter, false]),
    ...filters.serverUp().map((filter): [string, string, boolean] => [UNIT, filter, false]),
    // A malformed user name gets nothing.
    ['', 'ec/v1/c//cmd/#', false],
    ['EC/1', 'ec/v1/c/EC/1/cmd/#', false],
  ])('maySubscribe(%j, %j) = %s', (unitId, filter, allowed) => {
    expect(maySubscribe(unitId, filter)).toBe(allowed);
  });
});
