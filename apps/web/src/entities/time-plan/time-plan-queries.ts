import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  TimePlanCreateForm,
  TimePlanDto,
  TimePlanSeasonDto,
  TimePlanSeasonForm,
  TimePlanStructureForm,
  TimePlanSummary,
  TimePlanUpdateForm,
  TimePlanUsage,
} from '@ec/contract';
import { routes } from 'virtual:ec-contract-routes';
import { api } from '../../shared/api/client.ts';

// Time plans (spec 001 §3 Time plan, §7 /timeplans…): the plans the user sees, one plan's structure (blocks,
// seasons, slots, coverage problems) and the calls that change them. Every call throws ApiError / NetworkError;
// the server authorizes each on the plan (predefined: super admins write; a company's: its aggregators).

/** The time-plan query-key family. */
export const timePlanKeys = {
  /** Root: every time-plan query. */
  all: ['time-plans'] as const,
  /** GET /api/timeplans (the plans the user sees). */
  list: () => [...timePlanKeys.all, 'list'] as const,
  /** Prefix of what is cached about one plan. */
  one: (id: number) => [...timePlanKeys.all, id] as const,
  /** GET /api/timeplans/:id/structure. */
  structure: (id: number) => [...timePlanKeys.one(id), 'structure'] as const,
  /** GET /api/timeplans/:id/configs. */
  usage: (id: number) => [...timePlanKeys.one(id), 'usage'] as const,
};

/** GET /api/timeplans: predefined plans and those of the user's companies, by title. */
export function timePlansQueryOptions() {
  return queryOptions({
    queryKey: timePlanKeys.list(),
    queryFn: async ({ signal }): Promise<TimePlanSummary[]> =>
      (await api(routes.pricing.timePlans, { signal })).timePlans,
    staleTime: 30_000,
  });
}

/** GET /api/timeplans/:id/structure: the plan with blocks, seasons, slots and its coverage problems. */
export function timePlanStructureQueryOptions(id: number) {
  return queryOptions({
    queryKey: timePlanKeys.structure(id),
    queryFn: async ({ signal }): Promise<TimePlanDto> =>
      (await api(routes.pricing.timePlanStructure, { signal, params: { id: String(id) } }))
        .timePlan,
    retry: false,
  });
}

/** GET /api/timeplans/:id/configs: the configs and price lists that use the plan. */
export function timePlanUsageQueryOptions(id: number) {
  return queryOptions({
    queryKey: timePlanKeys.usage(id),
    queryFn: ({ signal }): Promise<TimePlanUsage> =>
      api(routes.pricing.timePlanUsage, { signal, params: { id: String(id) } }),
  });
}

/** Records a plan's new structure and marks the list (complete, in use, blocks count) stale. */
function remember(queryClient: QueryClient, plan: TimePlanDto): TimePlanDto {
  queryClient.setQueryData(timePlanKeys.structure(plan.id), plan);
  void queryClient.invalidateQueries({ queryKey: timePlanKeys.list() });
  return plan;
}

/** POST /api/timeplans: an empty plan (predefined when companyId is null). */
export async function createTimePlan(
  queryClient: QueryClient,
  values: TimePlanCreateForm,
): Promise<TimePlanDto> {
  const { timePlan } = await api(routes.pricing.createTimePlan, { body: { data: values } });
  return remember(queryClient, timePlan);
}

/** PUT /api/timeplans/:id: title, colour, country and holiday rule. */
export async function updateTimePlan(
  queryClient: QueryClient,
  id: number,
  values: TimePlanUpdateForm,
): Promise<TimePlanDto> {
  const { timePlan } = await api(routes.pricing.updateTimePlan, {
    params: { id: String(id) },
    body: { data: values },
  });
  return remember(queryClient, timePlan);
}

/**
 * DELETE /api/timeplans/:id (409 while configs or price lists use it). The plan's own entries stay cached (not
 * refetched): the editor that shows it is still mounted until it navigates away, and a refetch would only 404.
 */
export async function deleteTimePlan(queryClient: QueryClient, id: number): Promise<void> {
  await api(routes.pricing.deleteTimePlan, { params: { id: String(id) } });
  await queryClient.invalidateQueries({ queryKey: timePlanKeys.list() });
}

/** PUT /api/timeplans/:id/structure: blocks, seasons and slots at once (refused unless complete). */
export async function saveTimePlanStructure(
  queryClient: QueryClient,
  id: number,
  values: TimePlanStructureForm,
): Promise<TimePlanDto> {
  const { timePlan } = await api(routes.pricing.saveTimePlanStructure, {
    params: { id: String(id) },
    body: { data: values },
  });
  return remember(queryClient, timePlan);
}

/** POST /api/timeplans/:id/seasons or PUT …/seasons/:seasonId; the plan's structure is fetched again. */
export async function saveSeason(
  queryClient: QueryClient,
  planId: number,
  seasonId: number | null,
  values: TimePlanSeasonForm,
): Promise<TimePlanSeasonDto> {
  const { season } =
    seasonId === null
      ? await api(routes.pricing.createSeason, {
          params: { id: String(planId) },
          body: { data: values },
        })
      : await api(routes.pricing.updateSeason, {
          params: { id: String(planId), seasonId: String(seasonId) },
          body: { data: values },
        });
  await queryClient.invalidateQueries({ queryKey: timePlanKeys.structure(planId) });
  void queryClient.invalidateQueries({ queryKey: timePlanKeys.list() });
  return season;
}

/** DELETE /api/timeplans/:id/seasons/:seasonId (its slots go with it). */
export async function deleteSeason(
  queryClient: QueryClient,
  planId: number,
  seasonId: number,
): Promise<void> {
  await api(routes.pricing.deleteSeason, {
    params: { id: String(planId), seasonId: String(seasonId) },
  });
  await queryClient.invalidateQueries({ queryKey: timePlanKeys.structure(planId) });
  void queryClient.invalidateQueries({ queryKey: timePlanKeys.list() });
}
