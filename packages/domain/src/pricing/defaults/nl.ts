// The Netherlands: DSMR-style normal/low (normaal/dal) windows and a published fixed supplier price.

import { buildPlan, workweek } from './build.ts';
import { defaultConfig } from './config.ts';
import type { CountryDefaults } from './types.ts';

/** Code of the Dutch normal/low plan. */
export const NL_NORMAL_LOW_PLAN = 'NL-NORMAAL-DAL';

/**
 * The Netherlands' defaults. No distributor configs: Dutch households pay the network operator a fixed capacity
 * charge per connection (not per kWh or per kW), which none of the four price-type kinds expresses. Built fresh on every call. */
export function nlDefaults(): CountryDefaults {
  return {
    countryCode: 'NL',
    timePlans: [
      {
        code: NL_NORMAL_LOW_PLAN,
        // energieprijzen-vergelijken.nl (Nederlandse Energie Maatschappij tariff page): "Het daltarief geldt op
        // werkdagen van 23.00 tot 07.00 uur, weekenden en nationaal erkende feestdagen"; Noord-Brabant, Limburg and a
        // few other regions use 21.00–07.00 instead (copy the plan and move the evening slot there). Meter register
        // 1.8.1 is the low tariff in DSMR (domain-si.md §1.7).
        source:
          'daltarief weekdays 23–07, weekends and public holidays (energieprijzen-vergelijken.nl, Nederlandse Energie Maatschappij)',
        plan: buildPlan({
          title: 'Normaal / dal',
          color: '#ef6c00',
          countryCode: 'NL',
          holidays: 'AS_SUNDAY',
          blocks: [
            ['Normaal', '#fb8c00'],
            ['Dal', '#5e35b1'],
          ],
          seasons: [
            {
              title: 'Heel jaar',
              from: '01-01',
              to: '12-31',
              week: workweek(
                [
                  ['00:00', '07:00', 2],
                  ['07:00', '23:00', 1],
                  ['23:00', '24:00', 2],
                ],
                [['00:00', '24:00', 2]],
              ),
            },
          ],
          validFrom: '2000-01-01',
        }),
      },
    ],
    configs: [
      defaultConfig(
        'NL-SUPPLIER-BUY-NORMAAL-DAL',
        // Nederlandse Energie Maatschappij, 3 jaar vast (energieprijzen-vergelijken.nl): leveringstarief excl. btw
        // piek 0.09241, dal 0.07525 EUR/kWh; vastrecht 6.99 EUR/month incl. 21 % btw = 5.78 excl. Energy tax is not
        // included (it is a tax, not a supplier price).
        'typical, source: Nederlandse Energie Maatschappij 3 jaar vast (energieprijzen-vergelijken.nl), excl. btw and energiebelasting',
        NL_NORMAL_LOW_PLAN,
        {
          kind: 'SUPPLIER_ENERGY_BUY',
          name: 'Levering – normaal/dal',
          countryCode: 'NL',
          model: 'TIME_OF_USE',
          prices: ['0.09241', '0.07525'],
          feePerMonth: '5.78',
          validFrom: '2025-01-01',
          validTo: null,
        },
      ),
    ],
  };
}
