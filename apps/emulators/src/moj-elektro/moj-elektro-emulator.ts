import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { addDays, wallClock } from '../prices/price-shape.ts';
import { demoDay, PORTAL_TIME_ZONE, type DemoProfile } from './profiles.ts';
import { listenOnLoopback } from '../listen.ts';

/** One demo metering place (metering place EIMM + GSRN, its one metering point). */
export interface MojElektroDemoPlace {
  profile: DemoProfile;
  /** The token that reads this place only. */
  token: string;
  eimm: string;
  /** Metering place (MM) GSRN. */
  mmGsrn: string;
  /** Metering point (MT) GSRN. */
  mtGsrn: string;
  connectionPowerKw: number;
  phases: 1 | 3;
  fuseA: number;
  tariffsCount: 1 | 2;
  productionPowerKw: number | null;
}

/** The emulator's demo tokens and metering places (DESIGN-14 §1); `allToken` reads all three. */
export const MOJ_ELEKTRO_DEMO = {
  household: {
    profile: 'household',
    token: 'demo-moj-elektro-household',
    eimm: '4-1000001',
    mmGsrn: '383100000000000017',
    mtGsrn: '383100000000000024',
    connectionPowerKw: 17,
    phases: 3,
    fuseA: 25,
    tariffsCount: 2,
    productionPowerKw: null,
  },
  business: {
    profile: 'business',
    token: 'demo-moj-elektro-business',
    eimm: '2-2000002',
    mmGsrn: '383100000000000031',
    mtGsrn: '383100000000000048',
    connectionPowerKw: 43,
    phases: 3,
    fuseA: 63,
    tariffsCount: 2,
    productionPowerKw: null,
  },
  solar: {
    profile: 'solar',
    token: 'demo-moj-elektro-solar',
    eimm: '3-3000003',
    mmGsrn: '383100000000000055',
    mtGsrn: '383100000000000062',
    connectionPowerKw: 8,
    phases: 1,
    fuseA: 35,
    tariffsCount: 1,
    productionPowerKw: 8,
  },
  allToken: 'demo-moj-elektro-all',
} as const satisfies Record<DemoProfile, MojElektroDemoPlace> & { allToken: string };

/** The three demo places in table order. */
export const MOJ_ELEKTRO_DEMO_PLACES: readonly MojElektroDemoPlace[] = [
  MOJ_ELEKTRO_DEMO.household,
  MOJ_ELEKTRO_DEMO.business,
  MOJ_ELEKTRO_DEMO.solar,
];

/** How far back the emulator has data: 2 years and 40 days before today (local). */
export const MOJ_ELEKTRO_HISTORY_DAYS = 730 + 40;

