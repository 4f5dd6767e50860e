import { controllers, eq, type Db } from '@ec/db';

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
  };
}

export type ControllerSecretsRepository = ReturnType<typeof createControllerSecretsRepository>;
