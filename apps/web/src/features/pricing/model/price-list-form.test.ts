import { describe, expect, it } from 'vitest';
import type { PlanChoice } from './plan-choice.ts';
import { emptyPriceListForm, priceListBody, priceListStepErrors } from './price-list-form.ts';

const vtmt: PlanChoice = {
  id: 4,
  title: 'VT/MT',
  complete: true,
  blocks: [
    { id: 1, title: 'VT', color: '#ff0000', position: 1 },
    { id: 2, title: 'MT', color: '#0000ff', position: 2 },
  ],
};

describe('price list form steps', () => {
  it('requires a name, a valid date and a currency first', () => {
    expect(
      priceListStepErrors('basic', emptyPriceListForm({ validFrom: '2026-02-30' }), null, null),
    ).toEqual({
      name: { key: 'validation.required' },
      validFrom: { key: 'validation.invalid' },
    });
  });

  it('requires the kind on the tariffs step', () => {
    expect(priceListStepErrors('tariffs', emptyPriceListForm(), null, null)).toEqual({
      kind: { key: 'validation.required' },
    });
  });

  it('asks T1 and T2 of a complete plan for a time-of-use list', () => {
    const values = emptyPriceListForm({ kind: 'TIME_OF_USE', tariffPlanId: null });
    const errors = priceListStepErrors('plan', values, null, null);
    expect(errors.tariffPlanId).toEqual({ key: 'validation.required' });
    expect(errors['buy.t1']).toEqual({ key: 'validation.required' });
    expect(errors['buy.t2']).toEqual({ key: 'validation.required' });
    expect(errors['distributorEnergy.0']).toEqual({ key: 'validation.required' });
  });

  it('allows negative spot markups but not negative network prices', () => {
    const values = emptyPriceListForm({
      kind: 'SPOT_MARKET',
      buyMarkup: '-0.01',
      sellMarkup: '0.005',
      distributorEnergy: ['-1'],
      distributorPower: ['3.5'],
      agreedPowerKw: ['7'],
    });
    expect(priceListStepErrors('plan', values, null, null)).toEqual({
      'distributorEnergy.0': { key: 'pricing_plans.validation.not_negative' },
    });
  });

  it('asks the network values per block of its plan', () => {
    const values = emptyPriceListForm({
      kind: 'FIXED',
      buy: { t0: '0.12', t1: '', t2: '' },
      distributorPlanId: 4,
      distributorEnergy: ['0.02'],
      distributorPower: ['3'],
      agreedPowerKw: ['7'],
    });
    expect(Object.keys(priceListStepErrors('plan', values, null, vtmt))).toEqual([
      'distributorEnergy.1',
      'distributorPower.1',
      'agreedPowerKw.1',
    ]);
  });

  it('builds a time-of-use list with export by windows', () => {
    const body = priceListBody(
      emptyPriceListForm({
        name: 'Home',
        validFrom: '2026-12-01',
        kind: 'TIME_OF_USE',
        tariffPlanId: 4,
        buy: { t0: '9', t1: '0.15', t2: '0.10' },
        differentExportPrice: true,
        exportTariff: 'MULTI',
        sell: { t0: '', t1: '0.08', t2: '0.05' },
        distributorEnergy: ['0.02'],
        distributorPower: ['3'],
        agreedPowerKw: ['7'],
      }),
      12,
      null,
    );
    expect(body).toMatchObject({
      locationId: 12,
      multiTariff: true,
      tariffPlanId: 4,
      tariffs: { t0: null, t1: '0.15', t2: '0.1' },
      exportTariff: 'MULTI',
      sell: { t0: null, t1: '0.08', t2: '0.05' },
      buyMarkup: null,
      distributorPlanId: null,
      distributorEnergy: ['0.02'],
    });
  });
});
