import type { ReactElement } from 'react';
import type { Location } from '@ec/contract';
import { createTestI18n } from '../../shared/test/i18n.ts';
import { renderWithProviders } from '../../shared/test/render.tsx';
import { ManagedLocationProvider } from './components/manage-frame.tsx';
import { testLocation } from './test-data.ts';

export const testI18n = createTestI18n();

/** Renders a Manage Location page for `location` at `path` (under /locations/12 by default). */
export function renderManagePage(
  ui: ReactElement,
  options: { location?: Location; path?: string } = {},
) {
  const location = options.location ?? testLocation();
  return renderWithProviders(ui, {
    i18n: testI18n,
    path: options.path ?? `/locations/${location.id}/manage`,
    wrapper: (children) => (
      <ManagedLocationProvider location={location} base={`/locations/${location.id}`}>
        {children}
      </ManagedLocationProvider>
    ),
  });
}
