// The social sign-in provider the browser tests configure: the shared OpenID Connect emulator
// (`@ec/emulators/oidc`) in form mode, offered by the e2e server through OIDC_PROVIDERS.
import { OIDC_EMULATOR_FORM } from '@ec/emulators/oidc';

/** The provider as the e2e server's OIDC_PROVIDERS names it. */
export const LOCAL_OIDC = {
  id: 'local',
  /** The button says "Continue with <name>"; the emulator's sign-in page has it as heading. */
  name: 'Local ID',
  clientId: 'energy-cloud-e2e',
  clientSecret: 'e2e-client-secret-with-enough-entropy',
} as const;

/** Labels of the emulator's own sign-in form (the provider's page, not the app: no catalog texts). */
export const LOCAL_OIDC_FORM = {
  email: OIDC_EMULATOR_FORM.email,
  firstName: OIDC_EMULATOR_FORM.firstName,
  lastName: OIDC_EMULATOR_FORM.lastName,
  submit: OIDC_EMULATOR_FORM.submit(LOCAL_OIDC.name),
} as const;
