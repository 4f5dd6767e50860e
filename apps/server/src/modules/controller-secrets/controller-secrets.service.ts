import type { ControllerSecret } from '@ec/contract';
import { generateControllerSecret, hashControllerSecret } from '../../ingest/controller-auth.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { realUser, type Actor } from '../auth/auth.service.ts';
import type { OrgAccess } from '../org/org-access.ts';
import type { ControllerSecretsRepository } from './controller-secrets.repository.ts';

/**
 * Issues controllers' MQTT secrets (docs/controller-protocol.md, docs/mqtt-broker.md): 32 random bytes, base64url,
 * answered once; only the SHA-256 hex is stored.
 */
export function createControllerSecretsService(deps: {
  repo: ControllerSecretsRepository;
  access: OrgAccess;
  audit: AuditService;
  /** After a rotation: drop cached credentials and close the controller's broker sessions. */
  onRotated: (unitId: string, secret: string) => void;
}) {
  const { repo, access, audit } = deps;
  return {
    /**
     * A new secret for the controller: super admins and those who may edit its location (a controller without a
     * location: its company's admins and its owner, as for editing it). Others get 404 when they cannot see the
     * controller, 403 when they only view it. Audited; the controller's open sessions are closed.
     */
    async rotate(actor: Actor, controllerId: number, ip: string | null): Promise<ControllerSecret> {
      const { row } = await access.requireController(actor, controllerId, 'edit');
      const secret = generateControllerSecret();
      await repo.setSecretHash(row.id, hashControllerSecret(secret), new Date());
      await audit.record(
        'CONTROLLER_SECRET_ROTATED',
        realUser(actor),
        actor.impersonator ? actor.user : null,
        ip,
        `controller ${row.unitId} (#${row.id})`,
      );
      deps.onRotated(row.unitId, secret);
      return { unitId: row.unitId, secret };
    },

    /**
     * New secrets for controllers, with no actor and no access check: for the server's own use only (the demo
     * simulator that `npm start` runs in process needs the secrets of the demo controllers, which are stored only
     * hashed). Never reachable from a route. Like a rotation, it closes open sessions of those controllers.
     */
    async provision(
      controllerIds: number[],
    ): Promise<{ controllerId: number; unitId: string; secret: string }[]> {
      const issued: { controllerId: number; unitId: string; secret: string }[] = [];
      const at = new Date();
      for (const { id, unitId } of await repo.unitIds(controllerIds)) {
        const secret = generateControllerSecret();
        await repo.setSecretHash(id, hashControllerSecret(secret), at);
        deps.onRotated(unitId, secret);
        issued.push({ controllerId: id, unitId, secret });
      }
      return issued;
    },
  };
}

export type ControllerSecretsService = ReturnType<typeof createControllerSecretsService>;
