import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  AuthUser,
  ChangePasswordForm,
  EmailForm,
  RegisterForm,
  ResetPasswordForm,
  UpdateUserForm,
  UserExport,
  VerifyEmailStatus,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api, siteKey } from '../../../shared/api/client.ts';
import { currentUserKey } from './auth-api.ts';

// The account calls of issue 3 (spec 001 §7). Every function throws ApiError / NetworkError from the client.

/** Registers a new account on the current site (POST /api/auth/register); the answer is the address mailed. */
export async function register(values: RegisterForm, identifier: string): Promise<string> {
  const { email } = await api(routes.accounts.register, {
    query: { identifier },
    body: { data: values },
  });
  return email;
}

/** Uses a verification link's token (POST /api/auth/verify-email): always an outcome, never an error status. */
export async function verifyEmail(token: string): Promise<VerifyEmailStatus> {
  const { status } = await api(routes.accounts.verifyEmail, { body: { data: { token } } });
  return status;
}

/** Sends a new verification link (neutral 202 whether or not the address has an unverified account). */
export async function resendVerification(values: EmailForm): Promise<void> {
  await api(routes.accounts.resendVerification, { body: { data: values } });
}

/** Sends a password-reset link (neutral 202 whether or not the account exists). */
export async function requestPasswordReset(values: EmailForm): Promise<void> {
  await api(routes.accounts.forgottenPassword, { body: { data: values } });
}

/** Sets a new password with a reset token; 422 TOKEN_INVALID or TOKEN_EXPIRED otherwise. */
export async function resetPassword(values: ResetPasswordForm): Promise<void> {
  await api(routes.accounts.resetPassword, { body: { data: values } });
}

/** Changes the signed-in user's password. */
export async function changePassword(values: ChangePasswordForm): Promise<void> {
  await api(routes.accounts.changePassword, { body: { data: values } });
}

/** Saves profile or settings fields (POST /api/auth/user) and records the user the server answers. */
export async function updateUser(
  queryClient: QueryClient,
  values: UpdateUserForm,
): Promise<AuthUser> {
  const { user } = await api(routes.accounts.updateUser, { body: { data: values } });
  queryClient.setQueryData(currentUserKey, user);
  return user;
}

/** Everything stored about the signed-in user (GET /api/auth/user/export). */
export function exportUserData(): Promise<UserExport> {
  return api(routes.accounts.exportUser);
}

/** Deletes the signed-in user's account after confirming the password. */
export async function deleteAccount(password: string): Promise<void> {
  await api(routes.accounts.deleteUser, { body: { data: { password } } });
}

/** Ends an impersonation (POST /api/auth/unimpersonate); the caller reloads the page. */
export async function stopImpersonation(): Promise<void> {
  await api(routes.impersonation.unimpersonate);
}

/** The configured OpenID Connect providers (a sign-in button each; none when the list is empty). */
export function oidcProvidersQueryOptions() {
  return queryOptions({
    queryKey: [...siteKey, 'oidc-providers'] as const,
    queryFn: async ({ signal }) => (await api(routes.oidc.providers, { signal })).providers,
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * The URL that starts a social sign-in with `providerId` and comes back to `redirect` (a browser navigation, not
 * a fetch; the contract's OIDC_START_PATH, written out here to keep the contract's zod out of the sign-in page).
 */
export function oidcStartHref(providerId: string, redirect: string): string {
  const path = `/api/auth/oidc/${encodeURIComponent(providerId)}/start`;
  return `${path}?${new URLSearchParams({ redirect }).toString()}`;
}
