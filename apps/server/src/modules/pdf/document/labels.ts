import type { RideLanguage } from '@rides/contract';

/**
 * The PDF's own words in the trip's language (the document is made on the server, so they live here, as the mails'
 * do, not in the web's locale files). Hebrew trips get Hebrew labels, English trips English ones.
 */
export interface PdfLabels {
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

const HE: PdfLabels = {
  locale: 'he-IL',
  days: (n) => (n === 1 ? 'יום אחד' : `${n} ימים`),
  day: (n) => `יום ${n}`,
  datesHidden: 'התאריכים מוסתרים',
  party: (a, t, c) =>
    [a ? `${a} מבוגרים` : '', t ? `${t} בני נוער` : '', c ? `${c} ילדים` : ''].filter(Boolean).join(', '),
  accessible: 'מותאם לבעלי מוגבלויות',
  plannedBy: 'תכנון הטיול',
  stays: 'לינות',
  nights: (n) => (n === 1 ? 'לילה אחד' : `${n} לילות`),
  dayRange: (a, b) => (a === b ? `יום ${a}` : `ימים ${a}–${b}`),
  tonight: 'לינה הלילה',
  noStay: 'לא נקבעה לינה',
  rating: (r) => `דירוג ${r}`,
  navigate: 'ניווט',
  website: 'אתר',
  dayInMaps: 'פתיחת היום ב-Google Maps',
  dayInMapsPart: (i, of) => `פתיחת היום ב-Google Maps (חלק ${i} מתוך ${of})`,
  notOnMap: 'ללא מיקום במפה',
  extraInformation: 'מידע נוסף',
  dayNote: 'הערה ליום',
  liveTrip: 'הטיול המעודכן באתר',
  page: (n, of) => `עמוד ${n} מתוך ${of}`,
  mapScale: (m) => (m >= 1000 ? `${m / 1000} ק"מ` : `${m} מ'`),
};

const EN: PdfLabels = {
  locale: 'en-GB',
  days: (n) => (n === 1 ? '1 day' : `${n} days`),
  day: (n) => `Day ${n}`,
  datesHidden: 'Dates hidden',
  party: (a, t, c) =>
    [
      a ? `${a} adult${a === 1 ? '' : 's'}` : '',
      t ? `${t} teen${t === 1 ? '' : 's'}` : '',
      c ? `${c} child${c === 1 ? '' : 'ren'}` : '',
    ]
      .filter(Boolean)
      .join(', '),
  accessible: 'Accessible for physical disabilities',
  plannedBy: 'Planned by',
  stays: 'Stays',
  nights: (n) => (n === 1 ? '1 night' : `${n} nights`),
  dayRange: (a, b) => (a === b ? `Day ${a}` : `Days ${a}–${b}`),
  tonight: 'Tonight',
  noStay: 'No stay set',
  rating: (r) => `Rating ${r}`,
  navigate: 'Navigate',
  website: 'Website',
  dayInMaps: 'Open the day in Google Maps',
  dayInMapsPart: (i, of) => `Open the day in Google Maps (part ${i} of ${of})`,
  notOnMap: 'no location on the map',
  extraInformation: 'Good to know',
  dayNote: 'Note for the day',
  liveTrip: 'The live trip online',
  page: (n, of) => `Page ${n} of ${of}`,
  mapScale: (m) => (m >= 1000 ? `${m / 1000} km` : `${m} m`),
};

export function labelsFor(language: RideLanguage): PdfLabels {
  return language === 'hebrew' ? HE : EN;
}
