// Fixtures of the pricing component tests: API answers shaped by the contract's types.
import type { PriceListDto, PriceTypeConfigDto, TimePlanDto, TimePlanSummary } from '@ec/contract';
import { answer, type FakeRoute } from '../../shared/test/fake-fetch.ts';

export const currencies = [
  { code: 'EUR', decimals: 2 },
  { code: 'ISK', decimals: 0 },
];

/** The Slovenian VT/MT plan, complete. */
export const vtmtPlan: TimePlanDto = {
  id: 4,
  title: 'SI VT/MT',
  color: '#3366ff',
  countryCode: 'SI',
  companyId: null,
  holidays: 'AS_SUNDAY',
  code: 'SI-SUPPLIER-VTMT',
  editable: false,
  complete: true,
  inUse: false,
  blocks: [
    { id: 41, title: 'VT', color: '#ff6600', position: 1 },
    { id: 42, title: 'MT', color: '#3366ff', position: 2 },
  ],
  seasons: [],
  slots: [],
  problems: [],
};

export function planSummary(plan: TimePlanDto, overrides: Partial<TimePlanSummary> = {}) {
  const { blocks, seasons: _s, slots: _l, problems: _p, ...rest } = plan;
  return { ...rest, blocksCount: blocks.length, ...overrides };
}

/** GET /api/timeplans and the structure of each plan given. */
export function planRoutes(...plans: TimePlanDto[]): FakeRoute[] {
  return [
    answer('GET', '/api/timeplans', 200, { data: { timePlans: plans.map((p) => planSummary(p)) } }),
    ...plans.map((plan) =>
      answer('GET', `/api/timeplans/${plan.id}/structure`, 200, { data: { timePlan: plan } }),
    ),
  ];
}

export const currencyRoute = answer('GET', '/api/currencies', 200, { data: { currencies } });

export function testPriceList(overrides: Partial<PriceListDto> = {}): PriceListDto {
  return {
    id: 70,
    locationId: 12,
    locationName: 'Hiša Kranj',
    name: 'Winter 2026',
    kind: 'FIXED',
    currency: 'EUR',
    validFrom: '2026-01-01',
    validTo: null,
    active: true,
    multiTariff: false,
    tariffPlanId: null,
    tariffs: { t0: '0.12', t1: null, t2: null },
    differentExportPrice: false,
    exportTariff: 'T0',
    sell: { t0: null, t1: null, t2: null },
    buyMarkup: null,
    sellMarkup: null,
    supplierFeePerMonth: '2.5',
    distributorPlanId: null,
    distributorEnergy: ['0.02'],
    distributorPower: ['3.5'],
    agreedPowerKw: ['7'],
    configIds: {
      supplierEnergyBuyConfigId: null,
      supplierEnergySellConfigId: null,
      distributorEnergyConfigId: null,
      distributorPowerConfigId: null,
    },
    editable: true,
    ...overrides,
  };
}

export function testConfig(overrides: Partial<PriceTypeConfigDto> = {}): PriceTypeConfigDto {
  return {
    id: 30,
    kind: 'SUPPLIER_ENERGY_BUY',
    name: 'GEN-I Fixed',
    countryCode: 'SI',
    companyId: null,
    currency: 'EUR',
    model: 'FIXED',
    timePlanId: null,
    prices: ['0.11'],
    feePerMonth: '1.99',
    validFrom: '2026-01-01',
    validTo: null,
    code: null,
    editable: true,
    inUse: false,
    ...overrides,
  };
}
