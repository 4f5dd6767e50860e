import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { ShellLayout } from './shell-layout.tsx';
import { SidebarPanel } from './sidebar-panel.tsx';

function Page() {
  const [filters, setFilters] = useState(true);
  const [count, setCount] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setFilters((on) => !on)}>
        Toggle filters
      </button>
      <p>Clicked {count}</p>
      {filters && (
        <SidebarPanel>
          <button type="button" onClick={() => setCount((n) => n + 1)}>
            Filter button
          </button>
        </SidebarPanel>
      )}
    </>
  );
}

function renderShell() {
  return renderWithProviders(
    <ShellLayout
      brand={<span>Brand</span>}
      menu={<a href="/tree">Menu tree</a>}
      footer={() => null}
    >
      <Page />
    </ShellLayout>,
    { i18n: createTestI18n() },
  );
}

describe('SidebarPanel', () => {
  it("shows the page's content in the sidebar instead of the menu while mounted", async () => {
    renderShell();
    const sidebar = document.getElementById('app-sidebar') as HTMLElement;
    const button = await screen.findByRole('button', { name: 'Filter button' });
    expect(sidebar).toContainElement(button);
    expect(screen.queryByRole('link', { name: 'Menu tree' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();

    // The panel is still part of the page's React tree: its state lives in the page.
    await userEvent.click(button);
    expect(screen.getByText('Clicked 1')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Toggle filters' }));
    expect(screen.queryByRole('button', { name: 'Filter button' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Menu tree' })).toBeInTheDocument();
  });

  it('is hidden while the sidebar is collapsed and comes back when it opens', async () => {
    renderShell();
    await screen.findByRole('button', { name: 'Filter button' });
    await userEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(screen.queryByRole('button', { name: 'Filter button' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand navigation' }));
    expect(await screen.findByRole('button', { name: 'Filter button' })).toBeInTheDocument();
  });

  it('renders nothing outside a shell', () => {
    renderWithProviders(
      <SidebarPanel>
        <span>Lost panel</span>
      </SidebarPanel>,
      { i18n: createTestI18n() },
    );
    expect(screen.queryByText('Lost panel')).not.toBeInTheDocument();
  });
});
