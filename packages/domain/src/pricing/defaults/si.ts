// Slovenia: the 2024 five-block network plan, the suppliers' VT/MT windows and the configs priced on them.

import { buildPlan, workweek, type Span } from './build.ts';
import { defaultConfig } from './config.ts';
import type { CountryDefaults, DefaultTimePlan } from './types.ts';

/** Code of the Slovenian five-block network plan (valid 1 Oct 2024 – 31 Dec 2026). */
export const SI_NETWORK_PLAN = 'SI-NETWORK-5-BLOCKS-2024';
/** Code of the Slovenian supplier VT/MT plan. */
export const SI_VT_MT_PLAN = 'SI-SUPPLIER-VT-MT';

/**
 * One day of the block system from its three bands: night 00–06 and 22–24, shoulder 06–07, 14–16 and 20–22,
 * peak 07–14 and 16–20 (domain-si.md §1.2 hour table).
 */
function blockDay(night: number, shoulder: number, peak: number): Span[] {
  return [
    ['00:00', '06:00', night],
    ['06:00', '07:00', shoulder],
    ['07:00', '14:00', peak],
    ['14:00', '16:00', shoulder],
    ['16:00', '20:00', peak],
    ['20:00', '22:00', shoulder],
    ['22:00', '24:00', night],
  ];
}

const TARIFF_ACT_2026 =
  'Akt o določitvi tarifnih postavk za omrežnine elektrooperaterjev, Ur. l. RS 105/25 (1 Mar–31 Dec 2026), group 0 (NN), transmission + distribution, EUR excl. VAT; domain-si.md §1.6 (si_tarife.py citing agen-rs.si)';

