import { afterEach, describe, expect, it } from 'vitest';
import { agileRate, startOctopusEmulator, type OctopusEmulator } from './octopus-emulator.ts';

let running: OctopusEmulator | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

const PRODUCT = 'AGILE-24-10-01';

function ratesUrl(e: OctopusEmulator, region: string, params: Record<string, string>) {
  const url = new URL(
    `/v1/products/${PRODUCT}/electricity-tariffs/E-1R-${PRODUCT}-${region}/standard-unit-rates/`,
    e.url,
  );
  url.search = new URLSearchParams(params).toString();
  return url.toString();
}

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: { value_exc_vat: number; value_inc_vat: number; valid_from: string; valid_to: string }[];
}

describe('Octopus emulator', () => {
  it('lists half hours newest first, paged with full next URLs, with and without 5 % VAT', async () => {
    running = await startOctopusEmulator({
      now: () => new Date('2026-11-28T18:00:00Z'),
      pageSize: 30,
    });
    const first = (await (
      await fetch(
        ratesUrl(running, 'C', {
          period_from: '2026-11-26T23:00:00Z',
          period_to: '2026-11-27T23:00:00Z',
        }),
      )
    ).json()) as Page;
    expect(first.count).toBe(48);
    expect(first.results).toHaveLength(30);
    expect(first.previous).toBeNull();
    expect(first.results[0]).toMatchObject({
      valid_from: '2026-11-27T22:30:00Z',
      valid_to: '2026-11-27T23:00:00Z',
      payment_method: null,
    });
    expect(first.next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/products\/.*page=2/);
    const second = (await (await fetch(first.next as string)).json()) as Page;
    expect(second.next).toBeNull();
    expect(second.results).toHaveLength(18);
    expect(second.results.at(-1)?.valid_from).toBe('2026-11-26T23:00:00Z');
    const all = [...first.results, ...second.results];
    const starts = all.map((r) => Date.parse(r.valid_from));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    for (const r of all) {
      expect(Math.abs(r.value_exc_vat * 1.05 - r.value_inc_vat)).toBeLessThan(0.0001);
      expect(r.value_inc_vat).toBeLessThanOrEqual(100);
    }
    expect(all[0]?.value_inc_vat).toBe(agileRate('C', Date.parse('2026-11-27T22:30:00Z')).inc);
    // 16:00–19:00 London carries the peak: dearer than 02:00–05:00.
    const at = (iso: string) => all.find((r) => r.valid_from === iso)?.value_inc_vat ?? Number.NaN;
    expect(at('2026-11-27T17:00:00Z')).toBeGreaterThan(at('2026-11-27T03:00:00Z'));
  });

  it("publishes tomorrow's rates (to 23:00 London) from 16:00 London", async () => {
    let now = new Date('2026-11-28T15:59:00Z');
    running = await startOctopusEmulator({ now: () => now });
    const url = ratesUrl(running, 'A', {
      period_from: '2026-11-28T23:00:00Z',
      period_to: '2026-11-29T23:00:00Z',
    });
    expect(((await (await fetch(url)).json()) as Page).count).toBe(0);
    now = new Date('2026-11-28T16:00:00Z');
    expect(((await (await fetch(url)).json()) as Page).count).toBe(48);
  });

  it('answers 404 for an unknown region or product and 400 for a bad date', async () => {
    running = await startOctopusEmulator();
    expect((await fetch(ratesUrl(running, 'I', {}))).status).toBe(404);
    const product = new URL(
      '/v1/products/NOPE-1/electricity-tariffs/E-1R-NOPE-1-C/standard-unit-rates/',
      running.url,
    );
    expect((await fetch(product)).status).toBe(404);
    const bad = await fetch(ratesUrl(running, 'C', { period_from: 'yesterday' }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ period_from: ['Enter a valid date/time.'] });
  });
});
