import { createBoiProvider } from './boi.js';
import { createEcbProvider } from './ecb.js';
import type { RatesConfig, RatesProvider } from './types.js';

export { BOI_CURRENCIES, BOI_QUOTE, boiRatesUrl, createBoiProvider, parseBoiSdmx } from './boi.js';
export { divideDecimal, normalizeDecimal, shiftDecimal } from './decimal.js';
export { ECB_BASE, createEcbProvider, parseEcbXml } from './ecb.js';
export * from './types.js';

/** The configured provider (RATES_PROVIDER, RATES_URL, RATES_TIMEOUT_MS), or null for `none`. */
export function createRatesProvider(config: RatesConfig, opts: { now?: () => Date } = {}): RatesProvider | null {
  switch (config.provider) {
    case 'ecb':
      return createEcbProvider({ baseUrl: config.baseUrl, timeoutMs: config.timeoutMs, ...opts });
    case 'boi':
      return createBoiProvider({ baseUrl: config.baseUrl, timeoutMs: config.timeoutMs });
    case null:
      return null;
  }
}
