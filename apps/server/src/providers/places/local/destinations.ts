/**
 * Destinations that are not towns, so a list of cities does not have them: seas, deserts, valleys, regions and a
 * few landmarks our travellers name as the place they go to ("ים המלח", "Dead Sea", "טוסקנה"). Written by us
 * (names are common knowledge; coordinates are approximate centres, good for "trips near here" and for centring a
 * map, not for navigation). `weight` stands in for population in the ranking (log10 scale, a city of a million
 * is 6). Ids are stable: they are part of the place ids we answer (`rg:<id>`).
 */
export interface Destination {
  id: string;
  kind: 'region' | 'attraction';
  country: string;
  lat: number;
  lng: number;
  weight: number;
  en: string[];
  he: string[];
}

export const DESTINATIONS: readonly Destination[] = [
  // Israel
  { id: 'dead-sea', kind: 'region', country: 'IL', lat: 31.559, lng: 35.4732, weight: 6.3, en: ['Dead Sea'], he: ['ים המלח'] },
  {
    id: 'sea-of-galilee',
    kind: 'region',
    country: 'IL',
    lat: 32.823,
    lng: 35.588,
    weight: 6.2,
    en: ['Sea of Galilee', 'Lake Kinneret', 'Kinneret', 'Lake Tiberias'],
    he: ['הכנרת', 'ים כנרת', 'כנרת'],
  },
  { id: 'negev', kind: 'region', country: 'IL', lat: 30.85, lng: 34.78, weight: 5.9, en: ['Negev', 'Negev Desert'], he: ['הנגב', 'מדבר הנגב'] },
  { id: 'golan', kind: 'region', country: 'IL', lat: 33.0, lng: 35.75, weight: 6.0, en: ['Golan Heights', 'Golan'], he: ['רמת הגולן', 'הגולן'] },
  { id: 'galilee', kind: 'region', country: 'IL', lat: 32.95, lng: 35.4, weight: 6.0, en: ['Galilee'], he: ['הגליל'] },
  { id: 'upper-galilee', kind: 'region', country: 'IL', lat: 33.03, lng: 35.45, weight: 5.7, en: ['Upper Galilee'], he: ['הגליל העליון'] },
  { id: 'lower-galilee', kind: 'region', country: 'IL', lat: 32.75, lng: 35.4, weight: 5.5, en: ['Lower Galilee'], he: ['הגליל התחתון'] },
  { id: 'carmel', kind: 'region', country: 'IL', lat: 32.73, lng: 35.05, weight: 5.5, en: ['Mount Carmel', 'Carmel'], he: ['הכרמל', 'הר הכרמל'] },
  { id: 'judean-desert', kind: 'region', country: 'IL', lat: 31.55, lng: 35.3, weight: 5.6, en: ['Judean Desert', 'Judaean Desert'], he: ['מדבר יהודה'] },
  { id: 'arava', kind: 'region', country: 'IL', lat: 30.4, lng: 35.15, weight: 5.4, en: ['Arava', 'Arabah'], he: ['הערבה'] },
  { id: 'ramon-crater', kind: 'region', country: 'IL', lat: 30.58, lng: 34.83, weight: 5.7, en: ['Ramon Crater', 'Makhtesh Ramon'], he: ['מכתש רמון'] },
  { id: 'hula-valley', kind: 'region', country: 'IL', lat: 33.1, lng: 35.61, weight: 5.3, en: ['Hula Valley'], he: ['עמק החולה'] },
  { id: 'jezreel-valley', kind: 'region', country: 'IL', lat: 32.62, lng: 35.3, weight: 5.3, en: ['Jezreel Valley'], he: ['עמק יזרעאל'] },
  { id: 'masada', kind: 'attraction', country: 'IL', lat: 31.3156, lng: 35.3536, weight: 5.8, en: ['Masada'], he: ['מצדה'] },
  { id: 'ein-gedi', kind: 'attraction', country: 'IL', lat: 31.466, lng: 35.389, weight: 5.6, en: ['Ein Gedi', 'En Gedi'], he: ['עין גדי'] },
  { id: 'mount-hermon', kind: 'attraction', country: 'IL', lat: 33.31, lng: 35.78, weight: 5.5, en: ['Mount Hermon', 'Hermon'], he: ['החרמון', 'הר החרמון'] },
  {
    id: 'jerusalem-old-city',
    kind: 'attraction',
    country: 'IL',
    lat: 31.7767,
    lng: 35.234,
    weight: 5.8,
    en: ['Old City of Jerusalem', 'Jerusalem Old City'],
    he: ['העיר העתיקה בירושלים', 'העיר העתיקה'],
  },
  { id: 'western-wall', kind: 'attraction', country: 'IL', lat: 31.7767, lng: 35.2345, weight: 5.7, en: ['Western Wall', 'Kotel'], he: ['הכותל המערבי', 'הכותל'] },
  { id: 'rosh-hanikra', kind: 'attraction', country: 'IL', lat: 33.093, lng: 35.105, weight: 5.2, en: ['Rosh HaNikra'], he: ['ראש הנקרה'] },
  { id: 'banias', kind: 'attraction', country: 'IL', lat: 33.248, lng: 35.695, weight: 5.1, en: ['Banias'], he: ['הבניאס', 'בניאס'] },
  // Abroad: regions Israeli travellers name as a destination
  { id: 'tuscany', kind: 'region', country: 'IT', lat: 43.35, lng: 11.0, weight: 6.2, en: ['Tuscany', 'Toscana'], he: ['טוסקנה'] },
  { id: 'dolomites', kind: 'region', country: 'IT', lat: 46.41, lng: 11.84, weight: 6.0, en: ['Dolomites', 'Dolomiti'], he: ['הדולומיטים'] },
  { id: 'lake-como', kind: 'region', country: 'IT', lat: 46.0, lng: 9.27, weight: 5.8, en: ['Lake Como', 'Lago di Como'], he: ['אגם קומו'] },
  { id: 'lake-garda', kind: 'region', country: 'IT', lat: 45.63, lng: 10.67, weight: 5.8, en: ['Lake Garda', 'Lago di Garda'], he: ['אגם גארדה', 'אגם גרדה'] },
  { id: 'amalfi-coast', kind: 'region', country: 'IT', lat: 40.63, lng: 14.6, weight: 5.8, en: ['Amalfi Coast', 'Costiera Amalfitana'], he: ['חוף אמלפי'] },
  { id: 'sicily', kind: 'region', country: 'IT', lat: 37.6, lng: 14.0, weight: 6.0, en: ['Sicily', 'Sicilia'], he: ['סיציליה'] },
  { id: 'sardinia', kind: 'region', country: 'IT', lat: 40.1, lng: 9.0, weight: 5.9, en: ['Sardinia', 'Sardegna'], he: ['סרדיניה'] },
  { id: 'black-forest', kind: 'region', country: 'DE', lat: 48.3, lng: 8.15, weight: 5.9, en: ['Black Forest', 'Schwarzwald'], he: ['היער השחור'] },
  { id: 'tyrol', kind: 'region', country: 'AT', lat: 47.25, lng: 11.4, weight: 5.8, en: ['Tyrol', 'Tirol'], he: ['טירול'] },
  { id: 'provence', kind: 'region', country: 'FR', lat: 43.93, lng: 5.75, weight: 5.8, en: ['Provence'], he: ['פרובנס'] },
  { id: 'normandy', kind: 'region', country: 'FR', lat: 49.12, lng: 0.1, weight: 5.6, en: ['Normandy', 'Normandie'], he: ['נורמנדי'] },
  { id: 'alsace', kind: 'region', country: 'FR', lat: 48.32, lng: 7.44, weight: 5.6, en: ['Alsace'], he: ['אלזס'] },
  { id: 'loire-valley', kind: 'region', country: 'FR', lat: 47.39, lng: 0.69, weight: 5.5, en: ['Loire Valley', 'Val de Loire'], he: ['עמק הלואר'] },
  { id: 'crete', kind: 'region', country: 'GR', lat: 35.24, lng: 24.9, weight: 6.0, en: ['Crete', 'Kriti'], he: ['כרתים'] },
  { id: 'rhodes', kind: 'region', country: 'GR', lat: 36.17, lng: 27.92, weight: 5.9, en: ['Rhodes', 'Rodos'], he: ['רודוס'] },
  { id: 'corfu', kind: 'region', country: 'GR', lat: 39.62, lng: 19.92, weight: 5.7, en: ['Corfu', 'Kerkyra'], he: ['קורפו'] },
  { id: 'santorini', kind: 'region', country: 'GR', lat: 36.4, lng: 25.46, weight: 5.8, en: ['Santorini', 'Thira'], he: ['סנטוריני'] },
  { id: 'plitvice-lakes', kind: 'attraction', country: 'HR', lat: 44.88, lng: 15.62, weight: 5.4, en: ['Plitvice Lakes'], he: ['אגמי פליטביצה'] },
  { id: 'madeira', kind: 'region', country: 'PT', lat: 32.75, lng: -16.96, weight: 5.6, en: ['Madeira'], he: ['מדיירה'] },
  { id: 'tenerife', kind: 'region', country: 'ES', lat: 28.29, lng: -16.63, weight: 5.7, en: ['Tenerife'], he: ['טנריף'] },
  { id: 'cappadocia', kind: 'region', country: 'TR', lat: 38.64, lng: 34.83, weight: 5.6, en: ['Cappadocia', 'Kapadokya'], he: ['קפדוקיה'] },
  { id: 'sinai', kind: 'region', country: 'EG', lat: 29.5, lng: 33.8, weight: 5.8, en: ['Sinai', 'Sinai Peninsula'], he: ['סיני', 'חצי האי סיני'] },
];

/**
 * Hebrew names of major cities that the GeoNames data leaves without one (it has no Hebrew alternate for Vienna,
 * the centre of our attraction map). Keyed by GeoNames id; a handful, checked against the Hebrew Wikipedia titles.
 */
export const HEBREW_NAME_SUPPLEMENT: Readonly<Record<number, string>> = {
  2761369: 'וינה', // Vienna
};

/** Common short names of countries beside the full ones (ISO code → names). */
export const COUNTRY_ALIASES: Readonly<Record<string, { en?: string[]; he?: string[] }>> = {
  US: { en: ['USA', 'United States of America', 'America'], he: ['ארה"ב', 'ארצות הברית', 'אמריקה'] },
  GB: { en: ['UK', 'Great Britain', 'Britain', 'England'], he: ['בריטניה', 'אנגליה'] },
  AE: { en: ['UAE'], he: ['איחוד האמירויות', 'האמירויות'] },
  CZ: { en: ['Czech Republic'] },
  NL: { en: ['Holland'], he: ['הולנד'] },
};
