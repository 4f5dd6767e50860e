import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../shared/test/i18n.ts';
import { renderWithProviders } from '../shared/test/render.tsx';
import { ConnectionBadge } from './controller/index.ts';
import { DeviceStateBadge, DeviceStatusBadge } from './device/index.ts';

// The badges every screen that lists controllers or devices shows (Manage Location, global settings, admin search,
// integrated devices): one component each, one wording in every language.

describe('entity badges', () => {
  it('says whether a controller is connected', async () => {
    renderWithProviders(
      <>
        <ConnectionBadge connected />
        <ConnectionBadge connected={false} />
      </>,
      { i18n: createTestI18n() },
    );
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByText('Not connected')).toBeInTheDocument();
  });

  it("shows a device's status, and a deleted device as deleted instead", async () => {
    renderWithProviders(
      <>
        <DeviceStatusBadge status="WARNING" />
        <DeviceStateBadge device={{ deletedAt: null, status: 'ERROR' }} />
        <DeviceStateBadge device={{ deletedAt: '2026-01-01T00:00:00Z', status: 'OK' }} />
      </>,
      { i18n: createTestI18n() },
    );
    expect(await screen.findByText('Warning')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Deleted')).toBeInTheDocument();
    expect(screen.queryByText('OK')).not.toBeInTheDocument();
  });
});