/** Slovenia's defaults, built fresh on every call (callers may change them). */
export function siDefaults(): CountryDefaults {
  const networkPlan: DefaultTimePlan = {
    code: SI_NETWORK_PLAN,
    // domain-si.md §1.2–§1.3: seasons and hour table from uro.si (https://www.uro.si/w/casovni-blok), same table in
    // msetina/moj-elektro-v1 blocks/time_blocks.json and frlequ/home-assistant-network-tariff; Akt o metodologiji za
    // obračunavanje omrežnine (Ur. l. RS 146/22 and amendments). Non-working days (Saturday, Sunday, work-free
    // holidays) use the non-working table: Saturday's slots equal Sunday's and holidays count as Sunday.
    source:
      'uro.si časovni blok (https://www.uro.si/w/casovni-blok); Akt o metodologiji za obračunavanje omrežnine, Ur. l. RS 146/22 and amendments',
    plan: buildPlan({
      title: 'Omrežnina – 5 časovnih blokov (2024)',
      color: '#c62828',
      countryCode: 'SI',
      holidays: 'AS_SUNDAY',
      blocks: [
        ['Blok 1', '#c62828'],
        ['Blok 2', '#ef6c00'],
        ['Blok 3', '#f9a825'],
        ['Blok 4', '#7cb342'],
        ['Blok 5', '#2e7d32'],
      ],
      seasons: [
        // Higher season November–February (leap day included), lower season March–October.
        {
          title: 'Višja sezona',
          from: '11-01',
          to: '02-29',
          week: workweek(blockDay(3, 2, 1), blockDay(4, 3, 2)),
        },
        {
          title: 'Nižja sezona',
          from: '03-01',
          to: '10-31',
          week: workweek(blockDay(4, 3, 2), blockDay(5, 4, 3)),
        },
      ],
      validFrom: '2024-10-01',
    }),
  };

  const vtMtPlan: DefaultTimePlan = {
    code: SI_VT_MT_PLAN,
    // domain-si.md §1.7: VT working days 06–22; MT 22–06 and all of Saturday, Sunday and work-free holidays
    // (public script si_cas.py citing GEN-I/Petrol; 49jan/hass-slovenian-electricity-costs const.py). The windows
    // long predate the platform's data, hence validFrom 2000-01-01.
    source: 'domain-si.md §1.7 (GEN-I, Petrol; 49jan/hass-slovenian-electricity-costs const.py)',
    plan: buildPlan({
      title: 'VT/MT (dobavitelj)',
      color: '#1565c0',
      countryCode: 'SI',
      holidays: 'AS_SUNDAY',
      blocks: [
        ['VT', '#e53935'],
        ['MT', '#1e88e5'],
      ],
      seasons: [
        {
          title: 'Celo leto',
          from: '01-01',
          to: '12-31',
          week: workweek(
            [
              ['00:00', '06:00', 2],
              ['06:00', '22:00', 1],
              ['22:00', '24:00', 2],
            ],
            [['00:00', '24:00', 2]],
          ),
        },
      ],
      validFrom: '2000-01-01',
    }),
  };

  return {
    countryCode: 'SI',
    timePlans: [networkPlan, vtMtPlan],
    configs: [
      defaultConfig('SI-DISTRIBUTOR-ENERGY-2026', TARIFF_ACT_2026, SI_NETWORK_PLAN, {
        kind: 'DISTRIBUTOR_ENERGY',
        name: 'Omrežnina – energija (2026)',
        countryCode: 'SI',
        model: 'TIME_OF_USE',
        prices: ['0.02217', '0.01998', '0.01717', '0.01805', '0.01299'],
        feePerMonth: null,
        validFrom: '2026-03-01',
        validTo: '2026-12-31',
      }),
      defaultConfig('SI-DISTRIBUTOR-POWER-2026', TARIFF_ACT_2026, SI_NETWORK_PLAN, {
        kind: 'DISTRIBUTOR_POWER',
        name: 'Omrežnina – moč (mar–okt 2026)',
        countryCode: 'SI',
        model: 'TIME_OF_USE',
        prices: ['3.82301', '1.09230', '0.28902', '0.02436', '0.00245'],
        feePerMonth: null,
        validFrom: '2026-03-01',
        validTo: '2026-10-31',
      }),
      // The block-1 phase-in: 70 % of the block-1 power rate in the 2026 higher season (domain-si.md §1.1, §1.6).
      defaultConfig(
        'SI-DISTRIBUTOR-POWER-2026-HS',
        `${TARIFF_ACT_2026}; block 1 at 70 % (phase-in)`,
        SI_NETWORK_PLAN,
        {
          kind: 'DISTRIBUTOR_POWER',
          name: 'Omrežnina – moč (nov–dec 2026)',
          countryCode: 'SI',
          model: 'TIME_OF_USE',
          prices: ['2.67611', '1.09230', '0.28902', '0.02436', '0.00245'],
          feePerMonth: null,
          validFrom: '2026-11-01',
          validTo: '2026-12-31',
        },
      ),
      defaultConfig(
        'SI-SUPPLIER-BUY-VT-MT',
        // siol.net 2025-02 "Po dveh letih in pol se izteka vladna regulacija cen elektrike": GEN-I from 1 Mar 2025
        // VT 119.90, MT 97.90 EUR/MWh excl. VAT. Monthly fee 1.99 EUR excl. VAT: GEN-I regular price list
        // (pocenielektrika.si, fee valid from 1 Apr 2020; typical — not re-checked for 2026).
        'typical, source: GEN-I price list from 1 Mar 2025 (siol.net 2025-02); monthly fee GEN-I redni cenik (pocenielektrika.si)',
        SI_VT_MT_PLAN,
        {
          kind: 'SUPPLIER_ENERGY_BUY',
          name: 'Dobava – VT/MT',
          countryCode: 'SI',
          model: 'TIME_OF_USE',
          prices: ['0.11990', '0.09790'],
          feePerMonth: '1.99',
          validFrom: '2025-03-01',
          validTo: null,
        },
      ),
      defaultConfig(
        'SI-SUPPLIER-SELL-FIXED',
        // No published household buy-back price was found; 0.05 EUR/kWh is an illustrative fixed value for a
        // producer outside net metering. Replace with the supplier's offer.
        'illustrative value, no published source — replace with the supplier offer',
        null,
        {
          kind: 'SUPPLIER_ENERGY_SELL',
          name: 'Odkup – enotna cena',
          countryCode: 'SI',
          model: 'FIXED',
          prices: ['0.05'],
          feePerMonth: null,
          validFrom: '2025-03-01',
          validTo: null,
        },
      ),
    ],
  };
}
