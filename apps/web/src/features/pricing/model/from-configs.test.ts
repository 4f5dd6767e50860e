import { describe, expect, it } from 'vitest';
import type { PriceTypeConfigDto } from '@ec/contract';
import { priceListFromConfigs } from './from-configs.ts';

function config(overrides: Partial<PriceTypeConfigDto>): PriceTypeConfigDto {
  return {
    id: 1,
    kind: 'SUPPLIER_ENERGY_BUY',
    name: 'Config',
    countryCode: 'SI',
    companyId: null,
    currency: 'EUR',
    model: 'FIXED',
    timePlanId: null,
    prices: ['0.1'],
    feePerMonth: null,
    validFrom: '2026-01-01',
    validTo: null,
    code: null,
    editable: false,
    inUse: false,
    ...overrides,
  };
}

describe('priceListFromConfigs', () => {
  it('fills a time-of-use list and the five network blocks from the Slovenian defaults', () => {
    const values = priceListFromConfigs(
      {
        buy: config({
          id: 1,
          model: 'TIME_OF_USE',
          timePlanId: 7,
          prices: ['0.14', '0.10'],
          feePerMonth: '2.5',
        }),
        sell: config({ id: 2, kind: 'SUPPLIER_ENERGY_SELL', prices: ['0.06'] }),
        distributorEnergy: config({
          id: 3,
          kind: 'DISTRIBUTOR_ENERGY',
          model: 'TIME_OF_USE',
          timePlanId: 9,
          prices: ['0.01998', '0.01833', '0.01809', '0.01855', '0.01873'],
        }),
        distributorPower: config({
          id: 4,
          kind: 'DISTRIBUTOR_POWER',
          model: 'TIME_OF_USE',
          timePlanId: 9,
          prices: ['3.61', '0.88', '0.17', '0', '0'],
        }),
      },
      (planId) => (planId === 9 ? 5 : 0),
      { name: 'Home', validFrom: '2026-12-01' },
    );
    expect(values).toMatchObject({
      name: 'Home',
      kind: 'TIME_OF_USE',
      tariffPlanId: 7,
      buy: { t1: '0.14', t2: '0.10' },
      supplierFeePerMonth: '2.5',
      differentExportPrice: true,
      exportTariff: 'T0',
      sell: { t0: '0.06' },
      distributorPlanId: 9,
      agreedPowerKw: ['', '', '', '', ''],
      configIds: {
        supplierEnergyBuyConfigId: 1,
        supplierEnergySellConfigId: 2,
        distributorEnergyConfigId: 3,
        distributorPowerConfigId: 4,
      },
    });
    expect(values.distributorEnergy).toHaveLength(5);
    expect(values.distributorPower[0]).toBe('3.61');
  });

  it('repeats a fixed network price over the blocks of the other config’s plan', () => {
    const values = priceListFromConfigs(
      {
        buy: config({ model: 'SPOT_MARKET', prices: ['0.012'] }),
        sell: null,
        distributorEnergy: config({ kind: 'DISTRIBUTOR_ENERGY', prices: ['0.04'] }),
        distributorPower: config({
          kind: 'DISTRIBUTOR_POWER',
          model: 'TIME_OF_USE',
          timePlanId: 9,
          prices: ['3', '1'],
        }),
      },
      () => 2,
    );
    expect(values).toMatchObject({
      kind: 'SPOT_MARKET',
      buyMarkup: '0.012',
      differentExportPrice: false,
      distributorPlanId: 9,
      distributorEnergy: ['0.04', '0.04'],
      distributorPower: ['3', '1'],
    });
  });
});
