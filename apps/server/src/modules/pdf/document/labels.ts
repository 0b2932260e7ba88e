import type { TripLanguage } from '@rides/contract';
import { textsOf, tripTextLanguage } from '../../../lib/texts.js';

/**
 * The PDF's own words in the trip's language (Hebrew trips get Hebrew words, English trips English ones), from the
 * locale files' `pdf` group (lib/texts.ts), as the functions the document calls.
 */
export interface PdfLabels {
  /** For dates and numbers (Intl). */
  locale: string;
  days: (n: number) => string;
  day: (n: number) => string;
  datesHidden: string;
  party: (adults: number, teens: number, children: number) => string;
  accessible: string;
  plannedBy: string;
  stays: string;
  nights: (n: number) => string;
  dayRange: (from: number, to: number) => string;
  tonight: string;
  noStay: string;
  /** "Booking confirmation" (a stay's number follows it). */
  confirmation: string;
  /** The line of a day without activities. */
  freeDay: string;
  rating: (r: number) => string;
  navigate: string;
  website: string;
  dayInMaps: string;
  dayInMapsPart: (i: number, of: number) => string;
  notOnMap: string;
  extraInformation: string;
  dayNote: string;
  liveTrip: string;
  page: (n: number, of: number) => string;
  mapScale: (meters: number) => string;
}

function labels(language: TripLanguage): PdfLabels {
  const lng = tripTextLanguage(language);
  const t = textsOf(lng, 'pdf');
  return {
    locale: lng === 'he' ? 'he-IL' : 'en-GB',
    days: (count) => t('days', { count }),
    day: (n) => t('day', { n }),
    datesHidden: t('datesHidden'),
    party: (adults, teens, children) =>
      [
        adults ? t('adults', { count: adults }) : '',
        teens ? t('teens', { count: teens }) : '',
        children ? t('children', { count: children }) : '',
      ]
        .filter(Boolean)
        .join(', '),
    accessible: t('accessible'),
    plannedBy: t('plannedBy'),
    stays: t('stays'),
    nights: (count) => t('nights', { count }),
    dayRange: (from, to) => (from === to ? t('day', { n: from }) : t('dayRange', { from, to })),
    tonight: t('tonight'),
    noStay: t('noStay'),
    confirmation: t('confirmation'),
    freeDay: t('freeDay'),
    rating: (rating) => t('rating', { rating }),
    navigate: t('navigate'),
    website: t('website'),
    dayInMaps: t('dayInMaps'),
    dayInMapsPart: (part, parts) => t('dayInMapsPart', { part, parts }),
    notOnMap: t('notOnMap'),
    extraInformation: t('extraInformation'),
    dayNote: t('dayNote'),
    liveTrip: t('liveTrip'),
    page: (page, pages) => t('page', { page, pages }),
    mapScale: (m) => (m >= 1000 ? t('scaleKm', { km: m / 1000 }) : t('scaleM', { m })),
  };
}

const BY_LANGUAGE = new Map<TripLanguage, PdfLabels>();

export function labelsFor(language: TripLanguage): PdfLabels {
  let found = BY_LANGUAGE.get(language);
  if (!found) BY_LANGUAGE.set(language, (found = labels(language)));
  return found;
}
