import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/errors.ts';
import {
  fieldErrorsFromApi,
  validateForm,
  withoutError,
  type FieldErrors,
  type FormSchema,
} from '../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../shared/forms/submit-error.ts';

type Key<V> = keyof V & string;
/** The fields of `V` holding a `T`. */
type KeyOf<V, T> = { [K in Key<V>]: V[K] extends T ? K : never }[Key<V>];

export interface AccountFormOptions<V, Sent, Result> {
  /** Every field of the form with its first value; the server's errors for these fields land on them. */
  initial: V;
  /** Each field's label: the inputs' labels and the `{{field}}` of their error messages. */
  labels: Record<Key<V>, string>;
  /** The contract's schema, loaded on demand (and ahead, when the form shows). */
  loadSchema: () => Promise<FormSchema<Sent>>;
  /** The values as checked and sent (trimmed, with more the form knows); the values themselves by default. */
  prepare?: (values: V) => Record<string, unknown>;
  send: (form: Sent) => Promise<Result>;
  /** The failure text when the server gave none of its own. */
  errorKey: string;
  /** Just before a checked form is sent. */
  onSend?: () => void;
  onSuccess?: (result: Result, form: Sent) => void;
  /** Besides putting the server's field errors on their fields. */
  onError?: (error: Error) => void;
}

/**
 * The state of an account form (registration, profile, password change and reset, e-mail requests): values, the
 * contract's check before sending with translated field errors, the server's field errors on their fields, a
 * field's error gone once it is edited, and the failure text of the last try.
 */
export function useAccountForm<V extends object, Sent, Result>({
  initial,
  labels,
  loadSchema,
  prepare,
  send,
  errorKey,
  onSend,
  onSuccess,
  onError,
}: AccountFormOptions<V, Sent, Result>) {
  const { t } = useTranslation();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<Key<V>>>({});
  const mutation = useMutation<Result, Error, Sent>({
    mutationFn: send,
    ...(onSuccess ? { onSuccess: (result: Result, form: Sent) => onSuccess(result, form) } : {}),
    onError: (error) => {
      onError?.(error);
      if (error instanceof ApiError)
        setErrors(fieldErrorsFromApi(error.fields, Object.keys(initial) as Key<V>[]));
    },
  });

  useEffect(() => {
    loadSchema().catch(() => undefined);
  }, [loadSchema]);

  const error = (field: Key<V>) => {
    const e = errors[field];
    return e ? t(e.key, { field: labels[field], ...e.values }) : undefined;
  };
  const set = (field: Key<V>, value: unknown) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  };

  async function submit() {
    const form = prepare ? prepare(values) : values;
    const result = await validateForm<Sent, Key<V>>(loadSchema, form as Record<Key<V>, unknown>);
    if (!result.ok) {
      setErrors(result.errors);
      mutation.reset();
      return;
    }
    setErrors({});
    onSend?.();
    mutation.mutate(result.data);
  }

  return {
    values,
    setValues,
    mutation,
    /** The translated error of a field, if it has one. */
    error,
    /** A text or select field's props: name, label, value, change handler and error. */
    field: (name: KeyOf<V, string>) => ({
      name,
      label: labels[name],
      value: values[name] as string,
      onChange: (event: { currentTarget: { value: string } }) =>
        set(name, event.currentTarget.value),
      error: error(name),
    }),
    /** A checkbox's props: name, checked and change handler (its label and error are the form's own). */
    checkbox: (name: KeyOf<V, boolean>) => ({
      name,
      checked: values[name] as boolean,
      onChange: (event: { currentTarget: { checked: boolean } }) =>
        set(name, event.currentTarget.checked),
    }),
    /** SubmitForm's submit handler, last failure (translated) and pending state. */
    submitProps: {
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit();
      },
      error: mutation.isError ? submitErrorText(mutation.error, t, errorKey) : null,
      pending: mutation.isPending,
    },
  };
}
