// What the system actor (background jobs) is not: a person who impersonates, or a user the audit log links to.
// Its reach over the organisation is tested in org/org-access.test.ts.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { createAuditService } from '../audit/audit.service.ts';
import { createImpersonationService } from '../impersonation/impersonation.service.ts';
import type { AuthService } from './auth.service.ts';
import { isSystemActor, SYSTEM_ACTOR_NAME, systemActor } from './system-actor.ts';

describe('system actor', () => {
  it('is recognised as the system actor; a session’s actor is not', () => {
    expect(isSystemActor(systemActor(1))).toBe(true);
    expect(isSystemActor({})).toBe(false);
  });

  it('is named "system" in audit entries, linked to no user', async () => {
    const inserted: unknown[] = [];
    const repo = { insert: async (row: unknown) => void inserted.push(row) };
    const audit = createAuditService(repo as unknown as Parameters<typeof createAuditService>[0]);
    await audit.record('IMPERSONATION_STOP', systemActor(1).user, null, null);
    expect(inserted).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: SYSTEM_ACTOR_NAME,
        actorName: SYSTEM_ACTOR_NAME,
      }),
    ]);
  });

  it('may not impersonate (403, before any user is looked up)', async () => {
    const untouched = new Proxy(
      {},
      {
        get: () => () => {
          throw new Error('must not be reached');
        },
      },
    );
    const service = createImpersonationService({
      auth: untouched as AuthService,
      audit: untouched as ReturnType<typeof createAuditService>,
    });
    const error = await service.impersonate(systemActor(1), 5, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(403);
  });
});
