import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PageBannerSlotProvider, usePageBanners } from './page-banner-slot.tsx';

function Shell() {
  const banners = usePageBanners();
  return (
    <div data-testid="shell">
      <div data-testid="content-column">{banners}</div>
    </div>
  );
}

let showShell: (shown: boolean) => void = () => {};
function App() {
  const [shell, setShell] = useState(false);
  showShell = setShell;
  return (
    <PageBannerSlotProvider banners={<p>Maintenance tonight</p>}>
      {shell ? <Shell /> : <main>Sign-in page</main>}
    </PageBannerSlotProvider>
  );
}

describe('PageBannerSlotProvider', () => {
  it('shows the banners above the page, in its flow', () => {
    render(<App />);
    const banner = screen.getByText('Maintenance tonight');
    // Before the page in the same frame: nothing is laid over the page.
    expect(banner.parentElement).toBe(screen.getByRole('main').parentElement);
    expect(
      banner.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('moves them into a layout that claims them, once, and back when it goes', () => {
    render(<App />);
    act(() => showShell(true));
    expect(screen.getAllByText('Maintenance tonight')).toHaveLength(1);
    expect(screen.getByTestId('content-column')).toHaveTextContent('Maintenance tonight');

    act(() => showShell(false));
    expect(screen.getAllByText('Maintenance tonight')).toHaveLength(1);
    expect(screen.queryByTestId('content-column')).not.toBeInTheDocument();
    expect(screen.getByText('Maintenance tonight').parentElement).toBe(
      screen.getByRole('main').parentElement,
    );
  });
});
