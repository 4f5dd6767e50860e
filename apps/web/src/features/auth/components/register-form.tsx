import {
  useEffect,
  useId,
  useState,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import {
  Anchor,
  Button,
  Checkbox,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegisterForm as RegisterValues } from '@ec/contract';
import type { Locale } from '@ec/domain';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
} from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { register } from '../api/account-api.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import classes from './register-form.module.css';

type Field = keyof RegisterValues;
const FIELDS: readonly Field[] = [
  'firstName',
  'lastName',
  'email',
  'password',
  'passwordRepeat',
  'countryCode',
  'locale',
  'acceptPrivacy',
  'acceptTerms',
  'marketingConsent',
];

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
  const errorId = useId();
  const [values, setValues] = useState<RegisterValues>({
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
  });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const mutation = useMutation({
    mutationFn: (form: RegisterValues) => register(form, identifier),
    onSuccess: (email) => onRegistered(email),
    onError: (error) => {
      if (error instanceof ApiError) setErrors(fieldErrorsFromApi(error.fields, FIELDS));
    },
  });

  useEffect(() => {
    loadSchema().catch(() => undefined);
  }, []);

  const labels: Record<Field, string> = {
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
  };
  const error = (field: Field) => {
    const e = errors[field];
    return e ? t(e.key, { field: labels[field], ...e.values }) : undefined;
  };

  const text =
    (field: 'firstName' | 'lastName' | 'email' | 'password' | 'passwordRepeat') =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => withoutError(current, field));
    };
  const select = (field: 'countryCode' | 'locale') => (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };
  const check =
    (field: 'acceptPrivacy' | 'acceptTerms' | 'marketingConsent') =>
    (event: ChangeEvent<HTMLInputElement>) => {
      const checked = event.currentTarget.checked;
      setValues((current) => ({ ...current, [field]: checked }));
      setErrors((current) => withoutError(current, field));
    };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = {
      ...values,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      email: values.email.trim(),
    };
    const result = await validateForm<RegisterValues, Field>(loadSchema, form);
    if (!result.ok) {
      setErrors(result.errors);
      mutation.reset();
      return;
    }
    setErrors({});
    mutation.mutate(result.data);
  }

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
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-describedby={mutation.isError ? errorId : undefined}
    >
      <Stack gap="md">
        {mutation.isError && (
          <FormAlert kind="error" id={errorId}>
            {submitErrorText(mutation.error, t, 'register.error')}
          </FormAlert>
        )}
        <div className={classes.names}>
          <TextInput
            label={labels.firstName}
            name="firstName"
            autoComplete="given-name"
            required
            value={values.firstName}
            onChange={text('firstName')}
            error={error('firstName')}
          />
          <TextInput
            label={labels.lastName}
            name="lastName"
            autoComplete="family-name"
            required
            value={values.lastName}
            onChange={text('lastName')}
            error={error('lastName')}
          />
        </div>
        <TextInput
          label={labels.email}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={text('email')}
          error={error('email')}
        />
        <NewPasswordFields
          names={{ password: 'password', repeat: 'passwordRepeat' }}
          labels={{ password: labels.password, repeat: labels.passwordRepeat }}
          values={{ password: values.password, repeat: values.passwordRepeat }}
          errors={{ password: error('password'), repeat: error('passwordRepeat') }}
          onPasswordChange={text('password')}
          onRepeatChange={text('passwordRepeat')}
          email={values.email}
        />
        <div className={classes.names}>
          <NativeSelect
            label={labels.countryCode}
            name="countryCode"
            autoComplete="country"
            required
            value={values.countryCode}
            onChange={select('countryCode')}
            error={error('countryCode')}
            data={[{ value: '', label: t('register.choose_country') }, ...countries]}
          />
          <NativeSelect
            label={labels.locale}
            name="locale"
            required
            value={values.locale}
            onChange={select('locale')}
            error={error('locale')}
            data={languages.map((l) => ({ value: l.value, label: l.label }))}
          />
        </div>
        <Stack gap="xs">
          <RequiredCheckbox
            name="acceptPrivacy"
            checked={values.acceptPrivacy}
            onChange={check('acceptPrivacy')}
            error={error('acceptPrivacy')}
            label={withLink('register.accept_privacy', privacyHref)}
          />
          <RequiredCheckbox
            name="acceptTerms"
            checked={values.acceptTerms}
            onChange={check('acceptTerms')}
            error={error('acceptTerms')}
            label={
              termsHref
                ? withLink('register.accept_terms', termsHref)
                : t('register.accept_terms_plain')
            }
          />
          <Checkbox
            name="marketingConsent"
            checked={values.marketingConsent}
            onChange={check('marketingConsent')}
            label={labels.marketingConsent}
          />
        </Stack>
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
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
