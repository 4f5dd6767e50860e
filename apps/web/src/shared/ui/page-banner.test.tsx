import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { IconTool } from './icons.ts';
import { PageBanner } from './page-banner.tsx';

const i18n = createTestI18n();

describe('PageBanner', () => {
  it('is an alert with square corners, a hidden icon, the given title, role and test id', async () => {
    renderWithProviders(
      <PageBanner icon={IconTool} title="Maintenance" role="status" data-testid="banner">
        Back soon.
      </PageBanner>,
      { i18n },
    );
    const banner = await screen.findByTestId('banner');
    expect(banner).toHaveAttribute('role', 'status');
    expect(banner).toHaveTextContent('MaintenanceBack soon.');
    expect(banner.style.getPropertyValue('--alert-radius')).toMatch(/^0(rem|px)?$/);
    const icon = banner.querySelector('svg');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('width', '20');
  });
});
