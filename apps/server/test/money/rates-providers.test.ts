import { createServer } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATES_URLS, loadConfig } from '../../src/config.js';
import { crossRate, legsFor } from '../../src/modules/money/rates.service.js';
import {
  boiRatesUrl,
  createBoiProvider,
  createEcbProvider,
  createRatesProvider,
  divideDecimal,
  normalizeDecimal,
  parseBoiSdmx,
  parseEcbXml,
  RatesProviderError,
  shiftDecimal,
} from '../../src/providers/rates/index.js';
import { fetchText } from '../../src/providers/rates/http.js';
import { boiXml, ecbXml, FAKE_BOI_DAYS, FAKE_ECB_DAYS, startFakeRates, type FakeRates } from '../helpers/fake-rates.js';
import { listenLocally } from '../helpers/fake-server.js';

/** The reference rates' parsers, exact arithmetic and providers (issue 35 point 2): no database. */

const ECB_DAILY = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2027-03-10'>
			<Cube currency='USD' rate='1.0832'/>
			<Cube currency='JPY' rate='161.25'/>
			<Cube currency='ISK' rate='150.10'/>
			<Cube currency='IDR' rate='17405.32'/>
			<Cube currency='ILS' rate='3.9512'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`;

describe('the ECB reference rates file', () => {
  it('reads the daily file: base EUR, rates as published', () => {
    expect(parseEcbXml(ECB_DAILY)).toEqual([
      {
        day: '2027-03-10',
        base: 'EUR',
        rates: { USD: '1.0832', JPY: '161.25', ISK: '150.10', IDR: '17405.32', ILS: '3.9512' },
      },
    ]);
  });

  it('reads the historical files, newest first, with double quotes and attributes in any order', () => {
    const days = parseEcbXml(ecbXml(FAKE_ECB_DAYS));
    expect(days.map((d) => d.day)).toEqual(['2027-03-15', '2027-03-12', '2027-03-11', '2027-03-10', '2027-03-09', '2027-03-08']);
    expect(days[3]).toEqual({ day: '2027-03-10', base: 'EUR', rates: FAKE_ECB_DAYS['2027-03-10'] });
    const swapped = '<Envelope><Cube><Cube time="2027-01-04"><Cube rate="1.03" currency="USD" /></Cube></Cube></Envelope>';
    expect(parseEcbXml(swapped)).toEqual([{ day: '2027-01-04', base: 'EUR', rates: { USD: '1.03' } }]);
  });

  it('skips a malformed currency or rate, and a day left without rates', () => {
    const xml = ecbXml({
      '2027-03-10': { USD: '1.0832', usd: '1', XX: '2', GBP: '-0.8', CHF: '0.9e1', SEK: '0', NOK: '11.6' },
      '2027-03-09': { JPY: 'NaN' },
    });
    expect(parseEcbXml(xml)).toEqual([{ day: '2027-03-10', base: 'EUR', rates: { USD: '1.0832', NOK: '11.6' } }]);
  });

  it('refuses what is not a whole file: an error page, a file cut off, a file without days, a bad day', () => {
    expect(() => parseEcbXml('<html><body>Service unavailable</body></html>')).toThrow(RatesProviderError);
    expect(() => parseEcbXml(ECB_DAILY.slice(0, ECB_DAILY.length - 60))).toThrow(/not a whole/);
    expect(() => parseEcbXml('<gesmes:Envelope><Cube></Cube></gesmes:Envelope>')).toThrow(/no rates/);
    expect(() => parseEcbXml(ecbXml({ '2027-02-30': { USD: '1' } }))).toThrow(/bad day/);
    expect(() => parseEcbXml('')).toThrow(RatesProviderError);
  });

  it('is bounded: a file longer than the limit is refused before it is read', () => {
    const days: Record<string, Record<string, string>> = {};
    for (let i = 0; i < 3000; i++) days[new Date(Date.UTC(2010, 0, 1 + i)).toISOString().slice(0, 10)] = { USD: '1.1', ILS: '4.1' };
    const huge = ecbXml(days);
    expect(huge.length).toBeGreaterThan(200_000);
    expect(() => parseEcbXml(huge, 100_000)).toThrow(/longer than 100000/);
    // Within its limit the same file is read whole, quickly.
    const started = performance.now();
    expect(parseEcbXml(huge, 1_000_000)).toHaveLength(3000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('the Bank of Israel SDMX answer', () => {
  // As the SDMX API answers (SDMX-ML 2.1 structure-specific data), trimmed to four series.
  const answer =
    '<?xml version="1.0" encoding="UTF-8"?><message:StructureSpecificData xmlns:ss="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/data/structurespecific" xmlns:message="http://www.sdmx.org/resources/sdmxml/schemas/v2_1/message"><message:Header><message:ID>IDREF1</message:ID></message:Header><message:DataSet ss:dataScope="DataStructure" ss:structureRef="BOI.STATISTICS_EXR_1_0">' +
    '<Series SERIES_CODE="RER_USD_ILS" FREQ="D" BASE_CURRENCY="USD" COUNTER_CURRENCY="ILS" UNIT_MEASURE="ILS" DATA_TYPE="OF00" UNIT_MULT="0"><Obs TIME_PERIOD="2023-01-04" OBS_VALUE="3.512"></Obs><Obs TIME_PERIOD="2023-01-05" OBS_VALUE="3.529"></Obs></Series>' +
    '<Series SERIES_CODE="RER_JPY_ILS" FREQ="D" BASE_CURRENCY="JPY" COUNTER_CURRENCY="ILS" UNIT_MEASURE="ILS" DATA_TYPE="OF00" UNIT_MULT="2"><Obs TIME_PERIOD="2023-01-05" OBS_VALUE="2.6603"/></Series>' +
    '<Series SERIES_CODE="RER_LBP_ILS" FREQ="D" BASE_CURRENCY="LBP" COUNTER_CURRENCY="ILS" UNIT_MEASURE="ILS" DATA_TYPE="OF00" UNIT_MULT="1"><Obs TIME_PERIOD="2023-01-05" OBS_VALUE="0.0233"></Obs></Series>' +
    '<Series SERIES_CODE="NER_ILS_BSK_IDX" FREQ="D" BASE_CURRENCY="BSK" COUNTER_CURRENCY="IDX" UNIT_MULT="0"><Obs TIME_PERIOD="2023-01-05" OBS_VALUE="99.1"></Obs></Series>' +
    '<Series SERIES_CODE="RER_CHF_ILS" FREQ="D" BASE_CURRENCY="CHF" COUNTER_CURRENCY="ILS" DATA_TYPE="XX01" UNIT_MULT="0"><Obs TIME_PERIOD="2023-01-05" OBS_VALUE="3.8"></Obs></Series>' +
    '</message:DataSet></message:StructureSpecificData>';

  it('reads each currency in shekels for one unit: per 100 yen and per 10 Lebanese pounds brought to one', () => {
    expect(parseBoiSdmx(answer)).toEqual([
      { day: '2023-01-05', base: 'JPY', rates: { ILS: '0.026603' } },
      { day: '2023-01-05', base: 'LBP', rates: { ILS: '0.00233' } },
      { day: '2023-01-05', base: 'USD', rates: { ILS: '3.529' } },
      { day: '2023-01-04', base: 'USD', rates: { ILS: '3.512' } },
    ]);
  });

  it('skips observations without a day or a positive value; refuses what is not a whole message', () => {
    const odd = boiXml({ '2023-01-05': { USD: { value: 'NaN', mult: 0 }, EUR: { value: '3.74', mult: 0 } } });
    expect(parseBoiSdmx(odd)).toEqual([{ day: '2023-01-05', base: 'EUR', rates: { ILS: '3.74' } }]);
    expect(parseBoiSdmx(boiXml({}))).toEqual([]);
    expect(() => parseBoiSdmx('NoRecordsFound')).toThrow(RatesProviderError);
    expect(() => parseBoiSdmx(answer.slice(0, -20))).toThrow(/not a whole/);
    expect(() => parseBoiSdmx(answer, 100)).toThrow(/longer than 100/);
  });

  it('asks for every published currency within the days, in the SDMX REST v2 syntax', () => {
    const url = boiRatesUrl('https://edge.boi.gov.il/FusionEdgeServer/sdmx/v2', '2027-03-06', '2027-03-13');
    expect(url).toMatch(/^https:\/\/edge\.boi\.gov\.il\/FusionEdgeServer\/sdmx\/v2\/data\/dataflow\/BOI\.STATISTICS\/EXR\/1\.0\//);
    expect(url).toContain('RER_USD_ILS.D.USD.ILS.ILS.OF00,RER_EUR_ILS.D.EUR.ILS.ILS.OF00');
    expect(url).toMatch(/\?c%5BTIME_PERIOD%5D=ge:2027-03-06\+le:2027-03-13$/);
  });
});

describe('exact decimals', () => {
  it('moves the point and writes the shortest form', () => {
    expect(shiftDecimal('2.6603', 2)).toBe('0.026603');
    expect(shiftDecimal('0.0233', 1)).toBe('0.00233');
    expect(shiftDecimal('3.529', 0)).toBe('3.529');
    expect(shiftDecimal('150', 2)).toBe('1.5');
    expect(normalizeDecimal('3.6350')).toBe('3.635');
    expect(normalizeDecimal('1.0')).toBe('1');
    expect(() => shiftDecimal('1e3', 0)).toThrow(RangeError);
  });

  it('divides exactly to 10 decimals, rounding half to even', () => {
    expect(divideDecimal('3.9512', '1.0832')).toBe('3.6477104874');
    expect(divideDecimal('1.0832', '1')).toBe('1.0832');
    expect(divideDecimal('1', '3')).toBe('0.3333333333');
    expect(divideDecimal('2', '3')).toBe('0.6666666667');
    expect(divideDecimal('1', '8', 2)).toBe('0.12'); // 0.125: the tie goes to the even 2
    expect(divideDecimal('3', '8', 2)).toBe('0.38'); // 0.375: to the even 8
    expect(divideDecimal('1', '16', 3)).toBe('0.062'); // 0.0625
    expect(divideDecimal('0.1', '0.3')).toBe('0.3333333333');
    expect(divideDecimal('17405.32', '0.0001')).toBe('174053200');
    expect(() => divideDecimal('1', '0')).toThrow(/zero/);
  });

  it('derives cross rates through the source base', () => {
    // ECB: one euro is 1.0832 USD and 3.9512 ILS, so one dollar is 3.9512 / 1.0832 shekels.
    const ecb = [
      { base: 'EUR', quote: 'USD', rate: '1.0832' },
      { base: 'EUR', quote: 'ILS', rate: '3.9512' },
    ];
    expect(legsFor('ecb', 'USD', 'ILS')).toEqual([
      { base: 'EUR', quote: 'USD' },
      { base: 'EUR', quote: 'ILS' },
    ]);
    expect(crossRate('ecb', 'USD', 'ILS', ecb)).toBe('3.6477104874');
    expect(crossRate('ecb', 'ILS', 'USD', ecb)).toBe('0.2741445637');
    expect(crossRate('ecb', 'EUR', 'ILS', ecb)).toBe('3.9512');
    expect(crossRate('ecb', 'USD', 'EUR', ecb)).toBe('0.9231905465');
    // Bank of Israel: shekels for one unit, so EUR->USD = EUR->ILS / USD->ILS.
    const boi = [
      { base: 'EUR', quote: 'ILS', rate: '3.956' },
      { base: 'USD', quote: 'ILS', rate: '3.652' },
      { base: 'JPY', quote: 'ILS', rate: '0.02265' },
    ];
    expect(legsFor('boi', 'EUR', 'ILS')).toEqual([{ base: 'EUR', quote: 'ILS' }]);
    expect(crossRate('boi', 'USD', 'ILS', boi)).toBe('3.652');
    expect(crossRate('boi', 'EUR', 'USD', boi)).toBe('1.0832420591');
    expect(crossRate('boi', 'ILS', 'JPY', boi)).toBe('44.1501103753');
    expect(() => crossRate('boi', 'GBP', 'ILS', boi)).toThrow(/no GBP->ILS/);
  });
});

describe('the providers against a local server speaking their formats', () => {
  let fake: FakeRates;
  beforeAll(async () => {
    fake = await startFakeRates();
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    fake.today = null;
  });
  const at = (iso: string) => () => new Date(iso);

  it('ECB: the daily file for today, the 90 days for a recent day, the history (31 days either side) for an old one', async () => {
    const ecb = (now: string) => createEcbProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000, now: at(now) });
    fake.today = '2027-03-12';
    expect(await ecb('2027-03-12T18:00:00Z').fetchDay('2027-03-12')).toEqual([
      { day: '2027-03-12', base: 'EUR', rates: FAKE_ECB_DAYS['2027-03-12'] },
    ]);
    expect((await ecb('2027-03-15T10:00:00Z').fetchDay('2027-03-13')).map((d) => d.day)).toHaveLength(6);
    expect((await ecb('2027-09-01T10:00:00Z').fetchDay('2027-02-20')).map((d) => d.day)).toEqual([
      '2027-03-15',
      '2027-03-12',
      '2027-03-11',
      '2027-03-10',
      '2027-03-09',
      '2027-03-08',
    ]);
    expect(await ecb('2027-09-01T10:00:00Z').fetchDay('2027-05-20')).toEqual([]);
    expect(fake.requests).toEqual([
      '/eurofxref-daily.xml',
      '/eurofxref-hist-90d.xml',
      '/eurofxref-hist.xml',
      '/eurofxref-hist.xml',
    ]);
  });

  it('Bank of Israel: the week up to the day; no day after it', async () => {
    const boi = createBoiProvider({ baseUrl: fake.baseUrl, timeoutMs: 2000 });
    const days = await boi.fetchDay('2027-03-13');
    expect(days).toContainEqual({ day: '2027-03-12', base: 'JPY', rates: { ILS: '0.022603' } });
    expect(days).toContainEqual({ day: '2027-03-10', base: 'USD', rates: { ILS: '3.652' } });
    expect(days.every((d) => d.day <= '2027-03-13')).toBe(true);
    expect(fake.requests[0]).toContain('ge:2027-03-06+le:2027-03-13');
    expect((await boi.fetchDay('2027-03-11')).map((d) => d.day)).not.toContain('2027-03-12');
    expect(Object.keys(FAKE_BOI_DAYS)).toHaveLength(2);
  });

  it('an error answer, a page that is not the format, no answer in time: RatesProviderError', async () => {
    const ecb = createEcbProvider({ baseUrl: fake.baseUrl, timeoutMs: 300, now: at('2027-03-15T10:00:00Z') });
    const boi = createBoiProvider({ baseUrl: fake.baseUrl, timeoutMs: 300 });
    for (const mode of ['error', 'garbage', 'hang'] as const) {
      fake.mode = mode;
      await expect(ecb.fetchDay('2027-03-10')).rejects.toThrow(RatesProviderError);
      await expect(boi.fetchDay('2027-03-10')).rejects.toThrow(RatesProviderError);
    }
    fake.mode = 'hang';
    await expect(ecb.fetchDay('2027-03-10')).rejects.toThrow(/no answer within 300 ms/);
    fake.mode = 'ok';
    await expect(boi.fetchDay('2020-01-10')).rejects.toThrow(/answer 404/);
  });

  it('reads no more of an answer than its bound, declared or not', async () => {
    const server = createServer((req, res) => {
      if (req.url === '/declared') return res.writeHead(200, { 'content-length': String(10_000_000) }).end();
      // Endless: chunks until the client goes away.
      res.writeHead(200, { 'content-type': 'application/xml' });
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const write = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', write);
      };
      write();
    });
    const big = await listenLocally(server);
    try {
      const opts = { timeoutMs: 5000, maxBytes: 1024 * 1024, accept: 'application/xml' };
      await expect(fetchText('ecb', `${big.baseUrl}/endless`, opts)).rejects.toThrow(/longer than 1048576 bytes/);
      await expect(fetchText('ecb', `${big.baseUrl}/declared`, opts)).rejects.toThrow(/10000000 bytes/);
    } finally {
      await big.close();
    }
  });
});

describe('the settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/rides-rates-config' };

  it('ECB by default at its own address, 3 s', () => {
    expect(loadConfig(base).rates).toEqual({ provider: 'ecb', baseUrl: DEFAULT_RATES_URLS.ecb, timeoutMs: 3000 });
    expect(loadConfig({ ...base, RATES_PROVIDER: 'boi' }).rates.baseUrl).toBe(DEFAULT_RATES_URLS.boi);
    expect(loadConfig({ ...base, RATES_PROVIDER: 'none' }).rates.provider).toBeNull();
    expect(createRatesProvider(loadConfig({ ...base, RATES_PROVIDER: 'none' }).rates)).toBeNull();
    expect(createRatesProvider(loadConfig({ ...base, RATES_PROVIDER: 'boi' }).rates)?.source).toBe('boi');
  });

  it('RATES_URL overrides the address (http or https only); the time-out is bounded', () => {
    const config = loadConfig({ ...base, RATES_URL: 'http://127.0.0.1:9999/mirror/', RATES_TIMEOUT_MS: '500' });
    expect(config.rates).toEqual({ provider: 'ecb', baseUrl: 'http://127.0.0.1:9999/mirror', timeoutMs: 500 });
    expect(() => loadConfig({ ...base, RATES_URL: 'ftp://mirror.example/rates' })).toThrow(/RATES_URL/);
    expect(() => loadConfig({ ...base, RATES_URL: 'not a url' })).toThrow(/RATES_URL/);
    expect(() => loadConfig({ ...base, RATES_PROVIDER: 'fixer' })).toThrow(/RATES_PROVIDER/);
    expect(() => loadConfig({ ...base, RATES_TIMEOUT_MS: '10' })).toThrow(/RATES_TIMEOUT_MS/);
  });
});
