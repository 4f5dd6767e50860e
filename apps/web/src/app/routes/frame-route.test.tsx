import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '@ec/contract';
import { stubMenuLayout } from '../../features/menu/test-layout.ts';
import { groupsOfMenu } from '../../features/menu/test-groups.ts';
import { menuItem, sampleCompanyMenu, sampleMenu } from '../../features/menu/test-menu.ts';
import { authUser, json } from '../../shared/test/fixtures.ts';
import { fakeApi, renderApp, type Handler } from '../testing/render-app.tsx';

// The frames of a group's pages (flexibility, summary, charts) name the group like a location's frames name the
// location (spec 000 §2: the floating navigation of a group).

const aggregator: Handler = (url) =>
  url.pathname === '/api/auth/user'
    ? json(200, {
        data: { user: authUser({ role: 'ROLE_AGGREGATOR', companyId: 1, isSetUp: true }) },
      })
    : undefined;

/** GET /api/menu, and GET /api/location-groups/:id for the groups it shows (visible to the user). */
const menu =
  (structure: MenuItem[]): Handler =>
  (url) =>
    url.pathname === '/api/menu'
      ? json(200, { data: { structure, company: null } })
      : groupsOfMenu(structure)(url);

stubMenuLayout();
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe("a group's frame pages", () => {
  it("name a company's root group (the company's landing page) after the company", async () => {
    // Root group 100 of company "Sunpower": the menu has no item of its own for it.
    fakeApi([aggregator, menu(sampleMenu())]);
    renderApp('/companies/1/location-groups/100/summary');
    const heading = await screen.findByRole('heading', { name: 'Summary', level: 1 });
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Sunpower')).toBeInTheDocument();
    expect(heading.parentElement).toHaveTextContent('SummarySunpower');
    expect(within(main).getByText('No data yet')).toBeInTheDocument();
  });

  it("name a company's root group on its default page (the live flow, issue 12) after the company", async () => {
    fakeApi([aggregator, menu(sampleMenu())]);
    renderApp('/companies/1/location-groups/100/flexibility');
    const heading = await screen.findByRole('heading', { name: 'Flexibility', level: 1 });
    const main = screen.getByRole('main');
    expect(await within(main).findByText('Sunpower')).toBeInTheDocument();
    expect(heading.parentElement).toHaveTextContent('FlexibilitySunpower');
    expect(within(main).queryByText('No data yet')).not.toBeInTheDocument();
  });

  it("name a group opened without its company for a super admin: the group's company is opened in the tree", async () => {
    // A super admin's GET /api/menu lists companies only; /location-groups/2 does not say which company.
    const asked: string[] = [];
    fakeApi([
      (url) => {
        asked.push(url.pathname);
        return undefined;
      },
      (url) =>
        url.pathname === '/api/auth/user'
          ? json(200, { data: { user: authUser({ role: 'ROLE_SUPER_ADMIN', isSetUp: true }) } })
          : undefined,
      menu([menuItem('company', 1, 'Sunpower', { children: null })]),
      (url) =>
        url.pathname === '/api/location-groups/2'
          ? json(200, {
              data: {
                group: {
                  id: 2,
                  name: 'Ljubljana',
                  parentId: 100,
                  companyId: 1,
                  locationsCount: 2,
                  childrenCount: 0,
                },
              },
            })
          : undefined,
      sampleCompanyMenu,
    ]);
    renderApp('/location-groups/2/charts');
    await screen.findByRole('heading', { name: 'Charts', level: 1 });
    expect(await within(screen.getByRole('main')).findByText('Ljubljana')).toBeInTheDocument();
    expect(asked).toContain('/api/location-groups/2');
    expect(asked).toContain('/api/menu/1');
  });

  it('name a group below the root from its menu item', async () => {
    fakeApi([aggregator, menu(sampleMenu())]);
    renderApp('/location-groups/2/charts');
    await screen.findByRole('heading', { name: 'Charts', level: 1 });
    expect(await within(screen.getByRole('main')).findByText('Ljubljana')).toBeInTheDocument();
  });
});
