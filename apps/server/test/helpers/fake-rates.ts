import { createServer, type Server } from 'node:http';
import { listenLocally } from './fake-server.js';

/**
 * A local server speaking both reference rates formats, so the real providers run in the tests:
 *  - the European Central Bank's files (GET /eurofxref-daily.xml, /eurofxref-hist-90d.xml, /eurofxref-hist.xml: a
 *    gesmes:Envelope of Cube elements, single-quoted as the ECB writes them); the daily file is the newest day up to
 *    `today` (default: the newest it has);
 *  - the Bank of Israel's SDMX API (GET /data/dataflow/BOI.STATISTICS/EXR/1.0/<keys>?c[TIME_PERIOD]=ge:<day>+le:<day>:
 *    SDMX-ML 2.1 structure-specific data of the asked currencies' RER_<CCY>_ILS series within the days).
 * `mode` says how it answers: ok, error (500), hang (never), garbage (200 with an HTML page); `delayMs` holds each
 * answer (for calls that overlap). Every request's path is kept.
 */
export type FakeRatesMode = 'ok' | 'error' | 'hang' | 'garbage';

/** One euro in each currency, by day. */
export type EcbDays = Record<string, Record<string, string>>;
/** Shekels for 10^mult units of each currency, by day. */
export type BoiDays = Record<string, Record<string, { value: string; mult: number }>>;

export interface FakeRates {
  baseUrl: string;
  mode: FakeRatesMode;
  delayMs: number;
  ecb: EcbDays;
  boi: BoiDays;
  today: string | null;
  requests: string[];
  close(): Promise<void>;
}

/** Monday 2027-03-08 to Friday 2027-03-12 (no weekend), and Monday 2027-03-15. */
export const FAKE_ECB_DAYS: EcbDays = {
  '2027-03-08': { USD: '1.0790', JPY: '160.12', GBP: '0.8431', ILS: '3.9400' },
  '2027-03-09': { USD: '1.0801', JPY: '160.50', GBP: '0.8440', ILS: '3.9450' },
  '2027-03-10': { USD: '1.0832', JPY: '161.25', GBP: '0.8450', ILS: '3.9512' },
  '2027-03-11': { USD: '1.0840', JPY: '161.40', GBP: '0.8455', ILS: '3.9550' },
  '2027-03-12': { USD: '1.0850', JPY: '161.80', GBP: '0.8460', ILS: '3.9600' },
  '2027-03-15': { USD: '1.0860', JPY: '162.00', GBP: '0.8470', ILS: '3.9700' },
};

export const FAKE_BOI_DAYS: BoiDays = {
  '2027-03-10': {
    USD: { value: '3.652', mult: 0 },
    EUR: { value: '3.9560', mult: 0 },
    JPY: { value: '2.2650', mult: 2 },
    LBP: { value: '0.0233', mult: 1 },
  },
  '2027-03-12': {
    USD: { value: '3.660', mult: 0 },
    EUR: { value: '3.9700', mult: 0 },
    JPY: { value: '2.2603', mult: 2 },
    LBP: { value: '0.0234', mult: 1 },
  },
};

export function ecbXml(days: EcbDays): string {
  const cubes = Object.keys(days)
    .sort()
    .reverse()
    .map(
      (day) =>
        `\t\t<Cube time='${day}'>\n` +
        Object.entries(days[day] ?? {})
          .map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>\n`)
          .join('') +
        '\t\t</Cube>\n',
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">\n' +
    '\t<gesmes:subject>Reference rates</gesmes:subject>\n' +
    '\t<gesmes:Sender>\n\t\t<gesmes:name>European Central Bank</gesmes:name>\n\t</gesmes:Sender>\n' +
    `\t<Cube>\n${cubes}\t</Cube>\n</gesmes:Envelope>\n`
  );
}

export function boiXml(days: BoiDays, currencies?: readonly string[]): string {
  const all = [...new Set(Object.values(days).flatMap((d) => Object.keys(d)))].filter(
    (c) => !currencies || currencies.includes(c),
  );
  const series = all
    .map((c) => {
      const obs = Object.keys(days)
        .sort()
        .filter((day) => days[day]?.[c])
        .map((day) => `<Obs TIME_PERIOD="${day}" OBS_VALUE="${days[day]?.[c]?.value}"></Obs>`);
      if (obs.length === 0) return '';
      const mult = Object.values(days).find((d) => d[c])?.[c]?.mult ?? 0;
      return (
        `<Series SERIES_CODE="RER_${c}_ILS" FREQ="D" BASE_CURRENCY="${c}" COUNTER_CURRENCY="ILS" UNIT_MEASURE="ILS" ` +
        `DATA_TYPE="OF00" TIME_COLLECT="V" DATA_SOURCE="BOI_MRKT" UNIT_MULT="${mult}" CONF_STATUS="F" PUB_WEBSITE="Y">` +
        `${obs.join('')}</Series>`
      );
    })
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?><message:StructureSpecificData ' +
    'xmlns:message="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message" ' +
    'xmlns:ss="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/structurespecific">' +
    '<message:Header><message:ID>IDREF-fake</message:ID><message:Test>false</message:Test></message:Header>' +
    `<message:DataSet ss:structureRef="BOI.STATISTICS_EXR_1_0">${series}</message:DataSet></message:StructureSpecificData>`
  );
}

const BOI_PATH = /^\/data\/dataflow\/BOI\.STATISTICS\/EXR\/1\.0\/([^?]+)\?c%5BTIME_PERIOD%5D=ge:(\d{4}-\d{2}-\d{2})\+le:(\d{4}-\d{2}-\d{2})$/;

export async function startFakeRates(): Promise<FakeRates> {
  const fake = {
    mode: 'ok' as FakeRatesMode,
    delayMs: 0,
    ecb: FAKE_ECB_DAYS,
    boi: FAKE_BOI_DAYS,
    today: null as string | null,
    requests: [] as string[],
  };
  const server: Server = createServer((req, res) => {
    const url = req.url ?? '/';
    fake.requests.push(url);
    const send = () => {
      if (fake.mode === 'hang') return;
      if (fake.mode === 'error') return res.writeHead(500, { 'content-type': 'text/plain' }).end('overloaded');
      if (fake.mode === 'garbage') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      const xml = (body: string) => res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
      if (url === '/eurofxref-daily.xml') {
        const newest = Object.keys(fake.ecb)
          .filter((d) => !fake.today || d <= fake.today)
          .sort()
          .at(-1);
        return xml(ecbXml(newest ? { [newest]: fake.ecb[newest] ?? {} } : {}));
      }
      if (url === '/eurofxref-hist-90d.xml' || url === '/eurofxref-hist.xml') return xml(ecbXml(fake.ecb));
      const boi = BOI_PATH.exec(url);
      if (boi) {
        const [, keys, from, to] = boi as unknown as [string, string, string, string];
        const currencies = keys.split(',').map((k) => k.split('.')[0]?.replace(/^RER_|_ILS$/g, '') ?? '');
        const inWindow = Object.fromEntries(Object.entries(fake.boi).filter(([d]) => d >= from && d <= to));
        if (Object.keys(inWindow).length === 0) return res.writeHead(404).end('NoRecordsFound');
        return xml(boiXml(inWindow, currencies));
      }
      res.writeHead(404).end();
    };
    if (fake.delayMs > 0) setTimeout(send, fake.delayMs);
    else send();
  });
  const { baseUrl, close } = await listenLocally(server);
  return Object.assign(fake, { baseUrl, close }) as FakeRates;
}
