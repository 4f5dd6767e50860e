import { controllers, eq, inArray, type Db } from '@ec/db';

/** Controller MQTT secrets: only their SHA-256 hash is stored. */
export function createControllerSecretsRepository(db: Db) {
  return {
    /** Replaces the controller's secret hash (the old secret stops working). */
    async setSecretHash(controllerId: number, secretHash: string, at: Date): Promise<void> {
      await db
        .update(controllers)
        .set({ secretHash, secretRotatedAt: at })
        .where(eq(controllers.id, controllerId));
    },

    /** Id and unit ID of the given controllers (unknown ids are left out). */
    async unitIds(controllerIds: number[]): Promise<{ id: number; unitId: string }[]> {
      if (controllerIds.length === 0) return [];
      return db
        .select({ id: controllers.id, unitId: controllers.unitId })
        .from(controllers)
        .where(inArray(controllers.id, controllerIds));
    },
  };
}

export type ControllerSecretsRepository = ReturnType<typeof createControllerSecretsRepository>;
