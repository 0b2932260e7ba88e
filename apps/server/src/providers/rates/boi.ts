import { PLAIN_DECIMAL, shiftDecimal } from './decimal.js';
import { fetchText } from './http.js';
import { addDays, isDay, RatesProviderError, type Day, type DayRates, type RatesProvider } from './types.js';
import { attributes } from './xml.js';

/**
 * The Bank of Israel's representative exchange rates through its SDMX REST API (the "series database",
 * https://edge.boi.gov.il/FusionEdgeServer/sdmx/v2): the dataflow BOI.STATISTICS/EXR/1.0, one series a currency
 * (SERIES_CODE RER_<CCY>_ILS, FREQ D, BASE_CURRENCY the currency, COUNTER_CURRENCY ILS, DATA_TYPE OF00: the official
 * representative rate), answered as SDMX-ML 2.1 structure-specific data (the API's XML):
 *
 *   <message:StructureSpecificData ...><message:DataSet ...>
 *     <Series SERIES_CODE="RER_JPY_ILS" FREQ="D" BASE_CURRENCY="JPY" COUNTER_CURRENCY="ILS" UNIT_MULT="2" ...>
 *       <Obs TIME_PERIOD="2023-01-05" OBS_VALUE="2.6603"></Obs>
 *     </Series>...
 *   </message:DataSet></message:StructureSpecificData>
 *
 * OBS_VALUE is shekels for 10^UNIT_MULT units of the currency (UNIT_MULT 2 for JPY: per 100 yen; 1 for LBP: per 10),
 * brought here to one unit by moving the decimal point ("2.6603" per 100 -> "0.026603"). Published on Israeli business
 * days around 15:30 Israel time.
 */
export const BOI_QUOTE = 'ILS';

/** The currencies the Bank of Israel publishes a representative rate of. */
export const BOI_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'JPY', 'CHF', 'AUD', 'CAD', 'DKK', 'NOK', 'SEK', 'ZAR', 'JOD', 'LBP', 'EGP',
] as const;

/** The most characters read of an answer (eight days of 14 series are about 10 KB). */
export const BOI_MAX_BYTES = 1024 * 1024;

/** The days asked for before the day: the nearest earlier published day is among them (holidays run up to a week). */
export const BOI_LOOKBACK_DAYS = 7;

const SERIES = /<Series\b([^>]*?)(?:\/>|>([\s\S]*?)<\/Series>)/g;
const OBS = /<Obs\b([^>]*?)\/?>/g;
const CURRENCY = /^[A-Z]{3}$/;

/**
 * The representative rates of an SDMX-ML answer: one entry a (day, currency), base the currency, `{ ILS: rate }` per one
 * unit of it, newest first. Series of anything but a currency in shekels (or of another data type than OF00) are
 * ignored, as are observations without a real day or a positive decimal value; a text that is not a whole
 * structure-specific data message, or longer than `maxChars`, throws. A message without a series is no rates (`[]`).
 */
export function parseBoiSdmx(text: string, maxChars = BOI_MAX_BYTES): DayRates[] {
  if (text.length > maxChars) throw new RatesProviderError('boi', `answer longer than ${maxChars} characters`);
  if (!/<\/(?:[\w-]+:)?StructureSpecificData>\s*$/.test(text)) {
    throw new RatesProviderError('boi', 'not a whole SDMX structure-specific data message');
  }
  const out: DayRates[] = [];
  for (const series of text.matchAll(SERIES)) {
    const attrs = attributes(series[1] as string);
    const base = attrs.BASE_CURRENCY ?? '';
    const mult = attrs.UNIT_MULT ?? '0';
    if (!CURRENCY.test(base) || base === BOI_QUOTE || attrs.COUNTER_CURRENCY !== BOI_QUOTE) continue;
    if (attrs.DATA_TYPE !== undefined && attrs.DATA_TYPE !== 'OF00') continue;
    if (attrs.FREQ !== undefined && attrs.FREQ !== 'D') continue;
    if (!/^\d{1,2}$/.test(mult) || Number(mult) > 12) continue;
    for (const obs of (series[2] ?? '').matchAll(OBS)) {
      const o = attributes(obs[1] as string);
      const day = o.TIME_PERIOD ?? '';
      const value = o.OBS_VALUE ?? '';
      if (!isDay(day) || !PLAIN_DECIMAL.test(value) || !/[1-9]/.test(value)) continue;
      out.push({ day, base, rates: { [BOI_QUOTE]: shiftDecimal(value, Number(mult)) } });
    }
  }
  return out.sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : a.base < b.base ? -1 : 1));
}

export interface BoiOptions {
  /** The SDMX API's address (https://edge.boi.gov.il/FusionEdgeServer/sdmx/v2, or a mirror's), no trailing slash. */
  baseUrl: string;
  timeoutMs: number;
}

/** The address of the representative rates of every published currency from `from` to `to` (days, inclusive). */
export function boiRatesUrl(baseUrl: string, from: Day, to: Day): string {
  const keys = BOI_CURRENCIES.map((c) => `RER_${c}_ILS.D.${c}.ILS.ILS.OF00`).join(',');
  return `${baseUrl}/data/dataflow/BOI.STATISTICS/EXR/1.0/${keys}?c%5BTIME_PERIOD%5D=ge:${from}+le:${to}`;
}

/** Asks for the day and the week before it: the answer holds the day's rates, or the nearest earlier published. */
export function createBoiProvider(opts: BoiOptions): RatesProvider {
  return {
    source: 'boi',
    async fetchDay(day) {
      const text = await fetchText('boi', boiRatesUrl(opts.baseUrl, addDays(day, -BOI_LOOKBACK_DAYS), day), {
        timeoutMs: opts.timeoutMs,
        maxBytes: BOI_MAX_BYTES,
        accept: 'application/xml',
      });
      return parseBoiSdmx(text).filter((d) => d.day <= day);
    },
  };
}
