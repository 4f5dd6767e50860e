import type { pricingRoutes } from '@ec/contract';
import type { GroupHandlers } from '../../plugins/contract-routes.ts';
import type { PricesService } from './prices.service.ts';
import type { TimePlansService } from './time-plans.service.ts';

const done = async (work: Promise<void>) => {
  await work;
  return {};
};

/** Handlers of the pricing routes (docs/pricing.md). */
export function pricingHandlers(deps: {
  timePlans: TimePlansService;
  prices: PricesService;
}): GroupHandlers<typeof pricingRoutes> {
  const { timePlans: plans, prices } = deps;
  return {
    timePlans: ({ actor, query }) => plans.list(actor, query),
    companyTimePlans: ({ actor, params }) => plans.ofCompany(actor, params.id),
    createTimePlan: ({ actor, body }) => plans.create(actor, body.data),
    updateTimePlan: ({ actor, params, body }) => plans.update(actor, params.id, body.data),
    deleteTimePlan: ({ actor, params }) => done(plans.remove(actor, params.id)),
    timePlanStructure: ({ actor, params }) => plans.structure(actor, params.id),
    saveTimePlanStructure: ({ actor, params, body }) =>
      plans.saveStructure(actor, params.id, body.data),
    timePlanUsage: ({ actor, params }) => plans.usage(actor, params.id),
    blocks: ({ actor, params }) => plans.blocks(actor, params.id),
    createBlock: ({ actor, params, body }) => plans.createBlock(actor, params.id, body.data),
    updateBlock: ({ actor, params, body }) =>
      plans.updateBlock(actor, params.id, params.blockId, body.data),
    deleteBlock: ({ actor, params }) => done(plans.deleteBlock(actor, params.id, params.blockId)),
    seasons: ({ actor, params }) => plans.seasons(actor, params.id),
    createSeason: ({ actor, params, body }) => plans.createSeason(actor, params.id, body.data),
    updateSeason: ({ actor, params, body }) =>
      plans.updateSeason(actor, params.id, params.seasonId, body.data),
    deleteSeason: ({ actor, params }) =>
      done(plans.deleteSeason(actor, params.id, params.seasonId)),
    slots: ({ actor, params }) => plans.slots(actor, params.id, params.blockId),
    createSlot: ({ actor, params, body }) =>
      plans.createSlot(actor, params.id, params.blockId, body.data),
    updateSlot: ({ actor, params, body }) =>
      plans.updateSlot(actor, params.id, params.blockId, params.slotId, body.data),
    deleteSlot: ({ actor, params }) =>
      done(plans.deleteSlot(actor, params.id, params.blockId, params.slotId)),
    priceTypeConfigs: ({ actor, query }) => prices.configs(actor, query),
    priceTypeConfigDefaults: ({ actor, query }) => prices.defaults(actor, query),
    priceTypeConfig: ({ actor, params }) => prices.config(actor, params.id),
    createPriceTypeConfig: ({ actor, body }) => prices.createConfig(actor, body.data),
    updatePriceTypeConfig: ({ actor, params, body }) =>
      prices.updateConfig(actor, params.id, body.data),
    updatePriceTypeConfigInBody: ({ actor, body }) => {
      const { id, ...form } = body.data;
      return prices.updateConfig(actor, id, form);
    },
    deletePriceTypeConfig: ({ actor, params }) => done(prices.deleteConfig(actor, params.id)),
    priceLists: ({ actor, query }) => prices.priceLists(actor, query.locationId),
    priceList: ({ actor, params }) => prices.priceList(actor, params.id),
    createPriceList: ({ actor, body }) => prices.createPriceList(actor, body.data),
    updatePriceList: ({ actor, params, body }) =>
      prices.updatePriceList(actor, params.id, body.data),
    deletePriceList: ({ actor, params }) => done(prices.deletePriceList(actor, params.id)),
    locationPriceLists: ({ actor, params }) => prices.locationPriceLists(actor, params.id),
  };
}
