import { queryRows, sql, type Db } from '@ec/db';
import type { TelemetryValues } from '@ec/protocol';
import type { IncomingBatch } from './telemetry.repository.ts';

/** The devices of the test location, by reference on controller `UNIT-1`. */
export const REFS = {
  grid: 'GRID',
  pv1: 'SOLAR_POWER_PLANT',
  bat: 'BATTERY',
  ev: 'EV_CHARGER',
  hp: 'HVAC',
  inv: 'HYBRID_INVERTER',
  misc: 'OTHER',
  old: 'GRID',
} as const;

export interface TelemetryFixture {
  locationId: number;
  controllerId: number;
  /** Device ids by reference; `old` is a deleted device. */
  devices: Record<keyof typeof REFS, number>;
}

/**
 * A site, company, location (Europe/Ljubljana), controller `UNIT-1` with one device per category (`old` deleted)
 * and a second controller `UNIT-2` without devices.
 */
export async function telemetryFixture(db: Db): Promise<TelemetryFixture> {
  const one = async (query: ReturnType<typeof sql>) => {
    const [row] = await queryRows<{ id: number }>(db, query);
    if (!row) throw new Error('fixture insert returned nothing');
    return row.id;
  };
  const country = await one(
    sql`insert into countries (code, name) values ('SI', 'Slovenija') on conflict (code) do update set name = excluded.name returning id`,
  );
  const site = await one(
    sql`insert into sites (identifier, product_name, support_email) values ('tel', 'T', 's@t.test') returning id`,
  );
  const company = await one(
    sql`insert into companies (site_id, name, country_id) values (${site}, 'Co', ${country}) returning id`,
  );
  const group = await one(
    sql`insert into location_groups (company_id, name) values (${company}, 'Root') returning id`,
  );
  const locationId = await one(
    sql`insert into locations (company_id, group_id, name, timezone)
        values (${company}, ${group}, 'Home', 'Europe/Ljubljana') returning id`,
  );
  const controllerId = await one(
    sql`insert into controllers (company_id, location_id, unit_id, serial)
        values (${company}, ${locationId}, 'UNIT-1', 'AAAA-BBBB-CCCC-DDDD') returning id`,
  );
  await one(
    sql`insert into controllers (company_id, location_id, unit_id, serial)
        values (${company}, ${locationId}, 'UNIT-2', 'AAAA-BBBB-CCCC-EEEE') returning id`,
  );
  const devices = {} as Record<keyof typeof REFS, number>;
  for (const [ref, category] of Object.entries(REFS) as [keyof typeof REFS, string][]) {
    devices[ref] = await one(
      sql`insert into devices (location_id, controller_id, name, category, ref, deleted_at)
          values (${locationId}, ${controllerId}, ${ref}, ${category}, ${ref},
                  ${ref === 'old' ? sql`now()` : sql`null`}) returning id`,
    );
  }
  return { locationId, controllerId, devices };
}

/** A telemetry batch of `UNIT-1` (or `unitId`) with one sample per [time, values by ref]. */
export function batch(
  seq: number | null,
  samples: [string, Record<string, TelemetryValues>][],
  unitId = 'UNIT-1',
): IncomingBatch {
  return {
    unitId,
    seq,
    samples: samples.map(([time, values]) => ({ time, values })),
    receivedAt: new Date('2026-03-30T12:00:00Z'),
  };
}
