import type { PlaceLanguage } from '../types.js';

/**
 * Names of countries and of Israel's districts, for the secondary line of a suggestion ("מחוז הצפון, ישראל",
 * "Italy"). Country names come from the ICU data built into Node (Intl.DisplayNames): every ISO code in Hebrew and
 * English, with no data package to keep.
 */
const displayNames = {
  hebrew: new Intl.DisplayNames(['he'], { type: 'region', fallback: 'code' }),
  english: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }),
};

const countryCache = new Map<string, string>();

export function countryName(code: string, language: PlaceLanguage): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  const key = `${language}:${code}`;
  let name = countryCache.get(key);
  if (name === undefined) {
    name = displayNames[language].of(code) ?? code;
    countryCache.set(key, name);
  }
  return name;
}

/** GeoNames' first-level codes of Israel (IL.01 .. IL.06). */
const ISRAEL_DISTRICTS: Record<string, { hebrew: string; english: string }> = {
  '01': { hebrew: 'מחוז הדרום', english: 'Southern District' },
  '02': { hebrew: 'מחוז המרכז', english: 'Central District' },
  '03': { hebrew: 'מחוז הצפון', english: 'Northern District' },
  '04': { hebrew: 'מחוז חיפה', english: 'Haifa District' },
  '05': { hebrew: 'מחוז תל אביב', english: 'Tel Aviv District' },
  '06': { hebrew: 'מחוז ירושלים', english: 'Jerusalem District' },
};

/**
 * "region, country" in the asked language: Israel's district by name; a US state by its postal code (it tells the
 * six Romes of the US apart); elsewhere the country alone (GeoNames' other first-level codes are numbers).
 */
export function secondaryText(country: string, admin: string, language: PlaceLanguage): string {
  const countryText = countryName(country, language);
  if (country === 'IL') {
    const district = ISRAEL_DISTRICTS[admin];
    return district ? `${district[language]}, ${countryText}` : countryText;
  }
  if (country === 'US' && /^[A-Z]{2}$/.test(admin)) return `${admin}, ${countryText}`;
  return countryText;
}