/** The reading-type catalogue of GET /reading-type (domain-si.md §2.3, the recorded answer's entries). */
const CATALOGUE: {
  oznaka: string;
  naziv: string;
  opis: string;
  perioda: string;
  readingType: string;
  tip: string;
  vrsta: string;
}[] = [];
{
  const quarter: [string, string, string, string, string][] = [
    [
      'A+',
      'Prejeta 15 minutna delovna energija',
      '15 minutna energija, A+, kWh',
      '1.2.12',
      '3.72.0',
    ],
    [
      'A-',
      'Oddana 15 minutna delovna energija',
      '15 minutna energija, A-, kWh',
      '19.2.12',
      '3.72.0',
    ],
    [
      'R+',
      'Prejeta 15 minutna jalova energija',
      '15 minutna energija, R+, kVArh',
      '1.2.12',
      '3.73.0',
    ],
    [
      'R-',
      'Oddana 15 minutna jalova energija',
      '15 minutna energija, R-, kVArh',
      '19.2.12',
      '3.73.0',
    ],
    ['P+', 'Prejeta 15 minutna delovna moč', '15 minutna moč, A+, kW', '1.2.37', '3.38.0'],
    ['P-', 'Oddana 15 minutna delovna moč', '15 minutna moč, A-, kW', '19.2.37', '3.38.0'],
    ['Q+', 'Prejeta 15 minutna jalova moč', '15 minutna moč, R+, kVAr', '1.2.37', '3.63.0'],
    ['Q-', 'Oddana 15 minutna jalova moč', '15 minutna moč, R-, kVAr', '19.2.37', '3.63.0'],
  ];
  for (const [oznaka, naziv, opis, flow, unit] of quarter) {
    const reactive = unit !== '3.72.0' && unit !== '3.38.0';
    CATALOGUE.push({
      oznaka,
      naziv,
      opis,
      perioda: '15 min',
      readingType: `32.0.2.4.${flow}.0.0.0.0.0.0.0.0.${unit}`,
      tip: `${reactive ? 'jalova' : 'delovna'} ${flow.startsWith('1.') ? 'prejem' : 'oddaja'}`,
      vrsta: 'KOLICINA',
    });
  }
  const tariffs = ['ET', 'VT', 'MT'];
  for (const [sign, flow, word] of [
    ['+', '1', 'Prejeta'],
    ['-', '19', 'Oddana'],
  ] as const) {
    for (const [kind, unit, unitName] of [
      ['delovna', '72', 'kWh'],
      ['jalova', '73', 'kVArh'],
    ] as const) {
      tariffs.forEach((tariff, t) => {
        const letter = kind === 'delovna' ? 'A' : 'R';
        CATALOGUE.push({
          oznaka: `${letter}${sign}_T${t}`,
          naziv: `${word} ${kind} energija ${tariff}`,
          opis: `24 urno stanje, ${letter}${sign}, ${unitName}, T${t}`,
          perioda: '24 h',
          readingType: `32.0.4.1.${flow}.2.12.0.0.0.0.${t}.0.0.0.3.${unit}.0`,
          tip: `${kind} ${sign === '+' ? 'prejem' : 'oddaja'} ${tariff}`,
          vrsta: 'STANJE',
        });
      });
    }
  }
}

/** Fields 2–18 of a reading type: the 0. and 8. variants name the same series as the 32. one. */
const tailOf = (code: string) => code.split('.').slice(1).join('.');
const QUARTER_TYPES = new Map(
  CATALOGUE.filter((c) => c.perioda === '15 min').map((c) => [tailOf(c.readingType), c.oznaka]),
);
const KNOWN_TYPES = new Set(CATALOGUE.map((c) => tailOf(c.readingType)));

const QUALITIES = [
  { readingQualityType: '1.0.0', description: 'Veljavna vrednost' },
  { readingQualityType: '1.4.5', description: 'Nadomestna vrednost' },
  { readingQualityType: '1.5.257', description: 'Ocenjena vrednost' },
  { readingQualityType: '3.7.0', description: 'Ročno vnesena vrednost' },
];

/** Agreed-power records of a place (merilna-tocka `dogovorjeneMoci`), one per calendar year from October 2024. */
function agreedPowers(place: MojElektroDemoPlace, currentYear: number) {
  const base: Record<DemoProfile, [number, number, number, number, number]> = {
    household: [7.4, 8.1, 8.1, 8.1, 8.1],
    business: [22.5, 24, 24, 24, 24],
    solar: [2.5, 3.2, 3.6, 3.6, 3.6],
  };
  const minimum = (year: number) => {
    const c = place.connectionPowerKw;
    if (place.phases === 1) return Math.max(year >= 2026 ? 1.8 : 2, Math.round(c * 3.1) / 10);
    if (year >= 2026) return Math.max(2.8, Math.round(c * 2) / 10);
    return c <= 17 ? Math.max(3.5, Math.round(c * 2.7) / 10) : Math.round(c * 3.4) / 10;
  };
  const record = (
    year: number,
    blocks: number[],
    entered: string,
    valid: boolean,
    from = `${year}-01-01`,
    determinedBy: 'DISTRIBUTER' | 'UPORABNIK' = 'DISTRIBUTER',
  ) => {
    // The operator's rules: each block at least the minimum, at most the connection power, P1 ≤ … ≤ P5.
    let floor = minimum(year);
    const kw = blocks.map((v) => (floor = Math.min(place.connectionPowerKw, Math.max(floor, v))));
    return recordOf(year, kw, entered, valid, from, determinedBy);
  };
  const recordOf = (
    year: number,
    blocks: number[],
    entered: string,
    valid: boolean,
    from: string,
    determinedBy: 'DISTRIBUTER' | 'UPORABNIK',
  ) => ({
    casovniBlok1: blocks[0]?.toFixed(1),
    casovniBlok2: blocks[1]?.toFixed(1),
    casovniBlok3: blocks[2]?.toFixed(1),
    casovniBlok4: blocks[3]?.toFixed(1),
    casovniBlok5: blocks[4]?.toFixed(1),
    datumDo: `${year}-12-31T00:00:00Z`,
    datumOd: `${from}T00:00:00Z`,
    datumVnosa: entered,
    minimalnaMoc: minimum(year).toFixed(1),
    nacinDolocitve: determinedBy,
    novUporabnik: false,
    oznakaIzracuna: 'M1',
    prikljucnaMoc: place.connectionPowerKw.toFixed(1),
    veljavnost: valid,
  });
  const shifted = (delta: number) =>
    base[place.profile].map((v, i) => Math.round((v + delta * (i === 0 ? 1 : 1.2)) * 10) / 10);
  const records = [record(2024, shifted(0), '2024-06-14', true, '2024-10-01')];
  for (let year = 2025; year <= Math.max(2026, currentYear); year++) {
    if (year === currentYear || (currentYear < 2026 && year === 2026)) {
      // The first determination, superseded by a re-determination in the autumn before.
      records.push(record(year, shifted(0.6), `${year - 1}-06-19`, false));
      // The business asked for its own values (so it pays excess power); the households kept the operator's.
      const by = place.profile === 'business' ? 'UPORABNIK' : 'DISTRIBUTER';
      records.push(record(year, shifted(-0.3), `${year - 1}-10-17`, true, `${year}-01-01`, by));
    } else {
      records.push(record(year, shifted(0.2 * (year - 2024)), `${year - 1}-06-20`, true));
    }
  }
  return records;
}

