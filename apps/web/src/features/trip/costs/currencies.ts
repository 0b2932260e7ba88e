/** The currencies offered first (a trip's home currency and an expense's own always join them). */
const CURRENCIES = [
  'ILS',
  'USD',
  'EUR',
  'GBP',
  'CHF',
  'JPY',
  'THB',
  'TRY',
  'GEL',
  'CZK',
  'HUF',
  'PLN',
  'AED',
  'JOD',
  'EGP',
  'INR',
  'CAD',
  'AUD',
];

/** The currencies to choose from: the given ones (a home currency, an expense's) first, then the usual ones. */
export const currenciesFor = (...first: string[]): string[] => [...new Set([...first, ...CURRENCIES])];
