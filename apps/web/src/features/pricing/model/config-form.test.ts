import { describe, expect, it } from 'vitest';
import { configBody, configStepErrors, emptyConfigForm, modelsOfKind } from './config-form.ts';
import type { PlanChoice } from './plan-choice.ts';

const plan: PlanChoice = {
  id: 4,
  title: 'VT/MT',
  complete: true,
  blocks: [
    { id: 1, title: 'VT', color: '#ff0000', position: 1 },
    { id: 2, title: 'MT', color: '#0000ff', position: 2 },
  ],
};

describe('config form steps', () => {
  it('names every missing basic field', () => {
    expect(configStepErrors('basic', emptyConfigForm({ currency: null }), null)).toEqual({
      name: { key: 'validation.required' },
      kind: { key: 'validation.required' },
      countryCode: { key: 'validation.required' },
      currency: { key: 'validation.required' },
      validFrom: { key: 'validation.required' },
    });
  });

  it('refuses an end before the start', () => {
    const values = emptyConfigForm({
      name: 'GEN-I',
      kind: 'SUPPLIER_ENERGY_BUY',
      countryCode: 'SI',
      validFrom: '2026-01-01',
      validTo: '2025-12-31',
    });
    expect(configStepErrors('basic', values, null)).toEqual({
      validTo: { key: 'pricing_plans.validation.to_after_from' },
    });
  });

  it('offers the spot market only to supplier kinds', () => {
    expect(modelsOfKind('SUPPLIER_ENERGY_SELL')).toContain('SPOT_MARKET');
    expect(modelsOfKind('DISTRIBUTOR_POWER')).toEqual(['FIXED', 'TIME_OF_USE']);
    const values = emptyConfigForm({ kind: 'DISTRIBUTOR_ENERGY', model: 'SPOT_MARKET' });
    expect(configStepErrors('tariffs', values, null).model).toEqual({ key: 'validation.required' });
  });

  it('asks for a price per block of a complete plan, refusing too many decimals', () => {
    const values = emptyConfigForm({
      kind: 'SUPPLIER_ENERGY_BUY',
      model: 'TIME_OF_USE',
      timePlanId: 4,
      prices: ['0.1234567891', ''],
    });
    expect(configStepErrors('plan', values, plan)).toEqual({
      'prices.0': { key: 'pricing_plans.validation.decimal_places', values: { max: 9 } },
      'prices.1': { key: 'validation.required' },
    });
    expect(configStepErrors('plan', values, { ...plan, complete: false }).timePlanId).toEqual({
      key: 'pricing_plans.validation.plan_incomplete',
    });
  });

  it('builds the body with one price per block and no fee for the network', () => {
    const body = configBody(
      emptyConfigForm({
        name: ' Network ',
        kind: 'DISTRIBUTOR_ENERGY',
        countryCode: 'SI',
        validFrom: '2026-01-01',
        model: 'TIME_OF_USE',
        timePlanId: 4,
        prices: ['0,01998', '0.01833', '0.5'],
        feePerMonth: '3',
      }),
      plan,
      null,
    );
    expect(body).toMatchObject({
      name: 'Network',
      prices: ['0.01998', '0.01833'],
      feePerMonth: null,
      timePlanId: 4,
      companyId: null,
      validTo: null,
    });
  });
});
