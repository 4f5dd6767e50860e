import { describe, expect, it } from 'vitest';
import {
  filters,
  isUnitId,
  mayPublish,
  maySubscribe,
  parseTopic,
  TOPIC_KINDS,
  topics,
  type TopicExpectation,
  type TopicKind,
  type TopicRefusal,
} from './topics.ts';

const UNIT = 'EC-000001';
const OTHER = 'EC-000002';

describe('topics', () => {
  it.each([
    ['telemetry', 'ec/v1/c/EC-000001/up/telemetry'],
    ['state', 'ec/v1/c/EC-000001/up/state'],
    ['alarm', 'ec/v1/c/EC-000001/up/alarm'],
    ['backup', 'ec/v1/c/EC-000001/up/backup'],
    ['reply', 'ec/v1/c/EC-000001/up/reply'],
    ['presence', 'ec/v1/c/EC-000001/up/presence'],
    ['command', 'ec/v1/c/EC-000001/down/command'],
    ['ack', 'ec/v1/c/EC-000001/down/ack'],
  ] as const)('topics.%s(unit) = %s', (kind, expected) => {
    expect(topics[kind](UNIT)).toBe(expected);
  });

  it('has a topic function for every kind, and every topic parses back to its kind', () => {
    expect(Object.keys(topics).sort()).toEqual(Object.keys(TOPIC_KINDS).sort());
    for (const kind of Object.keys(TOPIC_KINDS) as TopicKind[]) {
      expect(parseTopic(topics[kind](UNIT))).toEqual({
        ok: true,
        unitId: UNIT,
        direction: TOPIC_KINDS[kind].direction,
        kind,
      });
    }
  });

  it('never retains a message', () => {
    for (const spec of Object.values(TOPIC_KINDS)) expect(spec.retain).toBe(false);
  });

  it.each(['', 'EC/1', 'EC+1', 'EC#1', '$SYS', '-EC', 'a'.repeat(65), 'EC 1', 'EC\u00001', 'é'])(
    'refuses to build a topic for the unit ID %j',
    (unitId) => {
      expect(() => topics.telemetry(unitId)).toThrow(TypeError);
      expect(() => topics.command(unitId)).toThrow(TypeError);
      expect(() => filters.down(unitId)).toThrow(TypeError);
    },
  );

  it('builds the subscription filters', () => {
    expect(filters.allUp()).toBe('ec/v1/c/+/up/#');
    expect(filters.down(UNIT)).toBe('ec/v1/c/EC-000001/down/#');
  });
});

describe('isUnitId', () => {
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
  ])('isUnitId(%j) = %s', (value, valid) => {
    expect(isUnitId(value)).toBe(valid);
  });
});

