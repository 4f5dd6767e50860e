import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { addDays, localMidnightMs, quarterHourPrices, wallClock } from '../prices/price-shape.ts';
import { listenOnLoopback } from '../listen.ts';

/** The namespace of ENTSO-E's A44 answers (Publication_MarketDocument 7:3). */
export const ENTSOE_PUBLICATION_NS = 'urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:3';
/** The namespace of ENTSO-E's acknowledgements ("No matching data found", reason 999). */
export const ENTSOE_ACKNOWLEDGEMENT_NS =
  'urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0';

/** The market day of every SDAC zone is the CET day (Europe/Brussels; 23:00Z–23:00Z in winter). */
const MARKET_TIME_ZONE = 'Europe/Brussels';

/** Bidding zones the emulator knows: every one publishes SDAC; AT and DE-LU also EXAA as sequence 2. */
export const ENTSOE_EMULATOR_ZONES: readonly string[] = [
  '10YSI-ELES-----O',
  '10YAT-APG------L',
  '10Y1001A1001A82H',
  '10YHR-HEP------M',
  '10YHU-MAVIR----U',
  '10Y1001A1001A73I',
  '10Y1001A1001A67D',
  '10YCZ-CEPS-----N',
  '10YSK-SEPS-----K',
  '10YPL-AREA-----S',
  '10YFR-RTE------C',
  '10YBE----------2',
  '10YNL----------L',
  '10YES-REE------0',
  '10YPT-REN------W',
  '10YCH-SWISSGRIDZ',
  '10YDK-1--------W',
  '10YDK-2--------M',
  '10YNO-1--------2',
  '10YNO-2--------T',
  '10YNO-3--------J',
  '10YNO-4--------9',
  '10Y1001A1001A48H',
  '10Y1001A1001A44P',
  '10Y1001A1001A45N',
  '10Y1001A1001A46L',
  '10Y1001A1001A47J',
  '10YFI-1--------U',
  '10Y1001A1001A39I',
  '10YLV-1001A00074',
  '10YLT-1001A0008Q',
  '10YRO-TEL------P',
  '10YCA-BULGARIA-R',
  '10YGR-HTSO-----Y',
  '10YCS-SERBIATSOV',
  '10Y1001A1001A59C',
];

/** Zones with a second auction (EXAA, classificationSequence position 2), listed before SDAC as the real API does. */
const TWO_SEQUENCE_ZONES = new Set(['10YAT-APG------L', '10Y1001A1001A82H']);

/** What to start. */
export interface EntsoeEmulatorOptions {
  /** The one valid security token (default `emulator-token`). */
  token?: string;
  /** The emulator's clock (default the real one): decides which days are published (13:00 CET for tomorrow). */
  now?: () => Date;
  /** Requests allowed per token in a sliding minute before 429 (default 400, like the real platform). */
  rateLimitPerMinute?: number;
  /** Seconds the 429 answer asks the client to wait (Retry-After, default 1). */
  retryAfterSeconds?: number;
  /** Listening port (default 0: a free one). */
  port?: number;
}

/** A running ENTSO-E Transparency Platform emulator (GET /api, document type A44). */
export interface EntsoeEmulator {
  /** The base URL to configure as ENTSOE_API_URL (`http://127.0.0.1:<port>/api`). */
  url: string;
  token: string;
  /** Requests answered so far (tests count retries). */
  requests: number;
  close(): Promise<void>;
}

/** `YYYYMMDDHHMM` (UTC) → ms, or undefined. */
function parseStamp(text: string | null): number | undefined {
  const m = text ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text) : null;
  if (!m) return undefined;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  return Number.isNaN(ms) ? undefined : ms;
}

