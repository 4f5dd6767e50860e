/**
 * Payloads of the controller protocol v1 (docs/controller-protocol.md). Controllers are untrusted clients: the
 * cloud validates every payload with these schemas before it reads a field, exactly like an HTTP request body.
 *
 * Forward compatibility: objects ignore fields they do not know (a newer firmware may send more), but every field
 * they do know must have the right type and range, or the whole message is refused with a counted reason.
 */
import { z } from 'zod';
import { isCommandId } from './topics.ts';

/** The largest telemetry message the cloud reads (bytes); larger ones are refused unread. */
export const MAX_TELEMETRY_BYTES = 512 * 1024;
/** The largest P1 telegram the cloud reads (bytes). Real DSMR 5 telegrams are under 2 kB. */
export const MAX_P1_BYTES = 16 * 1024;
/** The largest state or reply message (bytes). */
export const MAX_SMALL_MESSAGE_BYTES = 16 * 1024;
/** At most this many samples per telemetry message; a controller sends a long buffer as several messages. */
export const MAX_SAMPLES_PER_MESSAGE = 1000;
/** At most this many devices per sample. */
export const MAX_DEVICES_PER_SAMPLE = 64;

/**
 * A device's reference on its controller (a new field on devices): what the controller calls the device, e.g.
 * `grid`, `pv1`, `modbus-3`. 1–64 characters of letters, digits, `.`, `_`, `:` and `-`.
 */
export const deviceRefSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/);

const finite = z.number().finite();
const counter = z.number().finite().min(0).max(1e15);

/**
 * One device's values at one instant. Every field is optional. Sign convention of `power_w` (and the per-phase
 * powers): grid + import / − export; battery + discharge / − charge; solar + production; loads (EV, heat pump,
 * other) + consumption. `energy_import_wh` and `energy_export_wh` are cumulative counters, like a meter's
 * registers: `energy_import_wh` counts the energy that flowed in the + direction of `power_w`, `energy_export_wh`
 * the energy in the − direction (so for a battery: discharged and charged energy).
 */
export const telemetryValuesSchema = z.object({
  power_w: finite.min(-1e9).max(1e9).optional(),
  energy_import_wh: counter.optional(),
  energy_export_wh: counter.optional(),
  soc_pct: finite.min(0).max(100).optional(),
  temperature_c: finite.min(-100).max(200).optional(),
  power_l1_w: finite.min(-1e9).max(1e9).optional(),
  power_l2_w: finite.min(-1e9).max(1e9).optional(),
  power_l3_w: finite.min(-1e9).max(1e9).optional(),
  voltage_l1_v: finite.min(0).max(1e6).optional(),
  voltage_l2_v: finite.min(0).max(1e6).optional(),
  voltage_l3_v: finite.min(0).max(1e6).optional(),
  current_l1_a: finite.min(-1e6).max(1e6).optional(),
  current_l2_a: finite.min(-1e6).max(1e6).optional(),
  current_l3_a: finite.min(-1e6).max(1e6).optional(),
  gas_m3: counter.optional(),
});
export type TelemetryValues = z.infer<typeof telemetryValuesSchema>;

/** The value fields a device reading may carry, in a stable order (storage columns and API fields use the same). */
export const TELEMETRY_FIELDS = Object.keys(
  telemetryValuesSchema.shape,
) as (keyof TelemetryValues)[];

/** One sample: the instant it was measured (ISO 8601 with an offset) and the values of each device by reference. */
export const telemetrySampleSchema = z.object({
  time: z.iso.datetime({ offset: true }),
  values: z
    .record(deviceRefSchema, telemetryValuesSchema)
    .refine((values) => Object.keys(values).length <= MAX_DEVICES_PER_SAMPLE, {
      message: `at most ${MAX_DEVICES_PER_SAMPLE} devices per sample`,
    }),
});
export type TelemetrySample = z.infer<typeof telemetrySampleSchema>;

/**
 * `ec/v1/c/{unitId}/telemetry`: one or many samples (a controller that was offline sends its buffer, oldest
 * first). `seq` grows by one per message; the cloud answers the highest committed `seq` on `…/ack`.
 */
export const telemetryMessageSchema = z.object({
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  samples: z.array(telemetrySampleSchema).min(1).max(MAX_SAMPLES_PER_MESSAGE),
});
export type TelemetryMessage = z.infer<typeof telemetryMessageSchema>;

