/**
 * P1 telegrams (docs/controller-protocol.md, `ec/v1/c/{unitId}/p1`): the raw DSMR text a P1 gateway reads from the
 * meter's customer port. The protocol package checks the CRC16 and parses the OBIS lines; a telegram with a bad or
 * missing CRC is refused (counted as `p1:crc`, `p1:crc-missing`, …) and never stored. The values become one sample
 * of the gateway's meter, whose device reference is `grid` ({@link P1_DEVICE_REF}).
 */
import { parseTelegram, toTelemetrySample } from '@ec/protocol';
import type { P1Parser } from './pipeline.ts';

/** The device reference of a P1 gateway's meter: the location's GRID device carries it. */
export const P1_DEVICE_REF = 'grid';

/** The pipeline's P1 hook on the protocol's DSMR parser. */
export const parseP1Message: P1Parser = ({ text, receivedAt }) => {
  const parsed = parseTelegram(text, { receivedAt });
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  return { ok: true, samples: [toTelemetrySample(parsed.telegram, P1_DEVICE_REF)] };
};