/** ENTSO-E's interval stamps: `2025-09-30T22:00Z`. */
function isoMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16)}Z`;
}

function isoSecond(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** The instant the day-ahead prices of `date` are published: 13:00 CET of the day before. */
export function entsoePublicationMs(date: string): number {
  return localMidnightMs(addDays(date, -1), MARKET_TIME_ZONE) + 13 * 3_600_000;
}

/** The A44 prices of one zone's market day as the emulator publishes them (sequence 1 = SDAC; 2 = EXAA). */
export function entsoeDayPrices(
  zone: string,
  date: string,
  sequence = 1,
): { startMs: number; price: number }[] {
  const start = localMidnightMs(date, MARKET_TIME_ZONE);
  const end = localMidnightMs(addDays(date, 1), MARKET_TIME_ZONE);
  const prices = quarterHourPrices(zone, start, end, MARKET_TIME_ZONE);
  // EXAA clears a little apart from SDAC.
  return sequence === 1
    ? prices
    : prices.map((p) => ({ ...p, price: Math.round((p.price + 1.37) * 100) / 100 }));
}

function timeSeriesXml(zone: string, date: string, mRID: number, sequence: number | null): string {
  const prices = entsoeDayPrices(zone, date, sequence ?? 1);
  const start = prices[0]?.startMs ?? 0;
  const end = start + prices.length * 900_000;
  // Curve A03: a position whose price equals the previous one is left out.
  const points = prices
    .map((p, i) =>
      i > 0 && prices[i - 1]?.price === p.price
        ? ''
        : `\n\t\t\t<Point>\n\t\t\t\t<position>${i + 1}</position>\n\t\t\t\t<price.amount>${p.price}</price.amount>\n\t\t\t</Point>`,
    )
    .join('');
  return `
\t<TimeSeries>
\t\t<mRID>${mRID}</mRID>
\t\t<auction.type>A01</auction.type>
\t\t<businessType>A62</businessType>
\t\t<in_Domain.mRID codingScheme="A01">${zone}</in_Domain.mRID>
\t\t<out_Domain.mRID codingScheme="A01">${zone}</out_Domain.mRID>
\t\t<contract_MarketAgreement.type>A01</contract_MarketAgreement.type>
\t\t<currency_Unit.name>EUR</currency_Unit.name>
\t\t<price_Measure_Unit.name>MWH</price_Measure_Unit.name>${
    sequence === null
      ? ''
      : `\n\t\t<classificationSequence_AttributeInstanceComponent.position>${sequence}</classificationSequence_AttributeInstanceComponent.position>`
  }
\t\t<curveType>A03</curveType>
\t\t<Period>
\t\t\t<timeInterval>
\t\t\t\t<start>${isoMinute(start)}</start>
\t\t\t\t<end>${isoMinute(end)}</end>
\t\t\t</timeInterval>
\t\t\t<resolution>PT15M</resolution>${points}
\t\t</Period>
\t</TimeSeries>`;
}

function publicationXml(zone: string, dates: string[], nowMs: number): string {
  const start = localMidnightMs(dates[0] as string, MARKET_TIME_ZONE);
  const end = localMidnightMs(addDays(dates.at(-1) as string, 1), MARKET_TIME_ZONE);
  let mRID = 0;
  const series = dates
    .map((date) =>
      TWO_SEQUENCE_ZONES.has(zone)
        ? timeSeriesXml(zone, date, ++mRID, 2) + timeSeriesXml(zone, date, ++mRID, 1)
        : timeSeriesXml(zone, date, ++mRID, null),
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>
<Publication_MarketDocument xmlns="${ENTSOE_PUBLICATION_NS}">
\t<mRID>${randomUUID().replace(/-/g, '').slice(0, 32)}</mRID>
\t<revisionNumber>1</revisionNumber>
\t<type>A44</type>
\t<sender_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</sender_MarketParticipant.mRID>
\t<sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>
\t<receiver_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</receiver_MarketParticipant.mRID>
\t<receiver_MarketParticipant.marketRole.type>A33</receiver_MarketParticipant.marketRole.type>
\t<createdDateTime>${isoSecond(nowMs)}</createdDateTime>
\t<period.timeInterval>
\t\t<start>${isoMinute(start)}</start>
\t\t<end>${isoMinute(end)}</end>
\t</period.timeInterval>${series}
</Publication_MarketDocument>
`;
}

