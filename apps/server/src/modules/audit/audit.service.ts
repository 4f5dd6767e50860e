import type { AuditAction, AuditEntry } from '@ec/contract';
import { fullNameOf, type UserRecord } from '../auth/auth.service.ts';
import { isSystemUser, SYSTEM_ACTOR_NAME } from '../auth/system-actor.ts';
import type { AuditRecord, AuditRepository } from './audit.repository.ts';

/** Default and largest page sizes of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

function toEntry(row: AuditRecord): AuditEntry {
  return {
    id: row.id,
    action: row.action,
    actor: { id: row.actorId, email: row.actorEmail, fullName: row.actorName },
    target:
      row.targetEmail === null
        ? null
        : { id: row.targetId, email: row.targetEmail, fullName: row.targetName ?? '' },
    subject: row.subject,
    at: row.at.toISOString(),
    ip: row.ip,
  };
}

/** The audit log: security-relevant actions with who, whom, when and from where. */
export function createAuditService(repo: AuditRepository) {
  return {
    async record(
      action: AuditAction,
      actor: UserRecord,
      target: UserRecord | null,
      ip: string | null,
      /** What the action was about when it is no person (e.g. `controller EC-000001 (#12)`). */
      subject: string | null = null,
    ): Promise<void> {
      // The system actor (a job) has no users row: the entry names it "system" and links no user.
      const system = isSystemUser(actor);
      await repo.insert({
        action,
        actorId: system ? null : actor.id,
        actorEmail: system ? SYSTEM_ACTOR_NAME : actor.email,
        actorName: system ? SYSTEM_ACTOR_NAME : fullNameOf(actor),
        targetId: target?.id ?? null,
        targetEmail: target?.email ?? null,
        targetName: target ? fullNameOf(target) : null,
        subject,
        ip,
      });
    },

    async page(page = 1, pageSize = AUDIT_PAGE_SIZE) {
      const { rows, total } = await repo.page((page - 1) * pageSize, pageSize);
      return { entries: rows.map(toEntry), page, pageSize, total };
    },

    /** The user's own entries (as actor or target), for the data export. */
    async forUser(userId: number) {
      const rows = await repo.forUser(userId);
      // The IP is the actor's: a target sees when they were impersonated, not from where.
      return rows.map((row) => {
        const asActor = row.actorId === userId;
        return {
          action: row.action,
          as: asActor ? ('actor' as const) : ('target' as const),
          at: row.at.toISOString(),
          ip: asActor ? row.ip : null,
        };
      });
    },
  };
}

/** The audit service's interface. */
export type AuditService = ReturnType<typeof createAuditService>;
