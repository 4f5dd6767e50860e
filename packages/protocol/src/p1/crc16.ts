/**
 * CRC-16/ARC, the checksum of DSMR 4 and 5 telegrams (DSMR 5.0.2 P1 companion standard §6.2): polynomial
 * x^16 + x^15 + x^2 + 1 (0x8005, processed bit-reversed as 0xA001), initial value 0, no final XOR, least
 * significant bit first. A telegram's CRC covers every byte from the `/` of the header to the `!` of the footer,
 * both included, and is written after the `!` as four upper-case hex digits.
 */

/** The CRC of every byte value, computed once. */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
    table[byte] = crc;
  }
  return table;
})();

const utf8 = new TextEncoder();

/**
 * CRC-16/ARC of `data` (bytes, or text that is encoded as UTF-8 first; DSMR telegrams are ASCII, where characters
 * and bytes are the same). `crc16('123456789')` is 0xBB3D, the check value of the catalogue of CRC algorithms.
 */
export function crc16(data: Uint8Array | string): number {
  const bytes = typeof data === 'string' ? utf8.encode(data) : data;
  let crc = 0;
  for (const byte of bytes) crc = (crc >>> 8) ^ (TABLE[(crc ^ byte) & 0xff] ?? 0);
  return crc;
}

/** The CRC as a DSMR footer writes it: four upper-case hex digits. */
export function formatCrc(crc: number): string {
  return crc.toString(16).toUpperCase().padStart(4, '0');
}