describe('parseTopic', () => {
  it.each<[string, TopicExpectation, { unitId: string; kind: TopicKind } | TopicRefusal]>([
    // Accepted.
    ['ec/v1/c/EC-000001/up/telemetry', {}, { unitId: UNIT, kind: 'telemetry' }],
    ['ec/v1/c/EC-000001/up/presence', { unitId: UNIT }, { unitId: UNIT, kind: 'presence' }],
    ['ec/v1/c/EC-000001/up/alarm', { direction: 'up' }, { unitId: UNIT, kind: 'alarm' }],
    [
      'ec/v1/c/EC-000001/down/command',
      { unitId: UNIT, direction: 'down' },
      { unitId: UNIT, kind: 'command' },
    ],
    // Wildcards: filters are never topics.
    ['ec/v1/c/+/up/telemetry', {}, 'wildcard'],
    ['ec/v1/c/EC-000001/up/#', {}, 'wildcard'],
    ['ec/v1/c/EC-000001/+/telemetry', {}, 'wildcard'],
    ['#', {}, 'wildcard'],
    ['ec/v1/c/EC+1/up/telemetry', {}, 'wildcard'],
    // Malformed.
    ['', {}, 'malformed'],
    ['ec/v1/c/EC-000001/up/telemetry\u0000', {}, 'malformed'],
    [`ec/v1/c/EC-000001/up/${'x'.repeat(65_536)}`, {}, 'malformed'],
    // Other prefixes: other products, versions, broker topics.
    ['$SYS/broker/uptime', {}, 'prefix'],
    ['ec/v2/c/EC-000001/up/telemetry', {}, 'prefix'],
    ['ec/v1/x/EC-000001/up/telemetry', {}, 'prefix'],
    ['/ec/v1/c/EC-000001/up/telemetry', {}, 'prefix'],
    ['ec/v1/c', {}, 'prefix'],
    // Too few or too many levels, empty levels.
    ['ec/v1/c/EC-000001/up', {}, 'levels'],
    ['ec/v1/c/EC-000001/up/telemetry/extra', {}, 'levels'],
    ['ec/v1/c/EC-000001/up/telemetry/', {}, 'levels'],
    ['ec/v1/c/EC-000001//up/telemetry', {}, 'levels'],
    ['ec/v1/c/EC-000001/up/', {}, 'kind'],
    // Bad unit IDs.
    ['ec/v1/c//up/telemetry', {}, 'unit-id'],
    ['ec/v1/c/$SYS/up/telemetry', {}, 'unit-id'],
    ['ec/v1/c/-x/up/telemetry', {}, 'unit-id'],
    // Unknown kinds, or a kind on the wrong direction.
    ['ec/v1/c/EC-000001/up/unknown', {}, 'kind'],
    ['ec/v1/c/EC-000001/up/command', {}, 'kind'],
    ['ec/v1/c/EC-000001/down/telemetry', {}, 'kind'],
    ['ec/v1/c/EC-000001/sideways/telemetry', {}, 'kind'],
    ['ec/v1/c/EC-000001/up/__proto__', {}, 'kind'],
    ['ec/v1/c/EC-000001/up/toString', {}, 'kind'],
    ['ec/v1/c/EC-000001/UP/telemetry', {}, 'kind'],
    // Expectations.
    ['ec/v1/c/EC-000001/down/command', { direction: 'up' }, 'direction'],
    ['ec/v1/c/EC-000001/up/telemetry', { direction: 'down' }, 'direction'],
    ['ec/v1/c/EC-000002/up/telemetry', { unitId: UNIT }, 'other-controller'],
    ['ec/v1/c/EC-0000011/up/telemetry', { unitId: UNIT }, 'other-controller'],
    ['ec/v1/c/ec-000001/up/telemetry', { unitId: UNIT }, 'other-controller'],
  ])('parseTopic(%j, %j) → %j', (topicName, expected, outcome) => {
    const result = parseTopic(topicName, expected);
    if (typeof outcome === 'string') {
      expect(result).toEqual({ ok: false, reason: outcome });
    } else {
      expect(result).toMatchObject({ ok: true, ...outcome });
    }
  });
});

describe('broker authorisation', () => {
  it.each([
    [UNIT, topics.telemetry(UNIT), true],
    [UNIT, topics.presence(UNIT), true],
    [UNIT, topics.telemetry(OTHER), false],
    [UNIT, topics.command(UNIT), false],
    [UNIT, topics.ack(UNIT), false],
    [UNIT, 'ec/v1/c/EC-000001/up/#', false],
    [UNIT, 'ec/v1/c/EC-000001/up/telemetry/x', false],
    [UNIT, '$SYS/x', false],
    ['EC/1', 'ec/v1/c/EC/1/up/telemetry', false],
  ])('mayPublish(%j, %j) = %s', (unitId, topicName, allowed) => {
    expect(mayPublish(unitId, topicName)).toBe(allowed);
  });

  it.each([
    [UNIT, filters.down(UNIT), true],
    [UNIT, topics.command(UNIT), true],
    [UNIT, topics.ack(UNIT), true],
    [UNIT, filters.down(OTHER), false],
    [UNIT, topics.command(OTHER), false],
    [UNIT, filters.allUp(), false],
    [UNIT, topics.telemetry(UNIT), false],
    [UNIT, 'ec/v1/c/+/down/#', false],
    [UNIT, 'ec/v1/c/EC-000001/#', false],
    [UNIT, 'ec/v1/c/EC-000001/down/+', false],
    [UNIT, '#', false],
    ['', 'ec/v1/c//down/#', false],
  ])('maySubscribe(%j, %j) = %s', (unitId, filter, allowed) => {
    expect(maySubscribe(unitId, filter)).toBe(allowed);
  });
});
