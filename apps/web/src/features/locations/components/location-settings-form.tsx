import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Fieldset, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import type { Coordinates } from '@ec/domain';
import type { Location, LocationForm } from '@ec/contract';
import { ApiError } from '../../../shared/api/errors.ts';
import { FormAlert } from '../../../shared/forms/form-alert.tsx';
import { withoutError, type FieldErrors } from '../../../shared/forms/form-errors.ts';
import { submitErrorText } from '../../../shared/forms/submit-error.ts';
import { showToast } from '../../../shared/ui/toast.ts';
import {
  CountrySelect,
  regionsForCountry,
  spotMarketRegionsQueryOptions,
  SpotRegionSelect,
  TimezoneSelect,
  type SpotRegionValue,
} from '../../reference/index.ts';
import { updateLocation } from '../api/locations-api.ts';
import classes from './location-settings-form.module.css';

/** The settings form's values. */
export interface SettingsValues {
  name: string;
  countryCode: string | null;
  spotRegion: SpotRegionValue | null;
  timezone: string | null;
  coordinates: Coordinates | null;
  street: string;
  houseNumber: string;
  postCode: string;
  city: string;
}

/** The form's fields; `coordinates` carries the server's errors on either coordinate. */
export type SettingsField = keyof SettingsValues;

const ADDRESS_LIMITS = { street: 200, houseNumber: 20, postCode: 20, city: 100 } as const;
type AddressField = keyof typeof ADDRESS_LIMITS;
const ADDRESS_FIELDS = Object.keys(ADDRESS_LIMITS) as AddressField[];
const NAME_MAX = 100;

/** The form's values for a location as the API answers it. */
export function settingsValuesOf(location: Location): SettingsValues {
  return {
    name: location.name,
    countryCode: location.country?.code ?? null,
    spotRegion: location.spotRegion,
    timezone: location.timezone,
    coordinates: location.coordinates,
    street: location.address.street ?? '',
    houseNumber: location.address.houseNumber ?? '',
    postCode: location.address.postCode ?? '',
    city: location.address.city ?? '',
  };
}

/** Whether two value sets differ (what the unsaved-changes guard asks). */
export function settingsChanged(a: SettingsValues, b: SettingsValues): boolean {
  return JSON.stringify(a) !== JSON.stringify(b);
}

/** The body of PUT /api/locations/:id: texts trimmed, empty address parts as null. */
export function settingsPayload(values: SettingsValues): LocationForm {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    name: values.name.trim(),
    countryCode: values.countryCode ?? '',
    spotRegion: values.spotRegion,
    timezone: values.timezone ?? '',
    coordinates: values.coordinates,
    address: {
      street: text(values.street),
      houseNumber: text(values.houseNumber),
      postCode: text(values.postCode),
      city: text(values.city),
    },
  };
}

/** The rules the server applies too (the contract's locationFormSchema), checked before sending. */
export function checkSettings(values: SettingsValues): FieldErrors<SettingsField> {
  const errors: FieldErrors<SettingsField> = {};
  const name = values.name.trim();
  if (name === '') errors.name = { key: 'validation.required' };
  else if (name.length > NAME_MAX)
    errors.name = { key: 'validation.too_long', values: { max: NAME_MAX } };
  if (!values.countryCode) errors.countryCode = { key: 'validation.required' };
  if (!values.timezone) errors.timezone = { key: 'validation.required' };
  for (const field of ADDRESS_FIELDS) {
    const max = ADDRESS_LIMITS[field];
    if (values[field].trim().length > max)
      errors[field] = { key: 'validation.too_long', values: { max } };
  }
  return errors;
}

/**
 * The server's field errors (`data.name`, `data.spotRegion.code`, `data.coordinates.latitude`,
 * `data.address.street`) on the form's fields.
 */
export function settingsErrorsFromApi(fields: Record<string, string>): FieldErrors<SettingsField> {
  const errors: FieldErrors<SettingsField> = {};
  for (const [path, key] of Object.entries(fields)) {
    const [root, first, second] = path.split('.');
    if (root !== 'data' || !first) continue;
    let field: SettingsField | undefined;
    if (first === 'address' && second && (ADDRESS_FIELDS as string[]).includes(second)) {
      field = second as AddressField;
    } else if (['name', 'countryCode', 'spotRegion', 'timezone', 'coordinates'].includes(first)) {
      field = first as SettingsField;
    }
    if (field && !errors[field]) {
      // A coordinate's message names the coordinate ("Latitude must be …").
      const values = first === 'coordinates' && second ? { coordinate: second } : undefined;
      errors[field] = values ? { key, values } : { key };
    }
  }
  return errors;
}

/** A coordinate input's error: which input, and its message key (`{{field}}` is the input's label). */
export interface CoordinateFieldError {
  field: 'latitude' | 'longitude';
  key: string;
}

