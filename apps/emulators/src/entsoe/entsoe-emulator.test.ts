import { afterEach, describe, expect, it } from 'vitest';
import {
  ENTSOE_ACKNOWLEDGEMENT_NS,
  ENTSOE_PUBLICATION_NS,
  entsoeDayPrices,
  startEntsoeEmulator,
  type EntsoeEmulator,
} from './entsoe-emulator.ts';

const SI = '10YSI-ELES-----O';
const AT = '10YAT-APG------L';

let running: EntsoeEmulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(options: Parameters<typeof startEntsoeEmulator>[0] = {}) {
  running = await startEntsoeEmulator({
    now: () => new Date('2026-11-28T18:00:00Z'),
    ...options,
  });
  return running;
}

function query(e: EntsoeEmulator, zone: string, from: string, to: string, token = e.token) {
  const url = new URL(e.url);
  url.search = new URLSearchParams({
    securityToken: token,
    documentType: 'A44',
    in_Domain: zone,
    out_Domain: zone,
    periodStart: from,
    periodEnd: to,
  }).toString();
  return fetch(url);
}

/** The TimeSeries of a document: sequence, period start/end, resolution, points. */
function series(xml: string) {
  return [...xml.matchAll(/<TimeSeries>([\s\S]*?)<\/TimeSeries>/g)].map(([, body = '']) => ({
    sequence: /<classificationSequence_AttributeInstanceComponent\.position>(\d+)</.exec(body)?.[1],
    curveType: /<curveType>(\w+)</.exec(body)?.[1],
    start: /<timeInterval>\s*<start>([^<]+)</.exec(body)?.[1],
    end: /<timeInterval>[\s\S]*?<end>([^<]+)</.exec(body)?.[1],
    resolution: /<resolution>(\w+)</.exec(body)?.[1],
    points: [...body.matchAll(/<position>(\d+)<\/position>\s*<price\.amount>([-\d.]+)</g)].map(
      ([, p, v]) => ({ position: Number(p), price: Number(v) }),
    ),
  }));
}

/** A03: omitted positions repeat the previous price. */
function expand(points: { position: number; price: number }[], count: number): number[] {
  const out: number[] = [];
  let i = 0;
  for (let pos = 1; pos <= count; pos++) {
    if (points[i]?.position === pos) i++;
    out.push((points[i - 1] as { price: number }).price);
  }
  return out;
}

describe('ENTSO-E emulator', () => {
  it('answers a published day as a Publication_MarketDocument, PT15M, curve A03 with repeats left out', async () => {
    const e = await start();
    const res = await query(e, SI, '202611252300', '202611262300');
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`<Publication_MarketDocument xmlns="${ENTSOE_PUBLICATION_NS}">`);
    const [ts, more] = series(xml);
    expect(more).toBeUndefined();
    expect(ts).toMatchObject({
      sequence: undefined,
      curveType: 'A03',
      start: '2026-11-25T23:00Z',
      end: '2026-11-26T23:00Z',
      resolution: 'PT15M',
    });
    const expected = entsoeDayPrices(SI, '2026-11-26').map((p) => p.price);
    expect(expected).toHaveLength(96);
    expect(ts?.points.length).toBeLessThan(96);
    expect(expand(ts?.points ?? [], 96)).toEqual(expected);
  });

  it('has 92 and 100 quarter hours on the DST days', async () => {
    const e = await start();
    const spring = series(await (await query(e, SI, '202603282300', '202603292200')).text());
    expect(spring[0]).toMatchObject({ start: '2026-03-28T23:00Z', end: '2026-03-29T22:00Z' });
    expect(entsoeDayPrices(SI, '2026-03-29')).toHaveLength(92);
    const autumn = series(await (await query(e, SI, '202610242200', '202610252300')).text());
    expect(autumn[0]).toMatchObject({ start: '2026-10-24T22:00Z', end: '2026-10-25T23:00Z' });
    expect(entsoeDayPrices(SI, '2026-10-25')).toHaveLength(100);
  });

  it('lists Austria with sequence 2 (EXAA) before sequence 1 (SDAC)', async () => {
    const e = await start();
    const ts = series(await (await query(e, AT, '202611252300', '202611262300')).text());
    expect(ts.map((t) => t.sequence)).toEqual(['2', '1']);
    expect(expand(ts[1]?.points ?? [], 96)).toEqual(
      entsoeDayPrices(AT, '2026-11-26').map((p) => p.price),
    );
  });

  it('publishes tomorrow at 13:00 CET and answers "no matching data" (999) before', async () => {
    let now = new Date('2026-11-28T11:59:00Z'); // 12:59 CET
    const e = await start({ now: () => now });
    const before = await query(e, SI, '202611282300', '202611292300');
    expect(before.status).toBe(200);
    const ack = await before.text();
    expect(ack).toContain(`<Acknowledgement_MarketDocument xmlns="${ENTSOE_ACKNOWLEDGEMENT_NS}">`);
    expect(ack).toMatch(/<code>999<\/code>\s*<text>No matching data found/);
    now = new Date('2026-11-28T12:00:00Z');
    const after = await query(e, SI, '202611282300', '202611292300');
    expect(series(await after.text())).toHaveLength(1);
  });

  it('answers 999 for an unknown zone, 401 for a wrong token and 429 over the rate', async () => {
    const e = await start({ rateLimitPerMinute: 2, retryAfterSeconds: 7 });
    expect(
      await (await query(e, '10YXX-NOWHERE--X', '202611252300', '202611262300')).text(),
    ).toContain('<code>999</code>');
    expect((await query(e, SI, '202611252300', '202611262300', 'wrong')).status).toBe(401);
    await query(e, SI, '202611252300', '202611262300');
    const limited = await query(e, SI, '202611252300', '202611262300');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
  });

  it('has a realistic daily shape: evening peak, solar dip with negative summer hours, cheaper weekends', () => {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    let negative = 0;
    let eveningOverNight = 0;
    for (let d = 1; d <= 30; d++) {
      const date = `2026-06-${String(d).padStart(2, '0')}`;
      const day = entsoeDayPrices(SI, date).map((p) => p.price);
      if (day.some((p) => p < 0)) negative++;
      // Local 19:00–21:00 (quarters 76–84) against 02:00–05:00 (8–20).
      if (mean(day.slice(76, 84)) > mean(day.slice(8, 20))) eveningOverNight++;
      expect(mean(day.slice(76, 84))).toBeGreaterThan(mean(day.slice(48, 56))); // evening over 12:00–14:00
    }
    expect(negative).toBeGreaterThan(0);
    expect(eveningOverNight).toBe(30);
    // November 2026: weekdays against weekends.
    const weekday: number[] = [];
    const weekend: number[] = [];
    for (let d = 1; d <= 28; d++) {
      const date = `2026-11-${String(d).padStart(2, '0')}`;
      const dow = new Date(`${date}T12:00:00Z`).getUTCDay();
      (dow === 0 || dow === 6 ? weekend : weekday).push(
        mean(entsoeDayPrices(SI, date).map((p) => p.price)),
      );
    }
    expect(mean(weekend)).toBeLessThan(mean(weekday));
    // Winter days stay positive.
    expect(entsoeDayPrices(SI, '2026-12-02').every((p) => p.price > 0)).toBe(true);
    // Deterministic: zone and date decide.
    expect(entsoeDayPrices(SI, '2026-06-10')).toEqual(entsoeDayPrices(SI, '2026-06-10'));
    expect(entsoeDayPrices(AT, '2026-06-10')).not.toEqual(entsoeDayPrices(SI, '2026-06-10'));
  });
});
