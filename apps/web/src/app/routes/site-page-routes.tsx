import { PrivacyPolicyPage, SupportPage } from '../../features/site/components/site-pages.tsx';

/** /privacy-policy and /auth/privacy-policy (the same page in either layout). */
export function PrivacyPolicyRoute() {
  return <PrivacyPolicyPage />;
}

/** /support and /auth/support. */
export function SupportRoute() {
  return <SupportPage />;
}
