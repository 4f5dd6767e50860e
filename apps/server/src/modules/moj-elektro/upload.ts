import { parseMeterReadings } from '@ec/domain';
import type { ReadingRow } from './moj-elektro.repository.ts';

// Reading an uploaded meter file. Until the domain's `parseMeterFile(text, fileName?)` lands (me-fee: API JSON, CLI
// CSV and the portal's 15-minute CSV export, with export values), this uses the engine's `parseMeterReadings`
// (API JSON with P+/A+, CLI CSV; import only). The lead switches the body to `parseMeterFile`.

const W10_PER_KW = 10_000;

/** The rows of a meter file (import power in 0.1 W; export where the file has it) and the detected format. */
export function parseUploadedMeterFile(
  text: string,
  _fileName?: string,
): { rows: ReadingRow[]; source: string } {
  const parsed = parseMeterReadings(text);
  const factor = parsed.kind === 'energy' ? 4 : 1;
  const byEnd = new Map<number, ReadingRow>();
  for (let i = 0; i < parsed.intervalEndsMs.length; i++) {
    const endMs = parsed.intervalEndsMs[i] as number;
    const kw = (parsed.values[i] as number) * factor;
    byEnd.set(endMs, {
      endMs,
      importW10: Math.max(0, Math.round(kw * W10_PER_KW)),
      exportW10: null,
      fromEnergy: parsed.kind === 'energy',
    });
  }
  const source = text
    .trimStart()
    .replace(/^\uFEFF/, '')
    .startsWith('{')
    ? 'api-json'
    : 'cli-csv';
  return { rows: [...byEnd.values()].sort((a, b) => a.endMs - b.endMs), source };
}
