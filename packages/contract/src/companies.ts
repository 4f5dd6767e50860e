import { z } from 'zod';
import { EMAIL_MAX, entityNameSchema, idParams, idSchema } from './common.ts';
import { defineRoute } from './http.ts';
import { optionalPhoneSchema } from './phone.ts';
import { nameText, singleLineText } from './text.ts';

// Companies and location groups (issue 4, docs/organisation.md "Companies and location groups"; spec 000 §3,
// spec 001 §3 Company and Location group, §5 delete and move rules). Request bodies use `{ data: { … } }`.

const bodyId = idSchema;

/** Contact and support e-mail addresses: optional; an empty text clears the value. */
const optionalEmail = singleLineText()
  .max(EMAIL_MAX)
  .refine((v) => v === '' || z.email().safeParse(v).success, {
    message: 'validation.invalid_email',
  })
  .nullable();

/** An optional web address (http or https); an empty text clears the value. */
const optionalUrl = singleLineText()
  .max(2000)
  .refine((v) => v === '' || isHttpUrl(v), { message: 'validation.invalid_url' })
  .nullable();

/** An optional single-line text; an empty text clears the value. */
const optionalText = (max: number) => singleLineText().max(max).nullable();
/** An optional name (a product or platform name); an empty text clears the value. */
const optionalName = (max: number) => nameText().max(max).nullable();

/** A host name such as `energy.example.com` (no scheme, no path). */
const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Company name as typed (also the name of its root location group). */
export const companyNameSchema = entityNameSchema;
/** Location-group name as typed. */
export const locationGroupNameSchema = entityNameSchema;

/** A company as lists show it (spec 001 §3 Company; the /overview cards). */
export const companySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    countryId: z.number().int(),
    contactEmail: z.string().nullable(),
    /**
     * E.164 (`+38612345678`; the web shows it in international format). A value stored before numbers were checked
     * (issue 10) comes back as it was typed.
     */
    contactPhone: z.string().nullable(),
    /** The root of the company's location-group tree (the /overview card links there). */
    rootGroup: z.object({ id: z.number().int() }),
    /** Controllers of the company that are assigned to a location. */
    assignedControllersCount: z.number().int(),
  })
  .meta({ id: 'Company' });
/** A company in a list. */
export type Company = z.infer<typeof companySchema>;

/** The company settings of spec 001 §3 (labels of the Global Settings company form); null when unset. */
export const companySettingsSchema = z
  .object({
    productName: z.string().nullable(),
    platformName: z.string().nullable(),
    slogan: z.string().nullable(),
    domain: z.string().nullable(),
    supportEmail: z.string().nullable(),
    privacyPolicyUrl: z.string().nullable(),
    termsUrl: z.string().nullable(),
    /** A location group of this company where new locations land by default. */
    defaultLocationGroupId: z.number().int().nullable(),
    registrationUrl: z.string().nullable(),
  })
  .meta({ id: 'CompanySettings' });
/** Company settings. */
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** One company with its settings. */
export const companyDetailSchema = companySchema
  .extend({ settings: companySettingsSchema })
  .meta({ id: 'CompanyDetail' });
/** One company with its settings. */
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/**
 * The create-company form (spec 000 §2 /overview "Add new"): name and country required; contact e-mail (must be an
 * e-mail address) and phone optional. The phone may be typed with spaces and separators; without `+` or `00` it
 * is read as dialled in the company's country; the server stores its E.164 form (400 validation.phone_invalid).
 */
export const createCompanyFormSchema = z.strictObject({
  name: companyNameSchema,
  countryId: bodyId,
  contactEmail: optionalEmail.optional(),
  contactPhone: optionalPhoneSchema.optional(),
});
/** Create-company form values. */
export type CreateCompanyForm = z.input<typeof createCompanyFormSchema>;

/** Changes to the company settings: only the fields sent change; null or an empty text clears one. */
export const companySettingsFormSchema = z.strictObject({
  productName: optionalName(100).optional(),
  platformName: optionalName(100).optional(),
  slogan: optionalText(200).optional(),
  domain: singleLineText()
    .max(253)
    .refine((v) => v === '' || HOST_NAME.test(v), { message: 'validation.invalid' })
    .nullable()
    .optional(),
  supportEmail: optionalEmail.optional(),
  privacyPolicyUrl: optionalUrl.optional(),
  termsUrl: optionalUrl.optional(),
  defaultLocationGroupId: bodyId.nullable().optional(),
  registrationUrl: optionalUrl.optional(),
});
/** Company settings form values. */
export type CompanySettingsForm = z.input<typeof companySettingsFormSchema>;

/** Changes to a company: only the fields sent change. */
export const updateCompanyFormSchema = z.strictObject({
  name: companyNameSchema.optional(),
  countryId: bodyId.optional(),
  contactEmail: optionalEmail.optional(),
  contactPhone: optionalPhoneSchema.optional(),
  settings: companySettingsFormSchema.optional(),
});
/** Company change values. */
export type UpdateCompanyForm = z.input<typeof updateCompanyFormSchema>;

