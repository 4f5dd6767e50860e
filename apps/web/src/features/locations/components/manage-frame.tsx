import { createContext, useContext, type ReactNode } from 'react';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { Location } from '@ec/contract';
import { locationQueryOptions } from '../../../entities/location/index.ts';
import { IconLock } from '../icons.ts';
import { locationBasePath, manageHref } from '../location-paths.ts';
import { ErrorState, LoadingState, NotFoundState } from './states.tsx';
import classes from './manage-frame.module.css';

interface ManagedLocation {
  location: Location;
  /** The location's path prefix (`/locations/12`, or under a group or company). */
  base: string;
}

const ManagedLocationContext = createContext<ManagedLocation | null>(null);

/** The location a Manage Location page works on (inside {@link LocationManageFrame}). */
export function useManagedLocation(): ManagedLocation {
  const value = useContext(ManagedLocationContext);
  if (!value) throw new Error('useManagedLocation outside LocationManageFrame');
  return value;
}

/** Provides a location to a manage page directly (tests, or a page that loaded it itself). */
export function ManagedLocationProvider({
  location,
  base,
  children,
}: ManagedLocation & { children: ReactNode }) {
  return (
    <ManagedLocationContext.Provider value={{ location, base }}>
      {children}
    </ManagedLocationContext.Provider>
  );
}

/** The sections of the Manage Location area (spec 000 §2 `manage`), as path and title key. */
export const MANAGE_SECTIONS = [
  { section: '', labelKey: 'location_manage.sections.overview' },
  { section: 'settings', labelKey: 'route_titles.manage_settings' },
  { section: 'users', labelKey: 'route_titles.manage_users' },
  { section: 'structure', labelKey: 'route_titles.manage_structure' },
  { section: 'oem-devices', labelKey: 'route_titles.oem_devices' },
  { section: 'pricing', labelKey: 'route_titles.pricing' },
] as const;

/**
 * The frame of every Manage Location page: loads the location (GET /api/locations/:id), shows its name and the
 * section links, and lets the page render only when the user may edit the location (`permissions.edit`, spec
 * 000 §6). Otherwise it says clearly that the location cannot be edited — the server refuses the calls anyway.
 */
export function LocationManageFrame({
  locationId,
  children,
}: {
  locationId: number | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = locationBasePath(pathname);
  const query = useQuery({
    ...locationQueryOptions(locationId ?? 0),
    enabled: locationId !== null,
  });

  if (locationId === null || base === null) {
    return <NotFoundState />;
  }
  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  }
  const location = query.data;

  if (!location.permissions.edit) {
    return (
      <Stack gap="lg" maw={640}>
        <Title order={1} className={classes.title}>
          {location.name}
        </Title>
        <Alert
          color="yellow"
          icon={<IconLock size={20} aria-hidden />}
          title={t('location_manage.cannot_edit_title')}
          classNames={{ title: classes.alertTitle }}
          role="alert"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('location_manage.cannot_edit_text')}</Text>
            <Button component={Link} to={base} variant="light" size="xs">
              {t('location_manage.back_to_location')}
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }

  return (
    <ManagedLocationProvider location={location} base={base}>
      <Stack gap="lg">
        <div>
          <Text size="sm" c="dimmed">
            {t('nav.manage_location')}
          </Text>
          <Title order={1} className={classes.title}>
            {location.name}
          </Title>
        </div>
        <nav aria-label={t('location_manage.sections_label')} className={classes.nav}>
          {MANAGE_SECTIONS.map(({ section, labelKey }) => (
            <NavLink
              key={section}
              to={manageHref(base, section)}
              end={section === ''}
              className={classes.link}
            >
              {t(labelKey)}
            </NavLink>
          ))}
        </nav>
        {children}
      </Stack>
    </ManagedLocationProvider>
  );
}
