// Austria: a high/low tariff plan and configs from published network and supplier prices.

import { buildPlan, everyDay } from './build.ts';
import { defaultConfig } from './config.ts';
import type { CountryDefaults } from './types.ts';

/** Code of the Austrian HT/NT (Hochtarif/Niedertarif) plan. */
export const AT_HT_NT_PLAN = 'AT-HT-NT';

/** Austria's defaults. Built fresh on every call. */
export function atDefaults(): CountryDefaults {
  return {
    countryCode: 'AT',
    timePlans: [
      {
        code: AT_HT_NT_PLAN,
        // Typical: Austrian double-tariff meters count Niedertarif 22:00–06:00 every day (e.g. Wiener Netze); each
        // network operator sets its own window, so check the operator's SNE tariff sheet before relying on it.
        source: 'typical Austrian Doppeltarif window (NT 22–06 daily); operators may differ',
        plan: buildPlan({
          title: 'Hochtarif / Niedertarif',
          color: '#6a1b9a',
          countryCode: 'AT',
          holidays: 'NONE',
          blocks: [
            ['HT', '#d81b60'],
            ['NT', '#3949ab'],
          ],
          seasons: [
            {
              title: 'Ganzjährig',
              from: '01-01',
              to: '12-31',
              week: everyDay([
                ['00:00', '06:00', 2],
                ['06:00', '22:00', 1],
                ['22:00', '24:00', 2],
              ]),
            },
          ],
          validFrom: '2000-01-01',
        }),
      },
    ],
    configs: [
      defaultConfig(
        'AT-DISTRIBUTOR-ENERGY-TINETZ',
        // tinetz.at "Systemnutzungsentgelte-Verordnung" (https://www.tinetz.at/kundenservice/entgelte/sne-verordnung/):
        // Netzebene 7, nicht gemessene Leistung, zwei Tarifzeiten: Netznutzung 4.29 (HT) / 2.55 (NT) ct/kWh plus
        // Netzverlustentgelt 0.268 ct/kWh, net of VAT. The stored copy does not state the tariff year; the
        // Grundpreis (30 EUR/year) has no per-kW kind here and is left out.
        'TINETZ (Tirol) SNE tariff sheet, NE 7 two tariff times: Netznutzung + Netzverlust (year not stated on the page)',
        AT_HT_NT_PLAN,
        {
          kind: 'DISTRIBUTOR_ENERGY',
          name: 'Netzentgelt Arbeit (TINETZ NE 7, HT/NT)',
          countryCode: 'AT',
          model: 'TIME_OF_USE',
          prices: ['0.04558', '0.02818'],
          feePerMonth: null,
          validFrom: '2025-01-01',
          validTo: null,
        },
      ),
      defaultConfig(
        'AT-SUPPLIER-BUY-FIXED',
        // kurier.at (2023, "Energie soll für die Wiener deutlich billiger werden"): Wien Energie "Optima Entspannt"
        // around 15.9 ct/kWh net. Typical, not a current offer.
        'typical, source: Wien Energie Optima Entspannt ≈ 15.9 ct/kWh net (kurier.at 2023)',
        null,
        {
          kind: 'SUPPLIER_ENERGY_BUY',
          name: 'Energie – Fixpreis',
          countryCode: 'AT',
          model: 'FIXED',
          prices: ['0.159'],
          feePerMonth: null,
          validFrom: '2023-07-01',
          validTo: null,
        },
      ),
    ],
  };
}