function acknowledgementXml(text: string, nowMs: number): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<Acknowledgement_MarketDocument xmlns="${ENTSOE_ACKNOWLEDGEMENT_NS}">
\t<mRID>${randomUUID()}</mRID>
\t<createdDateTime>${isoSecond(nowMs)}</createdDateTime>
\t<sender_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</sender_MarketParticipant.mRID>
\t<sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>
\t<receiver_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</receiver_MarketParticipant.mRID>
\t<receiver_MarketParticipant.marketRole.type>A39</receiver_MarketParticipant.marketRole.type>
\t<received_MarketDocument.createdDateTime>${isoSecond(nowMs)}</received_MarketDocument.createdDateTime>
\t<Reason>
\t\t<code>999</code>
\t\t<text>${text}</text>
\t</Reason>
</Acknowledgement_MarketDocument>
`;
}

/**
 * Starts an emulated ENTSO-E Transparency Platform RESTful API: `GET /api?securityToken&documentType=A44&in_Domain&
 * out_Domain&periodStart&periodEnd` answers day-ahead prices (PT15M, curve A03) of the market days the period
 * touches that are published by the emulator's clock; days not yet published and unknown zones answer the "No
 * matching data found" acknowledgement (reason 999); a wrong token 401; too many requests 429 with Retry-After.
 */
export async function startEntsoeEmulator(
  options: EntsoeEmulatorOptions = {},
): Promise<EntsoeEmulator> {
  const token = options.token ?? 'emulator-token';
  const now = options.now ?? (() => new Date());
  const limit = options.rateLimitPerMinute ?? 400;
  const recent: number[] = [];

  function answer(res: ServerResponse, status: number, body: string, type = 'application/xml') {
    res.writeHead(status, { 'content-type': `${type}; charset=utf-8` });
    res.end(body);
  }

  function handle(req: IncomingMessage, res: ServerResponse) {
    emulator.requests++;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/api') {
      answer(res, 404, 'Not Found', 'text/plain');
      return;
    }
    const q = url.searchParams;
    if (q.get('securityToken') !== token) {
      answer(res, 401, '<html><body><h1>401 Unauthorized</h1></body></html>', 'text/html');
      return;
    }
    const nowMs = now().getTime();
    const wall = Date.now();
    while (recent.length > 0 && (recent[0] as number) <= wall - 60_000) recent.shift();
    if (recent.length >= limit) {
      res.writeHead(429, {
        'content-type': 'text/plain; charset=utf-8',
        'retry-after': String(options.retryAfterSeconds ?? 1),
      });
      res.end('Too many requests');
      return;
    }
    recent.push(wall);
    const zone = q.get('in_Domain') ?? '';
    const from = parseStamp(q.get('periodStart'));
    const to = parseStamp(q.get('periodEnd'));
    if (q.get('documentType') !== 'A44' || from === undefined || to === undefined || to <= from) {
      answer(
        res,
        400,
        acknowledgementXml('The combination of request parameters is not valid.', nowMs),
      );
      return;
    }
    const noData = () =>
      answer(
        res,
        200,
        acknowledgementXml(
          `No matching data found for Data item Day-ahead Prices [12.1.D] (${zone}, ${q.get('out_Domain') ?? ''}) and interval ${new Date(from).toISOString()}/${new Date(to).toISOString()}.`,
          nowMs,
        ),
      );
    if (!ENTSOE_EMULATOR_ZONES.includes(zone) || q.get('out_Domain') !== zone) {
      noData();
      return;
    }
    const dates: string[] = [];
    for (let date = wallClock(from, MARKET_TIME_ZONE).date; ; date = addDays(date, 1)) {
      const start = localMidnightMs(date, MARKET_TIME_ZONE);
      if (start >= to || dates.length > 366) break;
      if (entsoePublicationMs(date) <= nowMs) dates.push(date);
    }
    if (dates.length === 0) {
      noData();
      return;
    }
    answer(res, 200, publicationXml(zone, dates, nowMs));
  }

  const server: Server = createServer(handle);
  const { port, close } = await listenOnLoopback(server, options.port);
  const emulator: EntsoeEmulator = {
    url: `http://127.0.0.1:${port}/api`,
    token,
    requests: 0,
    close,
  };
  return emulator;
}