function meteringPlaceDoc(place: MojElektroDemoPlace) {
  const names: Record<DemoProfile, [string, string]> = {
    household: ['Hiša Novak', 'Cesta v Gorice 12, 1000 Ljubljana'],
    business: ['Mizarstvo Kos d.o.o.', 'Obrtna ulica 5, 2000 Maribor'],
    solar: ['Hiša Horvat', 'Sončna pot 3, 8000 Novo mesto'],
  };
  const [naziv, naslov] = names[place.profile];
  return {
    identifikator: { enotniIdentifikatorMerilnegaMesta: place.eimm, gsrn: place.mmGsrn },
    lastnik: { davcnaSt: '12345678', naslov, naziv },
    merilneTocke: [{ gsrn: place.mtGsrn, vrsta: 'OMTO' }],
    naslov,
    naziv,
    pogodbeniPodatki: {
      daljinskoCitanje: true,
      idFrekvenceOdbiranja: 1,
      idVrsteOmejevalcaToka: 2,
      jakostOmejevalcaToka: place.fuseA,
      mesecObracuna: 4,
      nazivFrekvenceOdbiranja: 'MESEČNO',
      nazivNacinaPrikljucitve: '-',
      nazivNapetostnegaNivoja: 'Nizka napetost',
      obstoj15MinutneMeritve: true,
      oznakaNacinaPrikljucitve: 0,
      oznakaNapetostnegaNivoja: 'NN',
      prikljucnaMoc: place.connectionPowerKw,
      stevilkaSzP: 0,
      steviloFaz: place.phases,
      vrstaOmejevalcaToka: 'varovalka',
      vrstaPrikljucka: place.phases === 3 ? 'Trifazni priključek' : 'Enofazni priključek',
      ...(place.productionPowerKw === null
        ? {}
        : {
            instaliranaMocProizvodnje: place.productionPowerKw,
            virPrimarnegaEnergenta: 'Sončna energija',
          }),
    },
    tehnicniPodatki: {
      datumVeljavnostiZiga: '2029-12-31',
      letoIzdelave: 2021,
      statisticnaPopulacija: 'ODJEM_NN',
      tipStevca: place.phases === 3 ? 'ZMXi320CQU1L1D3' : 'ZCXi110CR',
      tovarniskaStevilkaMkn: `8${place.mmGsrn.slice(-7)}`,
      velikostPopulacije: 15531,
    },
    tockaPrikljucitve: { nn: 'NN izvod 2', rtp: 'RTP Center', sn: 'SN 20 kV', tp: 'TP 1043' },
  };
}

