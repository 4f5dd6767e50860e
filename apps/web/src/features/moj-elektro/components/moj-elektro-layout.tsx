import { useState, type ReactNode } from 'react';
import { Alert, Button, Collapse, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { FilterPanel } from './filter-panel.tsx';
import { useMeFilters } from './use-filters.ts';
import classes from './moj-elektro.module.css';

export const ME_BASE = '/external/integrations/moj-elektro';
export const ME_PAGES = [
  'data',
  'calculations',
  'comparison-charts',
  'battery',
  'solar',
  'management',
] as const;
const TITLE_KEY: Record<(typeof ME_PAGES)[number], string> = {
  data: 'route_titles.moj_elektro_data',
  calculations: 'route_titles.moj_elektro_calculations',
  'comparison-charts': 'route_titles.moj_elektro_comparison_charts',
  battery: 'route_titles.moj_elektro_battery',
  solar: 'route_titles.moj_elektro_solar',
  management: 'route_titles.moj_elektro_management',
};

/** The spec's message for users whose country is missing or not Slovenia (spec 001 §8), else null. */
export function countryMessageKey(countryCode: string | null | undefined): string | null {
  if (!countryCode) return 'moj_elektro.no_country';
  return countryCode === 'SI' ? null : 'moj_elektro.not_available_in_country';
}

/** Moj Elektro is for Slovenia: other users see why instead of the screens. */
export function CountryGate({
  countryCode,
  children,
}: {
  countryCode: string | null | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const key = countryMessageKey(countryCode);
  if (!key) return children;
  return (
    <Stack gap="md">
      <Title order={1}>{t('route_titles.moj_elektro')}</Title>
      <Alert color="yellow" role="alert" data-testid="me-country">
        {t(key)}
      </Alert>
      <Button component={Link} to="/user/info" variant="light" w="fit-content">
        {t('moj_elektro.set_country')}
      </Button>
    </Stack>
  );
}

/** Where the filter panel goes: the shell's sidebar (desktop) or a collapsible panel above the page (phones). */
export interface FilterPlacement {
  mobile: boolean;
  /** Puts content into the sidebar (the shell's SidebarPanel). */
  sidebar: (content: ReactNode) => ReactNode;
}

function Filters({ placement }: { placement: FilterPlacement }) {
  const { t } = useTranslation();
  const { mobile } = placement;
  const [open, setOpen] = useState(false);
  const f = useMeFilters();
  const panel = (
    <FilterPanel
      devices={f.devices.data ?? []}
      devicesLoading={f.devices.isPending}
      devicesFailed={f.devices.isError}
      value={f.filters}
      today={f.today}
      onProcess={(next) => {
        f.apply(next);
        setOpen(false);
      }}
    />
  );
  if (!mobile) return placement.sidebar(panel);
  return (
    <Paper withBorder radius="md" p="sm">
      <Button
        variant="subtle"
        fullWidth
        justify="space-between"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls="me-filters-mobile"
      >
        {open ? t('moj_elektro.filters.hide') : t('moj_elektro.filters.show')}
      </Button>
      <Collapse in={open} id="me-filters-mobile">
        <div style={{ paddingTop: 8 }}>{panel}</div>
      </Collapse>
    </Paper>
  );
}

/**
 * The Moj Elektro section (DESIGN-14 §6): the page links, the filter panel (in the sidebar; a collapsible panel on
 * phones; not on the management page) and the page. The filters live in the URL query, so every link keeps them.
 */
export function MojElektroLayout({
  countryCode,
  placement,
}: {
  countryCode: string | null | undefined;
  placement: FilterPlacement;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const current = ME_PAGES.find((p) => pathname.endsWith(`/${p}`)) ?? 'data';
  return (
    <CountryGate countryCode={countryCode}>
      <Stack gap="md">
        <Title order={1}>
          {t('route_titles.moj_elektro')} – {t(TITLE_KEY[current])}
        </Title>
        <nav aria-label={t('moj_elektro.pages')} className={classes.nav}>
          {ME_PAGES.map((p) => (
            <Button
              key={p}
              component={Link}
              to={{ pathname: `${ME_BASE}/${p}`, search }}
              variant={p === current ? 'filled' : 'default'}
              size="xs"
              aria-current={p === current ? 'page' : undefined}
            >
              {t(TITLE_KEY[p])}
            </Button>
          ))}
        </nav>
        {current !== 'management' && <Filters placement={placement} />}
        <Outlet />
      </Stack>
    </CountryGate>
  );
}