/** How a controller reaches the internet. */
export const CONNECTION_TYPES = ['ethernet', 'wifi', 'mobile'] as const;
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/**
 * Text a controller sends that is stored or shown (firmware, addresses, error messages): no control characters and
 * no unpaired surrogates. PostgreSQL refuses NUL in `text` and `\u0000` in `jsonb`, so one such character would
 * otherwise fail the whole write; the others have no business in a version or an address either.
 */
const CLEAN_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;
const cleanText = (max: number) =>
  z.string().max(max).regex(CLEAN_TEXT, { message: 'control characters' });
const shortText = cleanText(100).min(1);

/**
 * `ec/v1/c/{unitId}/state` (retained): `{"online":true,"firmware":"1.4.2","connection":"wifi","addresses":{…}}`
 * after connecting, and `{"online":false}` as the connection's last will.
 */
export const stateMessageSchema = z.object({
  online: z.boolean(),
  firmware: shortText.optional(),
  connection: z.enum(CONNECTION_TYPES).optional(),
  addresses: z
    .record(cleanText(40).min(1), shortText)
    .refine((value) => Object.keys(value).length <= 16, { message: 'at most 16 addresses' })
    .optional(),
});
export type StateMessage = z.infer<typeof stateMessageSchema>;

/** `ec/v1/c/{unitId}/ack`: the highest telemetry `seq` the cloud has committed. */
export const ackMessageSchema = z.object({
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export type AckMessage = z.infer<typeof ackMessageSchema>;

/** A command id: the `id` field of every command, echoed in the reply topic. */
export const commandIdSchema = z.string().refine(isCommandId, { message: 'not a command id' });

/** Every command carries an `id`; the controller answers on `ec/v1/c/{unitId}/reply/{id}`. */
export const commandEnvelopeSchema = z.object({ id: commandIdSchema });

/**
 * `ec/v1/c/{unitId}/cmd/live`: publish every `interval_s` seconds for the next `ttl_s` seconds (counted from
 * receipt, so a controller's clock does not matter), then fall back to the normal interval (60 s). The cloud
 * renews it while somebody watches one of the controller's locations.
 */
export const liveCommandSchema = commandEnvelopeSchema.extend({
  interval_s: z.number().int().min(1).max(10),
  ttl_s: z.number().int().min(1).max(300),
});
export type LiveCommand = z.infer<typeof liveCommandSchema>;

/** Default telemetry interval when nobody watches (s). */
export const DEFAULT_INTERVAL_S = 60;
/** Interval while somebody watches (s). */
export const LIVE_INTERVAL_S = 2;
/** How long a live command holds unless renewed (s). */
export const LIVE_TTL_S = 60;

/** `ec/v1/c/{unitId}/reply/{id}`: the controller's answer to a command. */
export const replyMessageSchema = z.object({
  status: z.enum(['accepted', 'done', 'failed']),
  error: cleanText(500).optional(),
  data: z.unknown().optional(),
});
export type ReplyMessage = z.infer<typeof replyMessageSchema>;

/** Why a payload was refused (counted per reason and logged). */
export type PayloadRefusal = 'too-large' | 'not-utf8' | 'not-json' | 'invalid';

/** The result of decoding a payload. */
export type DecodeResult<T> =
  { ok: true; value: T } | { ok: false; reason: PayloadRefusal; detail?: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 text, refusing oversized or malformed input. */
export function decodeText(payload: Uint8Array, maxBytes: number): DecodeResult<string> {
  if (payload.byteLength > maxBytes) return { ok: false, reason: 'too-large' };
  try {
    return { ok: true, value: utf8.decode(payload) };
  } catch {
    return { ok: false, reason: 'not-utf8' };
  }
}

/** Decodes a JSON payload and validates it with `schema`; never throws. */
export function decodeJson<T>(
  payload: Uint8Array,
  schema: z.ZodType<T>,
  maxBytes: number,
): DecodeResult<T> {
  const text = decodeText(payload, maxBytes);
  if (!text.ok) return text;
  let json: unknown;
  try {
    json = JSON.parse(text.value);
  } catch {
    return { ok: false, reason: 'not-json' };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: 'invalid',
      detail: issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : undefined,
    };
  }
  return { ok: true, value: parsed.data };
}
