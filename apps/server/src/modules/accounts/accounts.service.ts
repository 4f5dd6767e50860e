import { createHash, randomBytes } from 'node:crypto';
import type {
  AuthUser,
  RegisterForm,
  UpdateUserForm,
  UserExport,
  VerifyEmailStatus,
} from '@ec/contract';
import { passwordRuleMessageKey, type Locale } from '@ec/domain';
import type { UserTokenPurpose } from '@ec/db';
import { AppError, forbidden, invalidFields, ruleBroken } from '../../errors.ts';
import type { Log } from '../../logger.ts';
import { type Actor, type AuthService, type UserRecord } from '../auth/auth.service.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import { isSystemActor } from '../auth/system-actor.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { MailKind } from '../mail/mail.templates.ts';
import { RATE_LIMITS, accountSubject, type RateLimiter } from '../rate-limit/rate-limit.service.ts';
import type { SiteRecord, SiteService } from '../site/site.service.ts';
import { isUniqueViolation } from '../../db-errors.ts';
import type { AccountsRepository, UserChanges } from './accounts.repository.ts';
import { appLink } from './links.ts';

/** Lifetime of an e-mail verification link. */
export const VERIFY_EMAIL_TTL_MS = 24 * 3_600_000;
/** Lifetime of a password-reset link. */
export const RESET_PASSWORD_TTL_MS = 3_600_000;
/**
 * Lifetime of the link to choose a first password that a user created by an admin gets in the welcome mail: a
 * password-reset token (same page, same single use) that lasts longer, as the user did not ask for it.
 */
export const WELCOME_PASSWORD_TTL_MS = 7 * 24 * 3_600_000;

