// Croatia: HEP's two-tariff (VT/NT) windows and the 2026 distribution tariff of the "Bijeli" household model.

import { buildPlan, everyDay } from './build.ts';
import { defaultConfig } from './config.ts';
import type { CountryDefaults } from './types.ts';

/** Code of the Croatian HEP VT/NT plan. */
export const HR_VT_NT_PLAN = 'HR-HEP-VT-NT';

/** Croatia's defaults. Built fresh on every call. */
export function hrDefaults(): CountryDefaults {
  return {
    countryCode: 'HR',
    timePlans: [
      {
        code: HR_VT_NT_PLAN,
        // HEP: VT 07–21 under winter time, 08–22 under summer time, NT otherwise, every day of the week
        // (https://www.hep.hr/zimsko-racunanje-vremena-3665/3665, https://hep.hr/ljetno-racunanje-vremena-3518/3518,
        // HEP Elektra tarifne stavke "Raspored dnevnih tarifa"). Summer time runs from the last Sunday of March to
        // the last Sunday of October, which fixed "MM-DD" seasons cannot follow exactly: summer is 28 Mar – 27 Oct
        // here, so up to 3–4 days around each switch use the other window.
        source:
          'HEP: VT 07–21 (winter time) / 08–22 (summer time), NT otherwise (hep.hr notices on the clock change)',
        plan: buildPlan({
          title: 'HEP VT/NT',
          color: '#00838f',
          countryCode: 'HR',
          holidays: 'NONE',
          blocks: [
            ['VT', '#e53935'],
            ['NT', '#1e88e5'],
          ],
          seasons: [
            {
              title: 'Zimsko računanje vremena',
              from: '10-28',
              to: '03-27',
              week: everyDay([
                ['00:00', '07:00', 2],
                ['07:00', '21:00', 1],
                ['21:00', '24:00', 2],
              ]),
            },
            {
              title: 'Ljetno računanje vremena',
              from: '03-28',
              to: '10-27',
              week: everyDay([
                ['00:00', '08:00', 2],
                ['08:00', '22:00', 1],
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
        'HR-DISTRIBUTOR-ENERGY-2026',
        // HERA, Odluka o iznosu tarifnih stavki za distribuciju električne energije, NN 150/2025, from 1 Jan 2026:
        // kućanstvo, niski napon, Bijeli: VT 0.044446, NT 0.020514 EUR/kWh (distribution only; the HOPS
        // transmission tariff is a separate decision and not included).
        'HERA NN 150/2025 (https://narodne-novine.nn.hr/clanci/sluzbeni/2025_12_150_2241.html), household Bijeli, distribution only',
        HR_VT_NT_PLAN,
        {
          kind: 'DISTRIBUTOR_ENERGY',
          name: 'Distribucija – Bijeli VT/NT (2026)',
          countryCode: 'HR',
          model: 'TIME_OF_USE',
          prices: ['0.044446', '0.020514'],
          feePerMonth: null,
          validFrom: '2026-01-01',
          validTo: null,
        },
      ),
      defaultConfig(
        'HR-SUPPLIER-BUY-VT-NT',
        // HERA, Odluka o iznosu tarifnih stavki za zajamčenu opskrbu, NN 142/2025 (1 Jan – 31 Mar 2026), niski
        // napon Bijeli, first two months: VT 0.153747, NT 0.090439 EUR/kWh, supply fee 4.645 EUR/month. That is the
        // guaranteed-supply price; household universal-service prices are set by government decree and are lower.
        'typical, source: HERA NN 142/2025 guaranteed supply, Bijeli (zakon.hr); household universal service is lower',
        HR_VT_NT_PLAN,
        {
          kind: 'SUPPLIER_ENERGY_BUY',
          name: 'Opskrba – Bijeli VT/NT',
          countryCode: 'HR',
          model: 'TIME_OF_USE',
          prices: ['0.153747', '0.090439'],
          feePerMonth: '4.645',
          validFrom: '2026-01-01',
          validTo: '2026-03-31',
        },
      ),
    ],
  };
}
