import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../test/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { LoadErrorAlert } from './load-error-alert.tsx';

const i18n = createTestI18n('en', {
  en: { common: { retry: 'Try again' }, errors: { INTERNAL: 'Something went wrong.' } },
});

describe('LoadErrorAlert', () => {
  it("says what failed with the server's reason, and tries again", async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <LoadErrorAlert
        title="The devices could not be loaded."
        retry={{ error: new Error('offline'), onRetry }}
      />,
      { i18n },
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The devices could not be loaded.');
    expect(alert).toHaveTextContent('Something went wrong.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('is the title alone without retry', () => {
    renderWithProviders(<LoadErrorAlert title="This company does not exist." />, { i18n });
    expect(screen.getByRole('alert')).toHaveTextContent('This company does not exist.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
