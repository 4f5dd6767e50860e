import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { createTestI18n } from '../test/i18n.ts';
import { renderWithProviders } from '../test/render.tsx';
import { EmptyState, ErrorState, loadedItem } from './states.tsx';

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

describe('loadedItem', () => {
  function Item({
    fetchItem,
    belongs,
  }: {
    fetchItem: () => Promise<{ name: string; companyId: number }>;
    belongs?: (item: { companyId: number }) => boolean;
  }) {
    const query = useQuery({ queryKey: ['item'], queryFn: fetchItem });
    const loaded = loadedItem(query, { notFoundKey: 'x.gone', errorKey: 'x.failed' }, belongs);
    if (loaded.fallback) return loaded.fallback;
    return <p>Item {loaded.item.name}</p>;
  }

  it('shows loading until the item is there', async () => {
    let resolve: (item: { name: string; companyId: number }) => void = () => {};
    const pending = new Promise<{ name: string; companyId: number }>((r) => (resolve = r));
    renderWithProviders(<Item fetchItem={() => pending} />, { i18n });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    resolve({ name: 'Graz', companyId: 1 });
    expect(await screen.findByText('Item Graz')).toBeInTheDocument();
  });

  it('says "not found" for a 404 and for an item that belongs elsewhere', async () => {
    const gone = new ApiError({ status: 404, code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
    const first = renderWithProviders(<Item fetchItem={() => Promise.reject(gone)} />, { i18n });
    expect(await screen.findByText('Not here')).toBeInTheDocument();
    first.unmount();
    renderWithProviders(
      <Item
        fetchItem={() => Promise.resolve({ name: 'Graz', companyId: 2 })}
        belongs={(item) => item.companyId === 1}
      />,
      { i18n },
    );
    expect(await screen.findByText('Not here')).toBeInTheDocument();
    expect(screen.queryByText('Item Graz')).toBeNull();
  });

  it('says loading failed otherwise, and Try again loads again', async () => {
    const fetchItem = vi
      .fn<() => Promise<{ name: string; companyId: number }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ name: 'Graz', companyId: 1 });
    renderWithProviders(<Item fetchItem={fetchItem} />, { i18n });
    expect(await screen.findByText('Could not load')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Item Graz')).toBeInTheDocument();
  });
});