/** What the coordinates slot gets: the form's value and its setter, and how it tells the form about typed text. */
export interface CoordinatesFieldProps {
  value: Coordinates | null;
  onChange: (value: Coordinates | null) => void;
  disabled: boolean;
  /**
   * The slot reports whether what is typed is valid (null) or which input is wrong: Save is refused (the error
   * shown on that input, focus on it) while the typed text is invalid, so it is never silently replaced by the
   * last valid value.
   */
  onValidityChange: (error: CoordinateFieldError | null) => void;
  /** The error to show on one input (the form's check on Save or the server's answer), or null. */
  error: CoordinateFieldError | null;
}

export interface LocationSettingsFormProps {
  location: Location;
  /**
   * Renders the coordinates input (the map feature's CoordinatesSelector, composed by the route with the site's
   * tile URL).
   */
  renderCoordinates: (field: CoordinatesFieldProps) => ReactNode;
}

/**
 * Location settings (spec 000 §2 manage/settings): name, country, spot-market region and time zone (both offered
 * for the chosen country), address and coordinates. PUT /api/locations/:id; toasts location.save_success /
 * location.save_error (spec 001 §8); the server's field errors land on their fields. Invalid typed coordinates
 * (reported by the coordinates slot) count as unsaved changes and block saving. On a refused Save the first field
 * with an error takes the focus. Leaving the page with unsaved changes asks first (and the browser asks before a
 * reload or closing the tab).
 */
