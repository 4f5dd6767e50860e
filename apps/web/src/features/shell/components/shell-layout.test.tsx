import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { setMatchingMediaQueries } from '../../../shared/test/media-queries.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { MOBILE_LANDSCAPE_QUERY, MOBILE_QUERY } from '../media.ts';
import { ShellLayout } from './shell-layout.tsx';
import { SidebarFooter } from './sidebar-footer.tsx';

function CurrentQuery() {
  const { search } = useLocation();
  return <p>Query: {search.slice(1)}</p>;
}

function renderShell() {
  return renderWithProviders(
    <ShellLayout
      brand={<span>Brand</span>}
      menu={
        <>
          <Link to="/other">Other page</Link>
          <Link to="?q=solar" replace>
            Filter in place
          </Link>
          <Link to="/another" replace>
            Replace with another page
          </Link>
        </>
      }
      footer={() => (
        <SidebarFooter>
          <button type="button">Footer action</button>
        </SidebarFooter>
      )}
    >
      <p>Page content</p>
      <CurrentQuery />
    </ShellLayout>,
    { i18n: createTestI18n() },
  );
}

const sidebar = () => document.getElementById('app-sidebar');
const shell = () => sidebar()?.parentElement?.closest('[data-sidebar]');

describe('ShellLayout sidebar', () => {
  it('collapses on desktop and remembers it for the next visit', async () => {
    const first = renderShell();
    expect(shell()).toHaveAttribute('data-sidebar', 'open');
    expect(screen.getByRole('link', { name: 'Other page' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(shell()).toHaveAttribute('data-sidebar', 'collapsed');
    expect(screen.queryByRole('link', { name: 'Other page' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('ec.sidebar-open')).toBe('false');
    first.unmount();

    renderShell();
    expect(shell()).toHaveAttribute('data-sidebar', 'collapsed');
    await userEvent.click(screen.getByRole('button', { name: 'Expand navigation' }));
    expect(shell()).toHaveAttribute('data-sidebar', 'open');
    expect(window.localStorage.getItem('ec.sidebar-open')).toBe('true');
  });

  it('is hidden on mobile and opens as an overlay that Escape closes, focus back on the opener', async () => {
    setMatchingMediaQueries([MOBILE_QUERY]);
    renderShell();
    expect(shell()).toHaveAttribute('data-sidebar', 'mobile');
    expect(sidebar()).toHaveAttribute('inert');

    const opener = screen.getByRole('button', { name: 'Open navigation' });
    await userEvent.click(opener);
    expect(sidebar()).toHaveAttribute('data-overlay');
    expect(sidebar()).not.toHaveAttribute('inert');
    expect(opener).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(sidebar()).toContainElement(document.activeElement as HTMLElement));

    await userEvent.keyboard('{Escape}');
    expect(sidebar()).not.toHaveAttribute('data-overlay');
    expect(sidebar()).toHaveAttribute('inert');
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('closes the mobile overlay after navigation and moves focus to the content', async () => {
    setMatchingMediaQueries([MOBILE_QUERY]);
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(screen.getByRole('link', { name: 'Other page' }));
    await waitFor(() => expect(sidebar()).not.toHaveAttribute('data-overlay'));
    await waitFor(() => expect(document.getElementById('main-content')).toHaveFocus());
  });

  it('keeps the mobile overlay open while the page replaces its own query (sidebar filters)', async () => {
    setMatchingMediaQueries([MOBILE_QUERY]);
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(screen.getByRole('link', { name: 'Filter in place' }));
    expect(await screen.findByText('Query: q=solar')).toBeInTheDocument();
    expect(sidebar()).toHaveAttribute('data-overlay');
    // Another page with replace still closes it.
    await userEvent.click(screen.getByRole('link', { name: 'Replace with another page' }));
    await waitFor(() => expect(sidebar()).not.toHaveAttribute('data-overlay'));
  });

  it('closes the mobile overlay from the backdrop close button', async () => {
    setMatchingMediaQueries([MOBILE_QUERY]);
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close navigation' }));
    expect(sidebar()).not.toHaveAttribute('data-overlay');
  });

  it('does not remember the mobile overlay as the desktop state', async () => {
    setMatchingMediaQueries([MOBILE_QUERY]);
    renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    expect(window.localStorage.getItem('ec.sidebar-open')).toBeNull();
    act(() => setMatchingMediaQueries([]));
    expect(shell()).toHaveAttribute('data-sidebar', 'open');
  });
});

describe('SidebarFooter', () => {
  it('is open by default and toggles', async () => {
    renderShell();
    const toggle = screen.getByRole('button', { name: 'Show fewer options' });
    expect(screen.getByRole('button', { name: 'Footer action' })).toBeVisible();
    await userEvent.click(toggle);
    expect(screen.queryByRole('button', { name: 'Footer action' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more options' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('remembers the choice for the next visit, over the mobile-landscape default too', async () => {
    const first = renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Show fewer options' }));
    expect(window.localStorage.getItem('ec.sidebar-footer-open')).toBe('false');
    first.unmount();

    const second = renderShell();
    expect(screen.queryByRole('button', { name: 'Footer action' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show more options' }));
    second.unmount();

    setMatchingMediaQueries([MOBILE_LANDSCAPE_QUERY]);
    renderShell();
    expect(screen.getByRole('group', { name: 'Shortcuts' })).toBeVisible();
  });

  it('names its entries as a group (Shortcuts)', () => {
    renderShell();
    expect(
      within(screen.getByRole('group', { name: 'Shortcuts' })).getByRole('button', {
        name: 'Footer action',
      }),
    ).toBeVisible();
  });

  it('starts closed in mobile landscape', () => {
    // A phone on its side is usually wider than 768 px: the desktop sidebar with little height.
    setMatchingMediaQueries([MOBILE_LANDSCAPE_QUERY]);
    renderShell();
    expect(screen.getByRole('button', { name: 'Show more options' })).toBeInTheDocument();
  });
});
