import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Anchor, Checkbox, NativeSelect, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegisterForm as RegisterValues } from '@ec/contract';
import type { Locale } from '@ec/domain';
import { SubmitForm } from '../../../shared/ui/submit-form.tsx';
import { register } from '../api/account-api.ts';
import { useAccountForm } from '../use-account-form.ts';
import { EmailField, NameFields } from './account-fields.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import classes from './register-form.module.css';

function loadSchema() {
  return import('@ec/contract').then((contract) => contract.registerFormSchema);
}

export interface RegisterFormProps {
  /** The site the account belongs to. */
  identifier: string;
  /** Where the privacy policy and the terms are (site info); terms may be missing. */
  privacyHref: string;
  termsHref: string | null;
  countries: readonly { value: string; label: string }[];
  languages: readonly { value: Locale; label: string }[];
  initialLocale: Locale;
  onRegistered: (email: string) => void;
}

/**
 * Registration (spec 001 §5, issue 3): name, e-mail, password with repeat and live strength hints, country and
 * language; the privacy policy and the terms must be accepted; marketing consent is a separate, unticked
 * opt-in. Checked with the contract's schema before sending; server field errors land on their fields and
 * every typed value stays.
 */
export function RegisterForm({
  identifier,
  privacyHref,
  termsHref,
  countries,
  languages,
  initialLocale,
  onRegistered,
}: RegisterFormProps) {
  const { t } = useTranslation();
  const initial: RegisterValues = {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    passwordRepeat: '',
    countryCode: '',
    locale: initialLocale,
    acceptPrivacy: false,
    acceptTerms: false,
    marketingConsent: false,
  };
  const form = useAccountForm({
    initial,
    labels: {
      firstName: t('register.first_name'),
      lastName: t('register.last_name'),
      email: t('register.email'),
      password: t('register.password'),
      passwordRepeat: t('register.password_repeat'),
      countryCode: t('register.country'),
      locale: t('common.language'),
      acceptPrivacy: t('register.privacy_policy'),
      acceptTerms: t('register.terms'),
      marketingConsent: t('register.marketing'),
    },
    loadSchema,
    prepare: (values) => ({
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    }),
    send: (values: RegisterValues) => register(values, identifier),
    errorKey: 'register.error',
    onSuccess: (email) => onRegistered(email),
  });

  // The key's <link>…</link> part becomes the link (react-i18next's Trans would add ~4 KB to every page).
  const withLink = (key: string, href: string) => {
    const [before = '', inside = '', after = ''] = t(key).split(/<link>|<\/link>/);
    return (
      <>
        {before}
        <NewTabLink href={href}>{inside}</NewTabLink>
        {after}
      </>
    );
  };

  return (
    <SubmitForm {...form.submitProps} submitLabel={t('register.submit')} submitLayout="full">
      <div className={classes.names}>
        <NameFields first={form.field('firstName')} last={form.field('lastName')} />
      </div>
      <EmailField {...form.field('email')} />
      <NewPasswordFields
        password={form.field('password')}
        repeat={form.field('passwordRepeat')}
        email={form.values.email}
      />
      <div className={classes.names}>
        <NativeSelect
          autoComplete="country"
          required
          {...form.field('countryCode')}
          data={[{ value: '', label: t('register.choose_country') }, ...countries]}
        />
        <NativeSelect
          required
          {...form.field('locale')}
          data={languages.map((l) => ({ value: l.value, label: l.label }))}
        />
      </div>
      <Stack gap="xs">
        <RequiredCheckbox
          {...form.checkbox('acceptPrivacy')}
          error={form.error('acceptPrivacy')}
          label={withLink('register.accept_privacy', privacyHref)}
        />
        <RequiredCheckbox
          {...form.checkbox('acceptTerms')}
          error={form.error('acceptTerms')}
          label={
            termsHref
              ? withLink('register.accept_terms', termsHref)
              : t('register.accept_terms_plain')
          }
        />
        <Checkbox {...form.checkbox('marketingConsent')} label={t('register.marketing')} />
      </Stack>
    </SubmitForm>
  );
}

/**
 * A checkbox that must be ticked, its error tied to it for screen readers (Mantine's checkbox shows the error
 * text without aria-describedby).
 */
function RequiredCheckbox({
  error,
  ...props
}: {
  name: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
  label: ReactNode;
}) {
  const errorId = useId();
  return (
    <div>
      <Checkbox
        {...props}
        required
        error={error !== undefined}
        aria-invalid={error !== undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <Text id={errorId} size="xs" c="var(--mantine-color-error)" mt={4} ml={32}>
          {error}
        </Text>
      )}
    </div>
  );
}

/** A link in a checkbox label, opened in a new tab so the form keeps its values. */
function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
      <VisuallyHidden>{t('common.opens_in_new_tab')}</VisuallyHidden>
    </Anchor>
  );
}
