import type { UserRecord } from '../modules/auth/auth.repository.ts';

/** A complete user record for unit tests, with the given fields changed. */
export function userRecord(changes: Partial<UserRecord> = {}): UserRecord {
  const at = new Date('2024-01-01T00:00:00Z');
  return {
    id: 1,
    email: 'user@x.test',
    firstName: '',
    lastName: '',
    role: 'ROLE_USER',
    locale: 'en',
    siteId: 1,
    companyId: null,
    type: 'PROVISIONED',
    emailVerifiedAt: at,
    countryCode: null,
    themePreference: 'auto',
    spotRegionCode: null,
    spotRegionType: null,
    marketingConsent: null,
    marketingConsentAt: null,
    privacyAcceptedAt: null,
    termsAcceptedAt: null,
    createdAt: at,
    updatedAt: at,
    hasPassword: true,
    ...changes,
  };
}
