import { parseMeterFile } from '@ec/domain';
import type { ReadingRow } from './moj-elektro.repository.ts';

// Reading an uploaded meter file with the domain's parseMeterFile (the Moj Elektro API JSON answer, the CLI's CSV
// and the portal's 15-minute CSV export): import = P+ else A+, export = P− else A−, stored as 0.1 W like the
// portal's imports. Throws the parser's NetworkFeeError for a file it cannot read.

const W10_PER_KW = 10_000;

const toW10 = (kw: number) => Math.max(0, Math.round(kw * W10_PER_KW));

/** The rows of a meter file and the detected format. */
export function parseUploadedMeterFile(
  text: string,
  fileName?: string,
): { rows: ReadingRow[]; source: string } {
  const file = parseMeterFile(text, fileName);
  const factor = file.kind === 'energy' ? 4 : 1;
  const byEnd = new Map<number, ReadingRow>();
  file.intervalEndsMs.forEach((endMs, i) => {
    const kw = (file.importValues[i] as number) * factor;
    if (!Number.isFinite(kw)) return;
    const exported = file.exportValues?.[i];
    byEnd.set(endMs, {
      endMs,
      importW10: toW10(kw),
      exportW10:
        exported === undefined || !Number.isFinite(exported) ? null : toW10(exported * factor),
      fromEnergy: file.kind === 'energy',
    });
  });
  return { rows: [...byEnd.values()].sort((a, b) => a.endMs - b.endMs), source: file.source };
}