export function LocationSettingsForm({ location, renderCoordinates }: LocationSettingsFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorId = useId();
  const [saved, setSaved] = useState(() => settingsValuesOf(location));
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<FieldErrors<SettingsField>>({});
  // What is wrong with the typed coordinates (they are not in `values` until they are valid).
  const [typedCoordinates, setTypedCoordinates] = useState<CoordinateFieldError | null>(null);
  // Discarding remounts the coordinates slot, so its typed text goes back to the saved value too.
  const [coordinatesKey, setCoordinatesKey] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const regions = useQuery(spotMarketRegionsQueryOptions());
  const dirty = settingsChanged(values, saved) || typedCoordinates !== null;

  const mutation = useMutation({
    mutationFn: (form: LocationForm) => updateLocation(queryClient, location.id, form),
    onSuccess: (updated) => {
      const next = settingsValuesOf(updated);
      setSaved(next);
      setValues(next);
      setErrors({});
      showToast({ color: 'green', message: t('location.save_success') });
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(settingsErrorsFromApi(error.fields));
      showToast({ color: 'red', message: t('location.save_error') });
    },
  });
  const fieldErrorsShown =
    mutation.error instanceof ApiError && Object.keys(mutation.error.fields).length > 0;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !mutation.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    // After a refused Save, once the errors are rendered: the first field that shows one.
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const labels: Record<SettingsField, string> = {
    name: t('location_manage.fields.name'),
    countryCode: t('location_manage.fields.country'),
    spotRegion: t('location_manage.fields.spot_region'),
    timezone: t('location_manage.fields.timezone'),
    coordinates: t('location_manage.fields.coordinates'),
    street: t('location_manage.fields.street'),
    houseNumber: t('location_manage.fields.house_number'),
    postCode: t('location_manage.fields.post_code'),
    city: t('location_manage.fields.city'),
  };
  const error = (field: SettingsField) => {
    const e = errors[field];
    if (!e) return undefined;
    const coordinate = e.values?.coordinate;
    const label = typeof coordinate === 'string' ? t(`map.${coordinate}`) : labels[field];
    return t(e.key, { ...e.values, field: label });
  };
  function set<F extends SettingsField>(field: F, value: SettingsValues[F]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => withoutError(current, field));
  }

  const changeCountry = (code: string | null) => {
    if (code === values.countryCode) return;
    const own = code ? (regions.data ?? []).filter((r) => r.countryCode === code) : [];
    const region = values.spotRegion;
    const keepRegion =
      region !== null &&
      regionsForCountry(regions.data ?? [], code).some(
        (r) => r.code === region.code && r.type === region.type,
      );
    const only = own.length === 1 ? own[0] : undefined;
    setValues((current) => ({
      ...current,
      countryCode: code,
      // The zones are the new country's: its only zone is picked by the select, else the user picks one.
      timezone: null,
      spotRegion: keepRegion ? region : only ? { code: only.code, type: only.type } : null,
    }));
    setErrors((current) => {
      let next: FieldErrors<SettingsField> = current;
      for (const field of ['countryCode', 'timezone', 'spotRegion'] as const) {
        next = withoutError<SettingsField>(next, field);
      }
      return next;
    });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkSettings(values);
    if (typedCoordinates) {
      found.coordinates = {
        key: typedCoordinates.key,
        values: { coordinate: typedCoordinates.field },
      };
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      mutation.reset();
      setFocusRequest((count) => count + 1);
      return;
    }
    setErrors({});
    mutation.mutate(settingsPayload(values));
  }

  const discard = () => {
    setValues(saved);
    setErrors({});
    setTypedCoordinates(null);
    setCoordinatesKey((key) => key + 1);
    mutation.reset();
  };

  const changeTypedCoordinates = (typed: CoordinateFieldError | null) => {
    setTypedCoordinates(typed);
    // The text changed: an earlier message about the coordinates no longer applies (the slot shows its own).
    setErrors((current) => withoutError(current, 'coordinates'));
  };

  // An error naming a coordinate shows on its input; one about the coordinates as a whole below them.
  const coordinate = errors.coordinates?.values?.coordinate;
  const coordinateError: CoordinateFieldError | null =
    errors.coordinates && (coordinate === 'latitude' || coordinate === 'longitude')
      ? { field: coordinate, key: errors.coordinates.key }
      : null;
  const coordinatesError = coordinateError ? undefined : error('coordinates');
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-describedby={mutation.isError && !fieldErrorsShown ? errorId : undefined}
    >
      <Stack gap="lg" maw={880}>
        {mutation.isError && !fieldErrorsShown && (
          <FormAlert kind="error" id={errorId}>
            {submitErrorText(mutation.error, t, 'location.save_error')}
          </FormAlert>
        )}
        <Fieldset
          legend={t('location_manage.settings.general')}
          variant="unstyled"
          classNames={{ legend: classes.legend }}
        >
          <div className={classes.grid}>
            <TextInput
              className={classes.wide}
              label={labels.name}
              name="name"
              required
              value={values.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={error('name')}
            />
            <CountrySelect
              label={labels.countryCode}
              name="countryCode"
              valueKind="code"
              visibleOnly
              required
              value={values.countryCode}
              onChange={changeCountry}
              error={error('countryCode')}
            />
            <TimezoneSelect
              label={labels.timezone}
              name="timezone"
              required
              countryCode={values.countryCode}
              autoSelectSingle
              value={values.timezone}
              onChange={(zone) => set('timezone', zone)}
              error={error('timezone')}
            />
            <SpotRegionSelect
              className={classes.wide}
              label={labels.spotRegion}
              name="spotRegion"
              clearable
              countryCode={values.countryCode}
              value={values.spotRegion}
              onChange={(region) => set('spotRegion', region)}
              error={error('spotRegion')}
              description={t('location_manage.settings.spot_region_hint')}
            />
          </div>
        </Fieldset>
        <Fieldset
          legend={t('location_manage.fields.address')}
          variant="unstyled"
          classNames={{ legend: classes.legend }}
        >
          <div className={classes.grid}>
            <TextInput
              label={labels.street}
              name="street"
              autoComplete="address-line1"
              value={values.street}
              onChange={(event) => set('street', event.currentTarget.value)}
              error={error('street')}
            />
            <TextInput
              label={labels.houseNumber}
              name="houseNumber"
              value={values.houseNumber}
              onChange={(event) => set('houseNumber', event.currentTarget.value)}
              error={error('houseNumber')}
            />
            <TextInput
              label={labels.postCode}
              name="postCode"
              autoComplete="postal-code"
              value={values.postCode}
              onChange={(event) => set('postCode', event.currentTarget.value)}
              error={error('postCode')}
            />
            <TextInput
              label={labels.city}
              name="city"
              autoComplete="address-level2"
              value={values.city}
              onChange={(event) => set('city', event.currentTarget.value)}
              error={error('city')}
            />
          </div>
        </Fieldset>
        <Fieldset
          legend={labels.coordinates}
          variant="unstyled"
          classNames={{ legend: classes.legend }}
        >
          <Stack gap="xs" key={coordinatesKey}>
            {renderCoordinates({
              value: values.coordinates,
              onChange: (coordinates) => set('coordinates', coordinates),
              disabled: mutation.isPending,
              onValidityChange: changeTypedCoordinates,
              error: coordinateError,
            })}
            {coordinatesError && (
              <Text size="sm" c="red" role="alert">
                {coordinatesError}
              </Text>
            )}
          </Stack>
        </Fieldset>
        <div className={classes.actions}>
          <Button type="submit" loading={mutation.isPending} disabled={!dirty}>
            {t('common.save')}
          </Button>
          <Button variant="default" onClick={discard} disabled={!dirty || mutation.isPending}>
            {t('location_manage.settings.discard')}
          </Button>
          {dirty && (
            <Text size="sm" c="dimmed" role="status">
              {t('location_manage.settings.unsaved')}
            </Text>
          )}
        </div>
      </Stack>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('location_manage.settings.leave_title')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="lg">
          <Text size="sm">{t('location_manage.settings.leave_text')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
              {t('location_manage.settings.stay')}
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              {t('location_manage.settings.leave')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </form>
  );
}