function meteringPointDoc(place: MojElektroDemoPlace, currentYear: number) {
  const business = place.profile === 'business';
  return {
    dobavitelj: {
      datumDo: '9999-12-31',
      datumOd: '2020-12-04',
      eic: '11XIGET--------D',
      naziv: 'Dobavitelj Energije d.o.o.',
      oznaka: 10036,
    },
    dogovorjeneMoci: agreedPowers(place, currentYear),
    gsrn: place.mtGsrn,
    idVrstaOdjema: business ? 3 : 2,
    letneObratovalneUre: business ? 2400 : 0,
    merilnaMesta: [
      {
        identifikator: { enotniIdentifikatorMerilnegaMesta: place.eimm, gsrn: place.mmGsrn },
        merilneTocke: [{ gsrn: place.mtGsrn, vrsta: 'OMTO' }],
      },
    ],
    nacinObracuna: 'DEJANSKA_PORABA',
    nacinOskrbe: 'DOBAVITELJ',
    naslovnik: { davcnaSt: '12345678', naslov: 'Naslov', naziv: 'Naslovnik' },
    naziv: meteringPlaceDoc(place).naziv,
    nazivVrstaOdjema: business ? 'Poslovni odjem na NN' : 'Gospodinjstvo',
    obracunIzgub: false,
    obracunskaMoc: business ? 43 : place.phases === 1 ? 7 : 10,
    obracunskaVezalnaShema: 'OS.1A.1 - Navadni odjem',
    steviloTarifMerjenja: place.tariffsCount,
    tehnicnaVezalnaShema: 'PS.1A',
    uporabniskaSkupina:
      '0 - Uporabniki sistema priključeni na NN izvod nazivne napetosti 400/230 V',
    vrsta: 'OMTO',
  };
}

