import type {
  Company,
  CompanyDetail,
  CreateCompanyForm,
  LocationGroup,
  UpdateCompanyForm,
} from '@ec/contract';
import { PHONE_INVALID } from '@ec/contract';
import { normalisePhone } from '@ec/contract/phone';
import { invalidFields, notFound, ruleBroken } from '../../errors.ts';
import type { OrgAccess } from '../org/org-access.ts';
import type { Actor } from '../auth/auth.service.ts';
import type { ReferenceService } from '../reference/reference.service.ts';
import type {
  CompaniesRepository,
  CompanyChanges,
  CompanyRecord,
  GroupRecord,
} from './companies.repository.ts';

/** Rule message keys (docs/organisation.md "Rules"; spec 001 §5). */
export const GROUP_RULES = {
  notEmpty: 'org.group_not_empty',
  rootLocked: 'org.root_group_locked',
  moveCycle: 'org.group_move_cycle',
  alreadyInGroup: 'org.already_in_group',
} as const;

/** '' and whitespace-only texts clear an optional field. */
function cleared(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Puts `value` into `changes[key]` when it was sent (undefined means "leave as is"). */
function put<K extends keyof CompanyChanges>(
  changes: CompanyChanges,
  key: K,
  value: CompanyChanges[K] | undefined,
): void {
  if (value !== undefined) changes[key] = value;
}

function toCompany(row: CompanyRecord, assignedControllersCount: number): Company {
  if (row.rootGroupId === null) {
    // Every path that creates a company creates its root group in the same transaction.
    throw new Error(`company ${row.id} has no root location group`);
  }
  return {
    id: row.id,
    name: row.name,
    countryId: row.countryId,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    rootGroup: { id: row.rootGroupId },
    assignedControllersCount,
  };
}

function toDetail(row: CompanyRecord, assignedControllersCount: number): CompanyDetail {
  return {
    ...toCompany(row, assignedControllersCount),
    settings: {
      productName: row.productName,
      platformName: row.platformName,
      slogan: row.slogan,
      domain: row.domain,
      supportEmail: row.supportEmail,
      privacyPolicyUrl: row.privacyPolicyUrl,
      termsUrl: row.termsUrl,
      defaultLocationGroupId: row.defaultLocationGroupId,
      registrationUrl: row.registrationUrl,
    },
  };
}

const toGroup = (row: GroupRecord): LocationGroup => ({ ...row });

/**
 * Companies and location groups (docs/organisation.md). Every call authorizes the actor on the very company or
 * group through the org access core: invisible → 404, visible without the action → 403.
 */
export function createCompaniesService(deps: {
  repo: CompaniesRepository;
  access: OrgAccess;
  reference: ReferenceService;
}) {
  const { repo, access, reference } = deps;

  async function detail(actor: Actor, row: CompanyRecord): Promise<CompanyDetail> {
    return toDetail(row, await repo.assignedControllersCount(row.id, access.locationFilter(actor)));
  }

  async function requireCountry(countryId: number, field: string): Promise<void> {
    if (!(await reference.countryById(countryId))) {
      throw invalidFields({ [field]: 'validation.invalid_value' });
    }
  }

  /**
   * The contact phone to store: its E.164 form, read in the company's country when typed without `+` or `00`
   * (undefined: not sent; null: cleared). Values stored before numbers were checked (issue 10) stay until the phone
   * is sent again; the settings form leaves an unchanged phone out.
   */
  async function contactPhone(
    value: string | null | undefined,
    countryId: number,
  ): Promise<string | null | undefined> {
    const text = cleared(value);
    if (text === undefined || text === null) return text;
    const e164 = normalisePhone(text, (await reference.countryById(countryId))?.code);
    if (e164 === null) throw invalidFields({ 'data.contactPhone': PHONE_INVALID });
    return e164;
  }

  return {
    async list(actor: Actor): Promise<Company[]> {
      const rows = await repo.list(access.companyFilter(actor), access.locationFilter(actor));
      return rows.map((row) => toCompany(row, row.assignedControllersCount));
    },

    /** A company in the actor's site with its root group (the route admits super admins only). */
    async create(actor: Actor, form: CreateCompanyForm): Promise<CompanyDetail> {
      await requireCountry(form.countryId, 'data.countryId');
      const row = await repo.create({
        siteId: actor.user.siteId,
        name: form.name.trim(),
        countryId: form.countryId,
        contactEmail: cleared(form.contactEmail) ?? null,
        contactPhone: (await contactPhone(form.contactPhone, form.countryId)) ?? null,
      });
      return toDetail(row, 0);
    },

    async get(actor: Actor, id: number): Promise<CompanyDetail> {
      const { row } = await access.requireCompany(actor, id, 'view');
      return detail(actor, row);
    },

    async update(actor: Actor, id: number, form: UpdateCompanyForm): Promise<CompanyDetail> {
      const { row: current } = await access.requireCompany(actor, id, 'edit');
      if (form.countryId !== undefined) await requireCountry(form.countryId, 'data.countryId');
      const phone = await contactPhone(form.contactPhone, form.countryId ?? current.countryId);
      const settings = form.settings ?? {};
      const groupId = settings.defaultLocationGroupId;
      if (groupId !== undefined && groupId !== null) {
        const group = await repo.findGroup(groupId);
        if (group?.companyId !== id) {
          throw invalidFields({
            'data.settings.defaultLocationGroupId': 'validation.invalid_value',
          });
        }
      }
      const changes: CompanyChanges = {};
      put(changes, 'name', form.name?.trim());
      put(changes, 'countryId', form.countryId);
      put(changes, 'contactEmail', cleared(form.contactEmail));
      put(changes, 'contactPhone', phone);
      put(changes, 'productName', cleared(settings.productName));
      put(changes, 'platformName', cleared(settings.platformName));
      put(changes, 'slogan', cleared(settings.slogan));
      put(changes, 'domain', cleared(settings.domain)?.toLowerCase());
      put(changes, 'supportEmail', cleared(settings.supportEmail));
      put(changes, 'privacyPolicyUrl', cleared(settings.privacyPolicyUrl));
      put(changes, 'termsUrl', cleared(settings.termsUrl));
      put(changes, 'defaultLocationGroupId', groupId);
      put(changes, 'registrationUrl', cleared(settings.registrationUrl));
      const row = await repo.update(id, changes);
      if (!row) throw notFound();
      return detail(actor, row);
    },

    /** The company's groups the actor sees: admins (every action on the company) all, others their granted subtrees. */
    async groups(actor: Actor, companyId: number): Promise<LocationGroup[]> {
      await access.requireCompany(actor, companyId, 'view');
      const rows = await repo.groupsWhere(companyId, access.groupFilter(actor));
      return rows.map(toGroup);
    },

    /** One group the actor sees (GET /location-groups/:id). */
    async group(actor: Actor, id: number): Promise<LocationGroup> {
      await access.requireGroup(actor, id, 'view');
      const group = await repo.group(id);
      if (!group) throw notFound();
      return toGroup(group);
    },

    async createGroup(
      actor: Actor,
      form: { parentId: number; name: string },
    ): Promise<LocationGroup> {
      const { row: parent } = await access.requireGroup(actor, form.parentId, 'manage');
      const group = await repo.createGroup({
        companyId: parent.companyId,
        parentId: parent.id,
        name: form.name.trim(),
      });
      return toGroup(group);
    },

    async renameGroup(actor: Actor, id: number, name: string): Promise<LocationGroup> {
      await access.requireGroup(actor, id, 'manage');
      const group = await repo.renameGroup(id, name.trim());
      if (!group) throw notFound();
      return toGroup(group);
    },

    /**
     * Moves a group below another group of the same company (manage on both). The root stays where it is; a group
     * cannot go into itself or below itself, nor where it already is.
     */
    async moveGroup(actor: Actor, id: number, parentId: number): Promise<LocationGroup> {
      const { row: group } = await access.requireGroup(actor, id, 'manage');
      if (group.parentId === null) throw ruleBroken(GROUP_RULES.rootLocked);
      const { row: target } = await access.requireGroup(actor, parentId, 'manage');
      if (target.companyId !== group.companyId) {
        throw invalidFields({ 'data.parentId': 'validation.invalid_value' });
      }
      const result = await repo.moveGroup(group, parentId, ({ current, targetIsInside }) => {
        if (targetIsInside) return GROUP_RULES.moveCycle;
        if (current.parentId === parentId) return GROUP_RULES.alreadyInGroup;
        return null;
      });
      if ('missing' in result) throw notFound();
      if ('rule' in result) throw ruleBroken(result.rule);
      return toGroup(result.group);
    },

    /** Deletes an empty group (manage); the root and groups with child groups or locations stay. */
    async deleteGroup(actor: Actor, id: number): Promise<void> {
      const { row: group } = await access.requireGroup(actor, id, 'manage');
      if (group.parentId === null) throw ruleBroken(GROUP_RULES.rootLocked);
      if (!(await repo.deleteEmptyGroup(group))) throw ruleBroken(GROUP_RULES.notEmpty);
    },
  };
}

/** The companies service's interface. */
export type CompaniesService = ReturnType<typeof createCompaniesService>;
