import type { AdminUser, AdminUserDetail, CreateUserForm, UpdateAdminUserForm } from '@ec/contract';
import {
  assignableRolesFor,
  canAssignRole,
  canChangeRole,
  canImpersonate,
  canManageRole,
  hasRole,
} from '@ec/domain';
import { AppError, forbidden, notFound, ruleBroken } from '../../errors.ts';
import type { Log } from '../../logger.ts';
import { isUniqueViolation } from '../../db-errors.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { appLink } from '../accounts/links.ts';
import { fullNameOf, type Actor } from '../auth/auth.service.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { OrgAccess } from '../org/org-access.ts';
import type { SiteService } from '../site/site.service.ts';
import type { ManagedUserRow, UsersAdminRepository } from './users-admin.repository.ts';

const DEFAULT_PAGE_SIZE = 25;

/**
 * User management for admins (spec 001 §6; docs/organisation.md "Admin"). The acting user (while impersonating, the
 * impersonated one) reaches the users of their site (super admin) or of their own company (aggregator); anyone else
 * is 404. What they may do with a user in reach follows the domain's role rules (canManageRole, canChangeRole).
 */
export function createUsersAdminService(deps: {
  repo: UsersAdminRepository;
  accounts: Pick<AccountsService, 'findById' | 'issueWelcomeToken' | 'retireVerificationLinks'>;
  access: OrgAccess;
  mail: MailService;
  sites: SiteService;
  log: Log;
  now?: () => Date;
}) {
  const { repo, accounts, access, mail, sites, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Whether the user is in the actor's reach (see the service's description). */
  function inReach(actor: Actor, user: Pick<ManagedUserRow, 'siteId' | 'companyId'>): boolean {
    const scope = access.scopeOf(actor);
    if (user.siteId !== scope.siteId) return false;
    if (scope.kind === 'site') return true;
    return (
      scope.kind === 'company' && scope.companyId !== null && scope.companyId === user.companyId
    );
  }

  /** The user if in reach; 404 otherwise (unknown and foreign ids look the same). */
  async function reachable(actor: Actor, id: number): Promise<ManagedUserRow> {
    const user = await repo.findUser(id);
    if (!user || !inReach(actor, user)) throw notFound();
    return user;
  }

  function manageable(actor: Actor, user: ManagedUserRow): void {
    if (!canManageRole(actor.user.role, user.role)) throw forbidden();
  }

  function describe(actor: Actor, user: ManagedUserRow): AdminUser {
    const me = actor.user;
    const manage = canManageRole(me.role, user.role);
    const other = me.id !== user.id;
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      fullName: fullNameOf(user),
      role: user.role,
      type: user.type,
      verified: user.emailVerifiedAt !== null,
      locale: user.locale,
      company:
        user.companyId === null ? null : { id: user.companyId, name: user.companyName ?? '' },
      createdAt: user.createdAt.toISOString(),
      actions: {
        edit: manage,
        changeRole: assignableRolesFor(me.role).some((role) => canChangeRole(me, user, role)),
        verify: manage && user.emailVerifiedAt === null,
        // Only a super admin has other companies to move users to.
        changeCompany: manage && other && hasRole(me, 'ROLE_SUPER_ADMIN'),
        delete: manage && other,
        impersonate: canImpersonate(me, user),
      },
    };
  }

  async function reload(actor: Actor, id: number): Promise<AdminUser> {
    const user = await repo.findUser(id);
    if (!user) throw notFound();
    return describe(actor, user);
  }

  /**
   * The welcome mail (site-branded, in the new user's language, naming who made the account): a link to choose a
   * first password — a password-reset token that lasts 7 days (accounts' issueWelcomeToken) on the reset page, which
   * `welcome=1` makes say "set your password". Setting it also confirms the address.
   */
  async function sendWelcome(actor: Actor, userId: number, origin: string): Promise<boolean> {
    const user = await accounts.findById(userId);
    if (!user) return false;
    const token = await accounts.issueWelcomeToken(user.id);
    const site = await sites.byId(user.siteId);
    // Waited for, so the admin learns when it did not go out (the account stays: "Forgotten password" on the
    // sign-in page sends the user a new link).
    return mail
      .sendNow({
        kind: 'welcome',
        to: user.email,
        locale: user.locale,
        site,
        origin,
        name: user.firstName,
        actionUrl: appLink(origin, '/auth/reset-password', site, { token, welcome: '1' }),
        params: { creatorName: fullNameOf(actor.user) },
        // From the company's own sender when it has one.
        ...(user.companyId === null ? {} : { companyId: user.companyId }),
      })
      .then(
        () => true,
        (error: unknown) => {
          log.warn({ userId: user.id, err: error }, 'welcome mail not sent');
          return false;
        },
      );
  }

  return {
    /** GET /companies/:id/users. */
    async list(
      actor: Actor,
      companyId: number,
      query: { q?: string | undefined; page?: number | undefined; pageSize?: number | undefined },
    ) {
      await access.requireCompany(actor, companyId, 'view');
      const filter = {
        q: query.q ?? '',
        page: query.page ?? 1,
        pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
      };
      const { rows, total } = await repo.companyUsers(companyId, filter);
      return {
        items: rows.map((row) => describe(actor, row)),
        total,
        page: filter.page,
        pageSize: filter.pageSize,
      };
    },

    /** GET /users/:id. */
    async get(actor: Actor, id: number): Promise<AdminUserDetail> {
      const user = await reachable(actor, id);
      // Only the grants inside the admin's own reach: another company's location and group names stay hidden.
      const visible = {
        locations: access.locationFilter(actor),
        groups: access.groupFilter(actor),
      };
      return { ...describe(actor, user), ...(await repo.rightsOf(user.id, visible)) };
    },

    /** POST /users: a user without a password, who gets the welcome mail with a link to choose one. */
    async create(
      actor: Actor,
      form: CreateUserForm,
      origin: string,
    ): Promise<{ user: AdminUser; welcomeMailSent: boolean }> {
      const company = await access.requireCompany(actor, form.companyId, 'manage');
      if (!canAssignRole(actor.user.role, form.role)) throw forbidden();
      let id: number;
      try {
        id = await repo.insertUser({
          email: form.email.trim().toLowerCase(),
          firstName: form.firstName,
          lastName: form.lastName,
          role: form.role,
          locale: form.locale,
          siteId: company.row.siteId,
          companyId: company.row.id,
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new AppError(409, 'CONFLICT', {
          message: 'users_admin.email_taken',
          fields: { 'data.email': 'users_admin.email_taken' },
        });
      }
      const welcomeMailSent = await sendWelcome(actor, id, origin);
      log.info({ userId: id, by: actor.user.id }, 'user created by an admin');
      return { user: await reload(actor, id), welcomeMailSent };
    },

    /** PUT /users/:id: names (canManageRole) and role (canChangeRole when it changes). */
    async update(actor: Actor, id: number, form: UpdateAdminUserForm): Promise<AdminUser> {
      const user = await reachable(actor, id);
      manageable(actor, user);
      if (form.role !== user.role && !canChangeRole(actor.user, user, form.role)) {
        throw forbidden();
      }
      await repo.updateUser(user.id, {
        firstName: form.firstName,
        lastName: form.lastName,
        role: form.role,
      });
      return reload(actor, user.id);
    },

    /** POST /users/:id/verify (idempotent). */
    async verify(actor: Actor, id: number): Promise<AdminUser> {
      const user = await reachable(actor, id);
      manageable(actor, user);
      if (user.emailVerifiedAt === null) {
        const at = now();
        await repo.updateUser(user.id, { emailVerifiedAt: at });
        // The address is confirmed now: the user's pending verification links have nothing left to do.
        await accounts.retireVerificationLinks(user.id, at);
      }
      return reload(actor, user.id);
    },

    /** POST /users/:id/company: to a company in the actor's reach (aggregator: only their own). */
    async changeCompany(actor: Actor, id: number, companyId: number): Promise<AdminUser> {
      const user = await reachable(actor, id);
      const company = await access.requireCompany(actor, companyId, 'manage');
      manageable(actor, user);
      if (user.id === actor.user.id) throw forbidden();
      if (company.row.siteId !== user.siteId) throw notFound();
      await repo.updateUser(user.id, { companyId: company.row.id });
      return reload(actor, user.id);
    },

    /** DELETE /users/:id. */
    async remove(actor: Actor, id: number): Promise<void> {
      const user = await reachable(actor, id);
      if (user.id === actor.user.id) throw ruleBroken('org.cannot_delete_self');
      manageable(actor, user);
      await repo.deleteUser(user.id);
      log.info({ userId: user.id, by: actor.user.id }, 'user deleted by an admin');
    },
  };
}

/** The users-admin service's interface. */
export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
