import type { Duplex } from 'node:stream';

/**
 * The largest MQTT packet the embedded broker accepts (bytes of the remaining length): the largest payload the
 * protocol allows (a 512 KiB telemetry message) plus room for the topic and headers. aedes 1.2.0 has no such limit
 * (its parser buffers up to MQTT's 256 MiB), so {@link guardPacketSize} enforces it on the raw stream.
 */
export const MAX_PACKET_BYTES = 512 * 1024 + 4096;

/**
 * Watches the bytes a client sends and destroys the connection as soon as a packet header announces more than
 * `maxBytes`, before the broker buffers the body. It reads MQTT's fixed header (one byte, then a variable-length
 * remaining length of 1–4 bytes) and skips bodies by count, so it costs a few operations per chunk.
 *
 * It listens to 'data', which aedes' 'readable'-driven reads emit too (Node emits 'data' for every `read()` while a
 * 'readable' listener controls the flow), so it sees every byte before the parser does.
 */
export function guardPacketSize(
  stream: Duplex,
  maxBytes: number,
  onRefused: (announced: number) => void,
): void {
  let state: 'header' | 'length' | 'body' = 'header';
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let remaining = 0;
  stream.on('data', (chunk: Buffer) => {
    let i = 0;
    while (i < chunk.length) {
      if (state === 'header') {
        i += 1;
        state = 'length';
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
      } else if (state === 'length') {
        const byte = chunk[i] ?? 0;
        i += 1;
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        lengthBytes += 1;
        if (length > maxBytes || (byte & 0x80 && lengthBytes >= 4)) {
          onRefused(length);
          stream.destroy();
          return;
        }
        if ((byte & 0x80) === 0) {
          remaining = length;
          state = remaining === 0 ? 'header' : 'body';
        }
      } else {
        const take = Math.min(remaining, chunk.length - i);
        i += take;
        remaining -= take;
        if (remaining === 0) state = 'header';
      }
    }
  });
}