/** A location group (spec 001 §3 Location group) with what the tree screens need. */
export const locationGroupSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** null for the company's root group. */
    parentId: z.number().int().nullable(),
    companyId: z.number().int(),
    /** Locations directly in this group. */
    locationsCount: z.number().int(),
    /** Groups directly below this group. */
    childrenCount: z.number().int(),
  })
  .meta({ id: 'LocationGroup' });
/** A location group. */
export type LocationGroup = z.infer<typeof locationGroupSchema>;

/** New location group under `parentId`. */
export const createLocationGroupFormSchema = z.strictObject({
  parentId: bodyId,
  name: locationGroupNameSchema,
});
/** New location group values. */
export type CreateLocationGroupForm = z.input<typeof createLocationGroupFormSchema>;

/** Rename a location group. */
export const renameLocationGroupFormSchema = z.strictObject({ name: locationGroupNameSchema });
/** Move a location group below another group of the same company. */
export const moveLocationGroupFormSchema = z.strictObject({ parentId: bodyId });

const companyParams = idParams;
const groupParams = idParams;

/** Companies (spec 000 §2 /overview, Global Settings) and their location-group trees. */
export const companyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/companies',
    summary:
      'The companies the actor sees, by name: a super admin all of the site, an aggregator their own, others those ' +
      'where something is granted to them',
    tags: ['companies'],
    access: { kind: 'session' },
    data: z.object({ companies: z.array(companySchema) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/companies',
    summary:
      "Create a company in the actor's site with its root location group (named after the company). 400 with " +
      'data.name / data.countryId: validation.required; data.contactPhone: validation.phone_invalid (stored as ' +
      "E.164; a number without + or 00 is read in the company's country)",
    tags: ['companies'],
    access: { kind: 'session', roles: ['ROLE_SUPER_ADMIN'] },
    body: z.strictObject({ data: createCompanyFormSchema }),
    successStatus: 201,
    data: z.object({ company: companyDetailSchema }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/companies/:id',
    summary: 'One company with its settings (404 when the actor does not see it)',
    tags: ['companies'],
    access: { kind: 'session' },
    params: companyParams,
    data: z.object({ company: companyDetailSchema }),
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/companies/:id',
    summary:
      'Change a company and its settings (only the fields sent; null or "" clears an optional one). Needs edit on ' +
      'the company (its aggregators, super admins). defaultLocationGroupId must be a group of this company ' +
      '(400 data.settings.defaultLocationGroupId: validation.invalid_value). contactPhone is stored as E.164, a ' +
      "number without + or 00 read in the company's country (the one sent, else the stored one); 400 " +
      'data.contactPhone: validation.phone_invalid',
    tags: ['companies'],
    access: { kind: 'session' },
    params: companyParams,
    body: z.strictObject({ data: updateCompanyFormSchema }),
    data: z.object({ company: companyDetailSchema }),
  }),
  locationGroups: defineRoute({
    method: 'GET',
    path: '/companies/:id/location-groups',
    summary:
      "The company's location groups the actor sees (admins: all; others: granted groups and the groups below " +
      'them), parents before children',
    tags: ['companies'],
    access: { kind: 'session' },
    params: companyParams,
    data: z.object({ groups: z.array(locationGroupSchema) }),
  }),
  group: defineRoute({
    method: 'GET',
    path: '/location-groups/:id',
    summary:
      'One location group (view on it: admins of its company, grants on it or above it). 404 when not visible',
    tags: ['companies'],
    access: { kind: 'session' },
    params: groupParams,
    data: z.object({ group: locationGroupSchema }),
  }),
  createGroup: defineRoute({
    method: 'POST',
    path: '/location-groups',
    summary: 'Create a location group under parentId (needs manage on the parent)',
    tags: ['companies'],
    access: { kind: 'session' },
    body: z.strictObject({ data: createLocationGroupFormSchema }),
    successStatus: 201,
    data: z.object({ group: locationGroupSchema }),
  }),
  renameGroup: defineRoute({
    method: 'PUT',
    path: '/location-groups/:id',
    summary:
      'Rename a location group (needs manage on it). Renaming the root group does not rename the company',
    tags: ['companies'],
    access: { kind: 'session' },
    params: groupParams,
    body: z.strictObject({ data: renameLocationGroupFormSchema }),
    data: z.object({ group: locationGroupSchema }),
  }),
  moveGroup: defineRoute({
    method: 'POST',
    path: '/location-groups/:id/move',
    summary:
      'Move a location group below another group of the same company (manage on both). 422 RULE_BROKEN: ' +
      'org.root_group_locked (the root), org.group_move_cycle (into itself or below itself), org.already_in_group ' +
      '(already there)',
    tags: ['companies'],
    access: { kind: 'session' },
    params: groupParams,
    body: z.strictObject({ data: moveLocationGroupFormSchema }),
    data: z.object({ group: locationGroupSchema }),
  }),
  deleteGroup: defineRoute({
    method: 'DELETE',
    path: '/location-groups/:id',
    summary:
      'Delete an empty location group (needs manage). 422 RULE_BROKEN: org.group_not_empty (child groups or ' +
      'locations), org.root_group_locked (the root)',
    tags: ['companies'],
    access: { kind: 'session' },
    params: groupParams,
    successStatus: 204,
    data: z.object({}),
  }),
} as const;
