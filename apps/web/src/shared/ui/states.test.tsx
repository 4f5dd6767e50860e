import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { createTestI18n } from '../test/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EmptyState, ErrorState } from './states.tsx';

const i18n = createTestI18n('en', {
  en: {
    common: { retry: 'Try again', loading: 'Loading…' },
    x: { gone: 'Not here', failed: 'Could not load' },
  },
});

describe('ErrorState', () => {
  it('says "not found" for a 404 (missing or not visible), without Try again', async () => {
    const error = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
    renderWithProviders(
      <ErrorState error={error} onRetry={() => {}} notFoundKey="x.gone" errorKey="x.failed" />,
      { i18n },
    );
    expect(await screen.findByText('Not here')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says loading failed for anything else, and Try again calls back', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <ErrorState
        error={new Error('offline')}
        onRetry={onRetry}
        notFoundKey="x.gone"
        errorKey="x.failed"
      />,
      { i18n },
    );
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('EmptyState', () => {
  it('shows its title and text as a status', async () => {
    renderWithProviders(<EmptyState title="Nothing yet">Add one</EmptyState>, { i18n });
    expect(await screen.findByRole('status')).toHaveTextContent('Nothing yetAdd one');
  });
});
