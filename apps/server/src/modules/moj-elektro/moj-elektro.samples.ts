import { randomBytes } from 'node:crypto';
import {
  externalCredentials,
  externalDeviceCredentials,
  externalDevices,
  meteringSeries,
  eq,
  users,
  type Db,
} from '@ec/db';

// Moj Elektro resources of one user, written straight to the database for the cross-tenant matrix
// (security/cross-tenant-routes.ts): tokens whose masked display names the owner ("Alpen•••••"), a PORTAL device
// bound to two of them, and an upload device. The tokens are never decrypted by the routes the matrix calls.

/** The ids the matrix's samples point at. */
export interface MojElektroSampleIds {
  /** Bound to the portal device (stays bound). */
  credential: number;
  /** Also bound to the portal device (the owner's control unbinds it). */
  secondCredential: number;
  /** Bound to nothing (the owner's control deletes it). */
  spareCredential: number;
  /** A PORTAL device with a series of its own. */
  device: number;
  /** An UPLOAD device. */
  uploadDevice: number;
}

/**
 * Inserts the sample tokens and devices of `userId`; `name` starts the masked tokens and the upload's label. The
 * user's country becomes AT, so the owner's portal and calculation requests end at the country rule (422) after
 * the ownership checks, changing nothing.
 */
export async function mojElektroSamples(
  db: Db,
  userId: number,
  name: string,
): Promise<MojElektroSampleIds> {
  await db.update(users).set({ countryCode: 'AT' }).where(eq(users.id, userId));
  const credential = async () => {
    const [row] = await db
      .insert(externalCredentials)
      .values({
        userId,
        provider: 'MOJ_ELEKTRO',
        tokenEncrypted: 'v1:AAAA:AAAA:AAAA',
        tokenPrefix: name.slice(0, 5),
        tokenHash: randomBytes(32).toString('hex'),
      })
      .returning({ id: externalCredentials.id });
    return row?.id ?? 0;
  };
  const [first, second, spare] = [await credential(), await credential(), await credential()];
  const [portal] = await db
    .insert(meteringSeries)
    .values({ source: 'PORTAL', eimm: `9-${userId}00001` })
    .returning({ id: meteringSeries.id });
  const [upload] = await db
    .insert(meteringSeries)
    .values({ source: 'UPLOAD', eimm: `upload-${userId}`, ownerUserId: userId })
    .returning({ id: meteringSeries.id });
  const [device] = await db
    .insert(externalDevices)
    .values({ userId, eimm: `9-${userId}00001`, seriesId: portal?.id ?? 0, tariffsCount: 2 })
    .returning({ id: externalDevices.id });
  const [uploadDevice] = await db
    .insert(externalDevices)
    .values({
      userId,
      eimm: `upload-${userId}`,
      seriesId: upload?.id ?? 0,
      label: `${name} meter`,
      tariffsCount: 2,
    })
    .returning({ id: externalDevices.id });
  await db.insert(externalDeviceCredentials).values([
    { deviceId: device?.id ?? 0, credentialId: first },
    { deviceId: device?.id ?? 0, credentialId: second },
  ]);
  return {
    credential: first,
    secondCredential: second,
    spareCredential: spare,
    device: device?.id ?? 0,
    uploadDevice: uploadDevice?.id ?? 0,
  };
}
