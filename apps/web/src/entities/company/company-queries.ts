import { queryOptions } from '@tanstack/react-query';
import type { Company, CompanyDetail, CompanyEmailSettings } from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';

/** The company query-key family. */
export const companyKeys = {
  /** Root: every company query. */
  all: ['companies'] as const,
  /** GET /api/companies (the companies the user sees). */
  list: () => [...companyKeys.all, 'list'] as const,
  /** Prefix of what is cached about one company (detail, e-mail settings). */
  one: (id: number) => [...companyKeys.all, id] as const,
  /** GET /api/companies/:id. */
  detail: (id: number) => [...companyKeys.one(id), 'detail'] as const,
  /** GET /api/companies/:id/email-settings. */
  emailSettings: (id: number) => [...companyKeys.one(id), 'email'] as const,
};

/** GET /api/companies: the companies the user sees, by name (spec 000 §7). */
export function companiesQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.list(),
    queryFn: async ({ signal }): Promise<Company[]> => {
      const { companies } = await api(routes.companies.list, { signal });
      return companies;
    },
    staleTime: 30_000,
  });
}

/** GET /api/companies/:id — the company with its settings. */
export function companyQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: companyKeys.detail(companyId),
    queryFn: async ({ signal }): Promise<CompanyDetail> =>
      (await api(routes.companies.get, { signal, params: { id: String(companyId) } })).company,
  });
}

/** GET /api/companies/:id/email-settings — sender and the DNS records to publish. */
export function companyEmailSettingsQueryOptions(companyId: number) {
  return queryOptions({
    queryKey: companyKeys.emailSettings(companyId),
    queryFn: async ({ signal }): Promise<CompanyEmailSettings> =>
      (await api(routes.companyEmail.get, { signal, params: { id: String(companyId) } })).settings,
  });
}
