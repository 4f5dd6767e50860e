import type { QueryClient } from '@tanstack/react-query';
import type { Company, CompanyDetail, CreateCompanyForm } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../../shared/api/client.ts';
import { companyKeys } from '../../../entities/company/index.ts';
import { refreshMenu } from '../../../entities/menu/index.ts';

/**
 * POST /api/companies {data:{…}} (super admin). The new company joins the cached list at once, and everything
 * derived from the company list (the list itself, the sidebar menu) is fetched again.
 */
export async function createCompany(
  queryClient: QueryClient,
  values: CreateCompanyForm,
): Promise<CompanyDetail> {
  const { company } = await api(routes.companies.create, { body: { data: values } });
  queryClient.setQueryData<Company[]>(companyKeys.list(), (list) =>
    list ? sortByName([...list.filter((c) => c.id !== company.id), toListItem(company)]) : list,
  );
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: companyKeys.list() }),
    refreshMenu(queryClient),
  ]);
  return company;
}

function toListItem(company: CompanyDetail): Company {
  const { settings: _settings, ...item } = company;
  return item;
}

function sortByName(list: Company[]): Company[] {
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

/** Where picking a company goes (spec 000 §2): its root location group. */
export function companyHref(company: Pick<Company, 'id' | 'rootGroup'>): string {
  return `/companies/${company.id}/location-groups/${company.rootGroup.id}`;
}

/** Companies whose name contains `query` (case-insensitive; spec 000 §5 "company search matches by name"). */
export function filterCompanies<C extends Pick<Company, 'name'>>(
  companies: readonly C[],
  query: string,
  locale: string,
): C[] {
  const needle = query.trim().toLocaleLowerCase(locale);
  if (!needle) return [...companies];
  return companies.filter((c) => c.name.toLocaleLowerCase(locale).includes(needle));
}
