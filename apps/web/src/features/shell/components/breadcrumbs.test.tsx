import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '@ec/contract';
import sl from '../../../../../../packages/i18n/locales/sl.json';
import { createTestI18n } from '../../../shared/test/i18n.ts';
import { renderWithProviders } from '../../../shared/test/render.tsx';
import { collapseBreadcrumbs } from '../breadcrumbs-collapse.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';

const crumbs = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ label: `Level ${i + 1}`, to: `/l${i + 1}` }));

describe('collapseBreadcrumbs', () => {
  it('keeps the last n and hides the rest', () => {
    expect(collapseBreadcrumbs([1, 2, 3, 4, 5], 3)).toEqual({ hidden: [1, 2], visible: [3, 4, 5] });
    expect(collapseBreadcrumbs([1, 2, 3, 4, 5], 1)).toEqual({ hidden: [1, 2, 3, 4], visible: [5] });
    expect(collapseBreadcrumbs([1, 2], 3)).toEqual({ hidden: [], visible: [1, 2] });
  });
});

describe('Breadcrumbs', () => {
  it('shows the last 3 on desktop and puts the earlier ones in the "…" menu', async () => {
    renderWithProviders(<Breadcrumbs items={crumbs(5)} isMobile={false} />, {
      i18n: createTestI18n(),
    });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(nav).getByRole('link', { name: 'Level 3' })).toHaveAttribute('href', '/l3');
    expect(within(nav).getByRole('link', { name: 'Level 4' })).toBeInTheDocument();
    expect(within(nav).getByText('Level 5')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByText('Level 1')).not.toBeInTheDocument();

    await userEvent.click(within(nav).getByRole('button', { name: '2 hidden levels' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Level 1', 'Level 2']);
  });

  it('shows only the last one on mobile', () => {
    renderWithProviders(<Breadcrumbs items={crumbs(3)} isMobile />, { i18n: createTestI18n() });
    const nav = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(nav).getByText('Level 3')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByText('Level 2')).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '2 hidden levels' })).toBeInTheDocument();
  });

  it('has no menu when nothing is hidden', () => {
    renderWithProviders(<Breadcrumbs items={crumbs(2)} isMobile={false} />, {
      i18n: createTestI18n(),
    });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    [2, '1 skrita raven'],
    [3, '2 skriti ravni'],
    [4, '3 skrite ravni'],
    [6, '5 skritih ravni'],
  ])('labels %i crumbs on mobile with the Slovenian plural form: %s', (count, label) => {
    const i18n = createTestI18n('sl', { sl: sl as Catalog });
    renderWithProviders(<Breadcrumbs items={crumbs(count)} isMobile />, { i18n });
    expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
  });
});
