/**
 * What the broker and the `state` messages say about a controller, written to the database: controller_presence
 * (connected, last seen, connection type) and controllers.versions.firmware / controllers.addresses. Small direct
 * writes on the Drizzle tables of @ec/db.
 */
import type { StateMessage } from '@ec/protocol';
import { controllerPresence, controllers, eq, sql, type Db } from '@ec/db';
import type { PresenceWriter } from './pipeline.ts';

export interface PresenceStore extends PresenceWriter {
  /** A session of the controller opened or its last one closed (embedded broker); null for an unknown unit. */
  setConnected(
    unitId: string,
    connected: boolean,
    at: Date,
  ): Promise<{ locationId: number | null } | null>;
  /** The unit IDs of the controllers of a location (for live commands). */
  unitIdsOfLocation(locationId: number): Promise<string[]>;
}

export function createPresenceStore(db: Db): PresenceStore {
  async function find(unitId: string) {
    const [row] = await db
      .select({ id: controllers.id, locationId: controllers.locationId })
      .from(controllers)
      .where(eq(controllers.unitId, unitId))
      .limit(1);
    return row ?? null;
  }

  return {
    async applyState(unitId: string, state: StateMessage, at: Date) {
      const controller = await find(unitId);
      if (!controller) return null;
      await db.transaction(async (tx) => {
        const set: Record<string, unknown> = {};
        if (state.firmware !== undefined) {
          set.versions = sql`${controllers.versions} || ${JSON.stringify({ firmware: state.firmware })}::jsonb`;
        }
        if (state.addresses !== undefined) set.addresses = state.addresses;
        if (Object.keys(set).length > 0) {
          await tx.update(controllers).set(set).where(eq(controllers.id, controller.id));
        }
        const presence = {
          connected: state.online,
          lastSeenAt: at,
          ...(state.connection === undefined ? {} : { connection: state.connection }),
        };
        await tx
          .insert(controllerPresence)
          .values({ controllerId: controller.id, ...presence })
          .onConflictDoUpdate({ target: controllerPresence.controllerId, set: presence });
      });
      return { locationId: controller.locationId };
    },

    async setConnected(unitId: string, connected: boolean, at: Date) {
      const controller = await find(unitId);
      if (!controller) return null;
      const presence = { connected, lastSeenAt: at };
      await db
        .insert(controllerPresence)
        .values({ controllerId: controller.id, ...presence })
        .onConflictDoUpdate({ target: controllerPresence.controllerId, set: presence });
      return { locationId: controller.locationId };
    },

    async unitIdsOfLocation(locationId: number) {
      const rows = await db
        .select({ unitId: controllers.unitId })
        .from(controllers)
        .where(eq(controllers.locationId, locationId));
      return rows.map((row) => row.unitId);
    },
  };
}