/** One-time tokens are 256 random bits, base64url: 43 characters. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The stored id of a one-time token: its SHA-256, hex (like sessions). */
export function tokenIdFor(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Stores a new one-time token of the user (random 256 bits; only its SHA-256 is kept) valid for `ttlMs` from `at`,
 * and returns the token for the link.
 */
export async function issueOneTimeToken(
  repo: Pick<AccountsRepository, 'insertToken'>,
  input: { userId: number; purpose: UserTokenPurpose; ttlMs: number; at: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await repo.insertToken({
    id: tokenIdFor(token),
    userId: input.userId,
    purpose: input.purpose,
    createdAt: input.at,
    expiresAt: new Date(input.at.getTime() + input.ttlMs),
  });
  return token;
}

/** Where a request came from and which origin its links use. */
export interface RequestContext {
  ip: string | null;
  /** Origin for links in mail (see links.ts). */
  origin: string;
}

/** The parts of other modules the data export includes. */
export interface ExportSources {
  socialIdentities(userId: number): Promise<UserExport['socialIdentities']>;
  invitations(email: string): Promise<UserExport['invitations']>;
  auditLog(userId: number): Promise<UserExport['auditLog']>;
}

const notWhileImpersonating = () => forbidden('impersonation.not_while_impersonating');

/** The system actor (a job) has no account of its own to change, export or delete (docs/decisions/0018). */
function personOnly(actor: Actor): void {
  if (isSystemActor(actor)) throw forbidden();
}

/** Registration, verification, passwords, profile and privacy (issue 3). */
export function createAccountsService(deps: {
  repo: AccountsRepository;
  auth: AuthService;
  mail: MailService;
  sites: SiteService;
  limiter: RateLimiter;
  log: Log;
  exportSources: ExportSources;
  now?: () => Date;
}) {
  const { repo, auth, mail, sites, limiter, log } = deps;

  /**
   * Checks a signed-in user's current password (change password, delete account). Wrong guesses are limited per
   * user like sign-in failures, taken before the check so parallel guesses cannot pass the limit; a right password
   * gives its place back.
   */
  async function confirmPassword(
    found: { user: { id: number }; passwordHash: string | null },
    password: string,
    field: string,
  ): Promise<void> {
    const slot = await limiter.acquire([
      RATE_LIMITS.passwordConfirmFailuresPerUser,
      String(found.user.id),
    ]);
    const valid =
      found.passwordHash !== null && (await verifyPassword(found.passwordHash, password));
    if (!valid) throw invalidFields({ [field]: 'validation.current_password_wrong' });
    await slot.release();
  }
  const now = deps.now ?? (() => new Date());

  function issueToken(userId: number, purpose: UserTokenPurpose, ttlMs: number) {
    return issueOneTimeToken(repo, { userId, purpose, ttlMs, at: now() });
  }

  function sendMail(
    kind: MailKind,
    user: Pick<UserRecord, 'email' | 'firstName' | 'locale'>,
    site: SiteRecord,
    origin: string,
    actionUrl?: string,
  ): void {
    mail.send({
      kind,
      to: user.email,
      locale: user.locale,
      site,
      origin,
      name: user.firstName,
      ...(actionUrl ? { actionUrl } : {}),
    });
  }

  async function sendVerification(user: UserRecord, site: SiteRecord, origin: string) {
    const token = await issueToken(user.id, 'verify_email', VERIFY_EMAIL_TTL_MS);
    const link = appLink(origin, '/auth/token-validation', site, { token });
    sendMail('verify_email', user, site, origin, link);
  }

  /** Throws 400 with the field's password-rule key when the password breaks a rule for this e-mail. */
  function checkPasswordRules(password: string, email: string, field: string): void {
    const key = passwordRuleMessageKey(password, email);
    if (key) throw invalidFields({ [field]: key });
  }

  /** Tells the owner of an address that someone tried to register with it, with a way to reset the password. */
  async function noteDuplicateRegistration(user: UserRecord, context: RequestContext) {
    const site = await sites.byId(user.siteId);
    const link = appLink(context.origin, '/auth/forgotten-password', site);
    sendMail('already_registered', user, site, context.origin, link);
  }

  return {
    /**
     * Registers an unverified basic user and sends the verification link. An address that has an account already
     * gets the same answer (and equal work: the password is hashed either way), and its owner a mail saying that
     * someone tried to register with it (docs/decisions/0008).
     */
    async register(
      form: RegisterForm & { email: string },
      site: SiteRecord,
      context: RequestContext,
    ): Promise<{ email: string }> {
      await limiter.consume([RATE_LIMITS.registerPerIp, context.ip ?? 'unknown']);
      const email = form.email.trim().toLowerCase();
      const passwordHash = await hashPassword(form.password);
      const existing = await repo.findByEmail(email);
      if (existing) {
        await noteDuplicateRegistration(existing.user, context);
        return { email };
      }
      const at = now();
      let user: UserRecord;
      try {
        user = await repo.insertUser({
          email,
          passwordHash,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          role: 'ROLE_USER_BASIC',
          locale: form.locale as Locale,
          siteId: site.id,
          type: 'REGISTERED',
          emailVerifiedAt: null,
          countryCode: form.countryCode,
          marketingConsent: form.marketingConsent,
          marketingConsentAt: at,
          privacyAcceptedAt: at,
          termsAcceptedAt: at,
        });
      } catch (error) {
        // A parallel registration of the same address won the race: same answer as for any taken address.
        if (!isUniqueViolation(error)) throw error;
        const winner = await repo.findByEmail(email);
        if (winner) await noteDuplicateRegistration(winner.user, context);
        return { email };
      }
      log.info({ userId: user.id, siteId: site.id }, 'user registered');
      await sendVerification(user, site, context.origin);
      return { email };
    },

    /** Uses a verification token (spec 001 §8 token validation outcomes). */
    async verifyEmail(token: string): Promise<VerifyEmailStatus> {
      try {
        if (!TOKEN_FORMAT.test(token)) return 'MISSING';
        const id = tokenIdFor(token);
        const row = await repo.findToken(id, 'verify_email');
        if (!row) return 'MISSING';
        const found = await repo.findById(row.userId);
        if (!found) return 'MISSING';
        const at = now();
        if (found.user.emailVerifiedAt !== null) {
          await repo.useToken(id, at);
          return 'ALREADY_USED';
        }
        if (row.usedAt !== null) return 'ERROR'; // used, yet the address is unverified: should not happen
        if (row.expiresAt <= at) return 'EXPIRED';
        if (!(await repo.useToken(id, at))) return 'ALREADY_USED';
        await repo.updateUser(found.user.id, { emailVerifiedAt: at });
        await repo.useAllTokens(found.user.id, 'verify_email', at);
        log.info({ userId: found.user.id }, 'e-mail verified');
        return 'VERIFIED';
      } catch (error) {
        log.error({ err: error }, 'e-mail verification failed');
        return 'ERROR';
      }
    },

    /** Sends a new verification link when the address has an unverified account; the answer never tells. */
    async resendVerification(emailInput: string, context: RequestContext): Promise<void> {
      const email = emailInput.trim().toLowerCase();
      await limiter.consume(
        [RATE_LIMITS.resendPerAccount, accountSubject(email)],
        [RATE_LIMITS.resendPerIp, context.ip ?? 'unknown'],
      );
      const found = await repo.findByEmail(email);
      if (!found || found.user.emailVerifiedAt !== null) return;
      await sendVerification(found.user, await sites.byId(found.user.siteId), context.origin);
    },

    /**
     * Sends a password-reset link (1 h, single use; earlier reset links stop working) when the address has an
     * account; the answer never tells.
     */
    async forgottenPassword(emailInput: string, context: RequestContext): Promise<void> {
      const email = emailInput.trim().toLowerCase();
      await limiter.consume(
        [RATE_LIMITS.forgottenPerAccount, accountSubject(email)],
        [RATE_LIMITS.forgottenPerIp, context.ip ?? 'unknown'],
      );
      const found = await repo.findByEmail(email);
      if (!found) {
        log.info({ ip: context.ip }, 'password reset asked for an unknown address');
        return;
      }
      await repo.useAllTokens(found.user.id, 'reset_password', now());
      const token = await issueToken(found.user.id, 'reset_password', RESET_PASSWORD_TTL_MS);
      const site = await sites.byId(found.user.siteId);
      const link = appLink(context.origin, '/auth/reset-password', site, { token });
      sendMail('reset_password', found.user, site, context.origin, link);
    },

    /**
     * Sets a new password with a reset token (also the welcome mail's link to choose a first password). The link
     * proves control of the mailbox, so an unverified address becomes verified. Every session of the user ends.
     */
    async resetPassword(
      input: { token: string; password: string },
      context: RequestContext,
    ): Promise<void> {
      const invalid = () =>
        new AppError(422, 'TOKEN_INVALID', { message: 'reset_password.token_invalid' });
      if (!TOKEN_FORMAT.test(input.token)) throw invalid();
      const id = tokenIdFor(input.token);
      const row = await repo.findToken(id, 'reset_password');
      if (!row || row.usedAt !== null) throw invalid();
      const at = now();
      if (row.expiresAt <= at) {
        throw new AppError(422, 'TOKEN_EXPIRED', { message: 'reset_password.token_expired' });
      }
      const found = await repo.findById(row.userId);
      if (!found) throw invalid();
      checkPasswordRules(input.password, found.user.email, 'data.password');
      const passwordHash = await hashPassword(input.password);
      if (!(await repo.useToken(id, at))) throw invalid();
      const changes: UserChanges = { passwordHash };
      if (found.user.emailVerifiedAt === null) changes.emailVerifiedAt = at;
      await repo.updateUser(found.user.id, changes);
      await repo.useAllTokens(found.user.id, 'reset_password', at);
      await auth.endSessions(found.user.id);
      log.info({ userId: found.user.id, ip: context.ip }, 'password reset');
      const site = await sites.byId(found.user.siteId);
      sendMail('password_changed', found.user, site, context.origin);
    },

    /** Changes the password after checking the current one; the user's other sessions end. */
    async changePassword(
      actor: Actor,
      input: { currentPassword: string; newPassword: string },
      context: RequestContext,
    ): Promise<void> {
      personOnly(actor);
      if (actor.impersonator) throw notWhileImpersonating();
      const found = await repo.findById(actor.user.id);
      if (!found) throw forbidden();
      await confirmPassword(found, input.currentPassword, 'data.currentPassword');
      checkPasswordRules(input.newPassword, found.user.email, 'data.newPassword');
      await repo.updateUser(found.user.id, { passwordHash: await hashPassword(input.newPassword) });
      await repo.useAllTokens(found.user.id, 'reset_password', now());
      await auth.endSessions(found.user.id, actor.sessionId);
      log.info({ userId: found.user.id, ip: context.ip }, 'password changed');
      const site = await sites.byId(found.user.siteId);
      sendMail('password_changed', found.user, site, context.origin);
    },

    /** Updates profile and settings; marketing consent only by the user themself (not while impersonating). */
    async updateUser(actor: Actor, form: UpdateUserForm): Promise<AuthUser> {
      personOnly(actor);
      if (actor.impersonator && form.marketingConsent !== undefined) throw notWhileImpersonating();
      const changes: UserChanges = {};
      if (form.firstName !== undefined) changes.firstName = form.firstName;
      if (form.lastName !== undefined) changes.lastName = form.lastName;
      if (form.locale !== undefined) changes.locale = form.locale;
      if (form.countryCode !== undefined) changes.countryCode = form.countryCode;
      if (form.themePreference !== undefined) changes.themePreference = form.themePreference;
      if (form.spotRegion !== undefined) {
        changes.spotRegionCode = form.spotRegion?.code ?? null;
        changes.spotRegionType = form.spotRegion?.type ?? null;
      }
      if (form.marketingConsent !== undefined) {
        changes.marketingConsent = form.marketingConsent;
        changes.marketingConsentAt = now();
      }
      const user =
        Object.keys(changes).length === 0
          ? actor.user
          : await repo.updateUser(actor.user.id, changes);
      if (!user) throw forbidden();
      return auth.describe(user, actor.impersonator);
    },

    /** Everything stored about the user (GDPR access and portability). Not while impersonating. */
    async exportUser(actor: Actor): Promise<UserExport> {
      personOnly(actor);
      if (actor.impersonator) throw notWhileImpersonating();
      const user = actor.user;
      const site = await sites.byId(user.siteId);
      const iso = (date: Date | null) => (date ? date.toISOString() : null);
      const sessions = await auth.sessionsOf(user.id);
      return {
        exportedAt: now().toISOString(),
        account: {
          id: user.id,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          type: user.type,
          locale: user.locale,
          countryCode: user.countryCode,
          themePreference: user.themePreference,
          spotRegion:
            user.spotRegionCode && user.spotRegionType
              ? { code: user.spotRegionCode, type: user.spotRegionType }
              : null,
          marketingConsent: user.marketingConsent,
          marketingConsentAt: iso(user.marketingConsentAt),
          emailVerifiedAt: iso(user.emailVerifiedAt),
          privacyAcceptedAt: iso(user.privacyAcceptedAt),
          termsAcceptedAt: iso(user.termsAcceptedAt),
          createdAt: user.createdAt.toISOString(),
          updatedAt: user.updatedAt.toISOString(),
          site: { identifier: site.identifier, platformName: site.platformName },
        },
        sessions: sessions.map((s) => ({
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
          ip: s.ip,
          userAgent: s.userAgent,
          current: s.id === actor.sessionId,
        })),
        socialIdentities: await deps.exportSources.socialIdentities(user.id),
        invitations: await deps.exportSources.invitations(user.email),
        auditLog: await deps.exportSources.auditLog(user.id),
      };
    },

    /**
     * Deletes the account after the password is confirmed; its sessions, tokens and social links go with it.
     * A super admin cannot delete their own account (spec 001 §5), so an installation keeps its administrator.
     */
    async deleteUser(actor: Actor, password: string, context: RequestContext): Promise<void> {
      personOnly(actor);
      if (actor.impersonator) throw notWhileImpersonating();
      if (actor.user.role === 'ROLE_SUPER_ADMIN') {
        throw ruleBroken('account.super_admin_cannot_delete_self');
      }
      const found = await repo.findById(actor.user.id);
      if (!found) throw forbidden();
      await confirmPassword(found, password, 'data.password');
      const site = await sites.byId(found.user.siteId);
      await repo.deleteUser(found.user.id);
      log.info({ userId: found.user.id, ip: context.ip }, 'account deleted by its owner');
      sendMail('account_deleted', found.user, site, context.origin);
    },

    /** Looks up an account by e-mail (for social sign-in). */
    /** A user by id, for other modules (users-admin's welcome mail). */
    async findById(id: number): Promise<UserRecord | undefined> {
      return (await repo.findById(id))?.user;
    },

    /**
     * The token of a welcome link: a password-reset token that lasts WELCOME_PASSWORD_TTL_MS (users-admin's
     * welcome mail lets a new user choose a first password with it).
     */
    issueWelcomeToken(userId: number): Promise<string> {
      return issueToken(userId, 'reset_password', WELCOME_PASSWORD_TTL_MS);
    },

    /** Uses up the user's pending verification links: the address was confirmed another way (an admin). */
    async retireVerificationLinks(userId: number, at: Date): Promise<void> {
      await repo.useAllTokens(userId, 'verify_email', at);
    },

    async findByEmail(email: string): Promise<UserRecord | undefined> {
      return (await repo.findByEmail(email.trim().toLowerCase()))?.user;
    },

    /**
     * Links a verified address to an existing account: marks it verified and, when it was not verified before,
     * drops its password — whoever registered it never proved they own the address, so their password must not
     * keep working (pre-account takeover; docs/decisions/0010).
     */
    async confirmAddressFromProvider(user: UserRecord): Promise<UserRecord> {
      if (user.emailVerifiedAt !== null) return user;
      const at = now();
      const updated = await repo.updateUser(user.id, { emailVerifiedAt: at, passwordHash: null });
      await repo.useAllTokens(user.id, 'verify_email', at);
      await auth.endSessions(user.id);
      return updated ?? user;
    },

    /** Creates a verified basic user for a first social sign-in. */
    async createSocialUser(input: {
      email: string;
      firstName: string;
      lastName: string;
      locale: Locale;
      siteId: number;
    }): Promise<UserRecord> {
      return repo.insertUser({
        email: input.email.trim().toLowerCase(),
        passwordHash: null,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'ROLE_USER_BASIC',
        locale: input.locale,
        siteId: input.siteId,
        type: 'SOCIAL',
        emailVerifiedAt: now(),
      });
    },
  };
}

/** The accounts service's interface. */
export type AccountsService = ReturnType<typeof createAccountsService>;
