export {
  createTimePlan,
  deleteSeason,
  deleteTimePlan,
  saveSeason,
  saveTimePlanStructure,
  timePlanKeys,
  timePlansQueryOptions,
  timePlanStructureQueryOptions,
  timePlanUsageQueryOptions,
  updateTimePlan,
} from './time-plan-queries.ts';