/** `2025-10-26T02:15:00+02:00`: the instant in Ljubljana's wall clock with its offset. */
export function portalTimestamp(instantMs: number): string {
  const { offsetMs } = wallClock(instantMs, PORTAL_TIME_ZONE);
  const local = new Date(instantMs + offsetMs).toISOString().slice(0, 19);
  const minutes = Math.abs(offsetMs) / 60_000;
  const sign = offsetMs < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The first and the day after the last local day the emulator has data for, by its clock. */
export function mojElektroDataRange(now: Date): { firstDate: string; endDate: string } {
  const today = wallClock(now.getTime(), PORTAL_TIME_ZONE).date;
  return { firstDate: addDays(today, -MOJ_ELEKTRO_HISTORY_DAYS), endDate: today };
}

/**
 * A place's 15-minute values for the local days [fromDate, toDate) as the emulator serves them (clipped to its data
 * range): interval ends (UTC ms), A± in kWh and P± in kW (P = 4 × A).
 */
export function mojElektroDemoReadings(
  place: MojElektroDemoPlace,
  fromDate: string,
  toDate: string,
  now: Date = new Date(),
): { endMs: number; aPlus: number; aMinus: number; pPlus: number; pMinus: number }[] {
  const { firstDate, endDate } = mojElektroDataRange(now);
  const out: { endMs: number; aPlus: number; aMinus: number; pPlus: number; pMinus: number }[] = [];
  const start = fromDate > firstDate ? fromDate : firstDate;
  const end = toDate < endDate ? toDate : endDate;
  for (let date = start; date < end; date = addDays(date, 1)) {
    const day = demoDay(place.profile, place.eimm, date);
    day.endsMs.forEach((endMs, i) => {
      const a = day.importE4[i] as number;
      const e = day.exportE4[i] as number;
      out.push({
        endMs,
        aPlus: a / 1e4,
        aMinus: e / 1e4,
        pPlus: (4 * a) / 1e4,
        pMinus: (4 * e) / 1e4,
      });
    });
  }
  return out;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string | null): value is string => {
  if (value === null || !DATE.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === value;
};

/** What to start. */
export interface MojElektroEmulatorOptions {
  /** Listening port (default 0: a free one). */
  port?: number;
  /** The data clock (default the real one): the last day served is yesterday (24 h latency). */
  now?: () => Date;
  /** Requests per token per clock second before 429 (default 5, like the portal's Kong gateway). */
  rateLimitPerSecond?: number;
}

/** A running Moj Elektro API emulator. */
export interface MojElektroEmulator {
  /** The base URL to configure as MOJ_ELEKTRO_API_URL (`http://127.0.0.1:<port>/mojelektro/v1`). */
  url: string;
  /** Requests answered so far. */
  requests: number;
  close(): Promise<void>;
}

const PREFIX = '/mojelektro/v1';

/**
 * Starts an emulated Moj Elektro API (Informatika, `https://api.informatika.si/mojelektro/v1`): `GET /reading-type`,
 * `/reading-qualities`, `/merilno-mesto/{EIMM | MM GSRN}`, `/merilna-tocka/{MT GSRN}` and `/meter-readings?usagePoint&
 * startTime&endTime&option=ReadingType=…` with the portal's shapes for the {@link MOJ_ELEKTRO_DEMO} places; `X-API-TOKEN`
 * checked (401 unknown, 403 a place the token may not read, 404 unknown place, 400 bad dates, all with the
 * `{"errors":[{"koda","opis"}]}` body); Kong's rate-limit headers and 429 above 5 requests a second per token.
 */
export async function startMojElektroEmulator(
  options: MojElektroEmulatorOptions = {},
): Promise<MojElektroEmulator> {
  const now = options.now ?? (() => new Date());
  const limit = options.rateLimitPerSecond ?? 5;
  const windows = new Map<string, { second: number; count: number }>();
  const allowed = new Map<string, readonly MojElektroDemoPlace[]>([
    ...MOJ_ELEKTRO_DEMO_PLACES.map((p) => [p.token, [p]] as const),
    [MOJ_ELEKTRO_DEMO.allToken, MOJ_ELEKTRO_DEMO_PLACES],
  ]);

  function send(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'access-control-allow-headers':
        'Authorization,Content-Type,uuid,Cache-Control,Pragma,Expires,X-Api-Token',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    });
    res.end(text);
  }
  const error = (res: ServerResponse, status: number, opis: string, rate = {}) =>
    send(res, status, { errors: [{ koda: String(status), opis }] }, rate);

  function handle(req: IncomingMessage, res: ServerResponse) {
    emulator.requests++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || !url.pathname.startsWith(`${PREFIX}/`)) {
      send(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const token = req.headers['x-api-token'];
    const places = typeof token === 'string' ? allowed.get(token) : undefined;
    if (typeof token !== 'string' || places === undefined) {
      error(res, 401, 'Neveljaven ali potekel žeton (X-API-TOKEN).');
      return;
    }
    // Kong: a fixed window per clock second and token.
    const second = Math.floor(Date.now() / 1000);
    const window = windows.get(token);
    const used = window?.second === second ? window.count + 1 : 1;
    windows.set(token, { second, count: used });
    const rate = {
      'ratelimit-limit': String(limit),
      'ratelimit-remaining': String(Math.max(0, limit - used)),
      'ratelimit-reset': '1',
      'x-ratelimit-limit-second': String(limit),
      'x-ratelimit-remaining-second': String(Math.max(0, limit - used)),
    };
    if (used > limit) {
      send(res, 429, { message: 'API rate limit exceeded' }, { ...rate, 'retry-after': '1' });
      return;
    }
    const path = url.pathname.slice(PREFIX.length);
    const [, route, id, extra] = path.split('/');
    const clock = now();
    const byId = (value: string | null | undefined) =>
      MOJ_ELEKTRO_DEMO_PLACES.find((p) => p.eimm === value || p.mmGsrn === value);
    const mayRead = (place: MojElektroDemoPlace) => places.includes(place);

    if (route === 'reading-type' && id === undefined) {
      send(
        res,
        200,
        CATALOGUE.map((c) => ({
          naziv: c.naziv,
          opis: c.opis,
          oznaka: c.oznaka,
          perioda: c.perioda,
          readingType: c.readingType,
          readingTypeBrezObracuna: `0.${tailOf(c.readingType)}`,
          readingTypeObracun: `8.${tailOf(c.readingType)}`,
          tip: c.tip,
          vrsta: c.vrsta,
        })),
        rate,
      );
      return;
    }
    if (route === 'reading-qualities' && id === undefined) {
      send(res, 200, QUALITIES, rate);
      return;
    }
    if ((route === 'merilno-mesto' || route === 'merilna-tocka') && id && extra === undefined) {
      const key = decodeURIComponent(id);
      const place =
        route === 'merilno-mesto'
          ? byId(key)
          : MOJ_ELEKTRO_DEMO_PLACES.find((p) => p.mtGsrn === key);
      if (!place) {
        error(
          res,
          404,
          route === 'merilno-mesto'
            ? `Merilno mesto ${key} ne obstaja.`
            : `Merilna točka ${key} ne obstaja.`,
          rate,
        );
        return;
      }
      if (!mayRead(place)) {
        error(res, 403, 'Za zahtevano merilno mesto nimate pooblastila.', rate);
        return;
      }
      send(
        res,
        200,
        route === 'merilno-mesto'
          ? meteringPlaceDoc(place)
          : meteringPointDoc(place, wallClock(clock.getTime(), PORTAL_TIME_ZONE).year),
        rate,
      );
      return;
    }
    if (route === 'meter-readings' && id === undefined) {
      const q = url.searchParams;
      const usagePoint = q.get('usagePoint');
      const startTime = q.get('startTime');
      const endTime = q.get('endTime');
      const types = q
        .getAll('option')
        .map((o) => /^ReadingType=(.+)$/.exec(o)?.[1])
        .filter((t): t is string => t !== undefined);
      if (!usagePoint) {
        error(res, 400, 'Parameter usagePoint je obvezen.', rate);
        return;
      }
      if (!isDate(startTime) || !isDate(endTime) || endTime < startTime) {
        error(
          res,
          400,
          'Napačen datum: startTime in endTime morata biti datuma YYYY-MM-DD, startTime ≤ endTime.',
          rate,
        );
        return;
      }
      if (types.length === 0 || types.some((t) => !KNOWN_TYPES.has(tailOf(t)))) {
        error(res, 400, 'Neveljaven ReadingType.', rate);
        return;
      }
      const place = byId(usagePoint);
      if (!place) {
        error(res, 404, `Merilno mesto ${usagePoint} ne obstaja.`, rate);
        return;
      }
      if (!mayRead(place)) {
        error(res, 403, 'Za zahtevano merilno mesto nimate pooblastila.', rate);
        return;
      }
      const rows = mojElektroDemoReadings(place, startTime, endTime, clock);
      const stamps = rows.map((r) => portalTimestamp(r.endMs));
      const valueOf: Record<string, (r: (typeof rows)[number]) => number> = {
        'A+': (r) => r.aPlus,
        'A-': (r) => r.aMinus,
        'P+': (r) => r.pPlus,
        'P-': (r) => r.pMinus,
        // Reactive: a power factor of about 0.95 on the import, nothing on the export.
        'R+': (r) => Math.round(r.aPlus * 3287) / 1e4,
        'R-': () => 0,
        'Q+': (r) => Math.round(r.pPlus * 3287) / 1e4,
        'Q-': () => 0,
      };
      const intervalBlocks = types.map((type) => {
        const oznaka = QUARTER_TYPES.get(tailOf(type));
        const value = oznaka === undefined ? undefined : valueOf[oznaka];
        // Daily registers (24 h, STANJE) are not emulated: their blocks come empty.
        return {
          intervalReadings:
            value === undefined
              ? []
              : rows.map((r, i) => ({
                  readingQualities: [],
                  timestamp: stamps[i],
                  value: value(r).toFixed(4),
                })),
          readingType: type,
        };
      });
      send(
        res,
        200,
        {
          intervalBlocks,
          messageCreated: portalTimestamp(clock.getTime()).replace(
            /([+-]\d{2}:\d{2})$/,
            `.${String(clock.getTime() % 1000).padStart(3, '0')}000000$1`,
          ),
          usagePoint,
        },
        rate,
      );
      return;
    }
    send(res, 404, { message: 'no Route matched with those values' }, rate);
  }

  const server: Server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) send(res, 500, { message: 'An unexpected error occurred' });
    }
  });
  const { port, close } = await listenOnLoopback(server, options.port);
  const emulator: MojElektroEmulator = {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    requests: 0,
    close,
  };
  return emulator;
}
