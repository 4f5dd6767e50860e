import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../shared/test/fake-fetch.ts';
import { json } from '../../../shared/test/fixtures.ts';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { ConfirmationModal } from './confirmation-modal.tsx';

const i18n = createTestI18n();
afterEach(() => vi.unstubAllGlobals());

function refusedWith(status: number, code: string, message: string) {
  fakeFetch(({ path }) =>
    path === '/api/security/validate-confirmation'
      ? json(status, { error: { code, message } })
      : undefined,
  );
  renderWithProviders(
    <ConfirmationModal request={{ valid: true, action: 'LOCATION_INVITE', id: 7 }} />,
    { i18n },
  );
}

describe('ConfirmationModal', () => {
  it('says why when an administrator acting as the user opens the invitation', async () => {
    refusedWith(403, 'FORBIDDEN', 'impersonation.not_while_impersonating');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      i18n.t('impersonation.not_while_impersonating'),
    );
  });

  it('shows the invitation error for every other refusal', async () => {
    refusedWith(422, 'RULE_BROKEN', 'location_invite.error');
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('location_invite.error'));
  });
});
