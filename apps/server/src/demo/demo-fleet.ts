/**
 * The demo's controllers, simulated (issue 12): when the demo data is seeded and the embedded broker runs, `npm
 * start` connects a virtual controller (apps/simulator) for every demo controller that the seed marks online, so a
 * new user sees live data within seconds. The simulator speaks MQTT to the broker like real firmware; it knows the
 * cloud only through the protocol.
 *
 * Credentials: each start issues every demo controller a fresh secret (its hash in the database, the secret handed
 * to the in-process simulator only), so no demo secret exists in the repository or survives a restart.
 */
import { and, controllers, eq, inArray, isNotNull, locations, type Db } from '@ec/db';
import { startFleet, type Fleet, type FleetController, isKitName } from '@ec/simulator';
import type { Log } from '../logger.ts';
import { DEMO_LOCATIONS } from '../seed/organisation-data.ts';

/** The simulation's seed: the same demo day looks the same on every machine. */
export const DEMO_SEED = 'energy-cloud-demo';

/** The unit ID the seed gives a demo location's controller. */
export function demoUnitId(locationId: number): string {
  return `EC-${String(locationId).padStart(6, '0')}`;
}

/** Issues fresh secrets (hashes stored) and answers them once: `services.controllerSecrets.provision`. */
export type ProvisionSecrets = (
  controllerIds: number[],
) => Promise<{ controllerId: number; unitId: string; secret: string }[]>;

/** The demo controllers as the simulator needs them, each with a fresh secret. */
export async function demoFleetControllers(
  db: Db,
  provision: ProvisionSecrets,
): Promise<FleetController[]> {
  const byUnit = new Map(DEMO_LOCATIONS.map((l) => [demoUnitId(l.id), l]));
  const rows = await db
    .select({
      id: controllers.id,
      unitId: controllers.unitId,
      setupType: controllers.setupType,
      versions: controllers.versions,
      latitude: locations.latitude,
      longitude: locations.longitude,
      timezone: locations.timezone,
    })
    .from(controllers)
    .innerJoin(locations, eq(locations.id, controllers.locationId))
    .where(and(inArray(controllers.unitId, [...byUnit.keys()]), isNotNull(locations.latitude)));
  const simulated = rows.filter((row) => {
    const demo = byUnit.get(row.unitId);
    return demo !== undefined && isKitName(demo.kit);
  });
  const secrets = new Map(
    (await provision(simulated.map((row) => row.id))).map((s) => [s.controllerId, s.secret]),
  );
  const out: FleetController[] = [];
  for (const row of simulated) {
    const demo = byUnit.get(row.unitId);
    const secret = secrets.get(row.id);
    if (!demo || !isKitName(demo.kit) || secret === undefined) continue;
    out.push({
      unitId: row.unitId,
      secret,
      kit: demo.kit,
      latitude: row.latitude ?? demo.latitude,
      longitude: row.longitude ?? demo.longitude,
      timezone: row.timezone,
      online: demo.connected,
      setupType: row.setupType,
      connection: demo.setupType === 'P1_WIFI' ? 'wifi' : 'ethernet',
      firmware: row.versions.firmware ?? '2.4.0',
    });
  }
  return out;
}

/** Starts the demo fleet against the broker at `url`; the caller stops it on shutdown. */
export async function startDemoFleet(options: {
  db: Db;
  url: string;
  log: Log;
  provision: ProvisionSecrets;
}): Promise<Fleet> {
  const fleetControllers = await demoFleetControllers(options.db, options.provision);
  const fleet = startFleet({ url: options.url, controllers: fleetControllers, seed: DEMO_SEED });
  options.log.info(
    {
      controllers: fleetControllers.length,
      online: fleetControllers.filter((c) => c.online !== false).length,
    },
    'demo: simulated controllers started',
  );
  return fleet;
}
