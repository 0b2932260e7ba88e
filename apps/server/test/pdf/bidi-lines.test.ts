import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { TripDay, TripWire } from '@rides/contract';
import { layoutParagraph, visualString, type Direction } from '../../src/modules/pdf/document/bidi-lines.js';
import { PdfWriter } from '../../src/modules/pdf/document/pdf-writer.js';
import { isolateLtrRuns } from '@rides/contract';
import { own, ownBlock } from '../../src/modules/pdf/document/rich-text.js';
import { renderTripDocument } from '../../src/modules/pdf/document/trip-document.js';

/**
 * Issue 19's bidi bar: mixed-direction lines rendered into a PDF, the text extracted with pdftotext and compared with
 * the logical order; and the visual order itself for the cases a reader sees first (mirrored brackets, numbers, URLs).
 */

/** The PDF's text without the bidi controls poppler wraps runs in. */
const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes })
    .toString('utf8')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');

/**
 * A line as its words and numbers in order. poppler rebuilds a right-to-left line's logical order with a simpler rule
 * than Unicode's: spaces and punctuation beside an embedded number or name may come back on its other side. Words,
 * numbers and their order are what a renderer without bidi breaks (reversed Hebrew words, "03:01" for "10:30",
 * English names in the wrong order), and that is compared.
 */
const words = (s: string) => (s.match(/[\u05d0-\u05ea]+|(?:(?![\u05d0-\u05ea])\p{L})+|\p{N}+/gu) ?? []).join(' ');

/** 44 mixed lines: Hebrew with English names, numbers, ₪ and € amounts, times, dates, flight codes, phones, URLs. */
const HEBREW_LINES = [
  'טיסה LY315 יוצאת ב-10:30 מטרמינל 3',
  'מחיר הכרטיס: ₪120 למבוגר ו-₪80 לילד',
  'ארוחת ערב ב-Le Petit Bistro, רחוב Rivoli 12',
  'הזמנה מספר ABC-12345 אושרה ב-14/03/2026',
  'התקשרו ל-+972-3-555-1234 לפני 18:00',
  'אתר המוזיאון: https://www.louvre.fr/en/visit',
  'הכניסה עולה €17 (חינם עד גיל 18)',
  'ביקור ב-Louvre Museum ואחר כך Eiffel Tower',
  'הרכבת TGV 6201 יוצאת מ-Gare de Lyon ב-07:58',
  'צ׳ק-אין במלון Hilton Garden Inn משעה 15:00',
  'נסיעה של 45 דקות (כ-38 ק"מ) עד Zermatt',
  'שני לילות ב-Hotel Schweizerhof, חדר 204',
  'הטיסה חוזרת ב-22.03.2026 בשעה 23:45',
  'טלפון המלון: 0041-27-966-3000',
  'לקנות Swiss Travel Pass ל-8 ימים ב-CHF 389',
  'נפגשים בכיכר Piazza Navona ליד המזרקה',
  'מסעדת "Da Enzo" פתוחה 12:30–15:00 ו-19:00–23:00',
  'הזמנת רכב מ-Hertz, קוד הזמנה K9X-77Q2',
  'מוזיאון Van Gogh סגור ביום ב׳',
  'כרטיסים ב-GetYourGuide: €35 לאדם (כולל מדריך)',
  'חניה ב-Parking Saemes €4.50 לשעה',
  'מרחק: 2.5 km הליכה, בערך 30 דקות',
  'קו 1 של ה-Metro עד תחנת Bastille',
  'קפה ב-Café de Flore, שדרות Saint-Germain 172',
  'שעת יציאה: 08:15, חזרה משוערת 17:40',
  'מספר הטיסה EZY8412 מ-Basel ל-תל אביב',
  'המחיר כולל מע"מ 17% ודמי שירות ₪25',
  'לשאול על WiFi בקבלה (סיסמה: guest2026)',
  'יום 3: Amsterdam – Rotterdam – Delft',
  'כתובת: Rue de la Paix 5, 75002 Paris',
  'ההרצאה ב-TED Tel Aviv מתחילה ב-19:30',
  'הורדה של האפליקציה Citymapper לפני הנסיעה',
  'אוטובוס 480 מירושלים לתל אביב כל 15 דקות',
  'טיול ג׳יפים עם Desert Eco Tours, ₪350 לרכב',
  'תאריכים: 01/05/2026 עד 10/05/2026',
  'מייל לאישור: booking@hotel-example.com',
  'מגדל Burj Khalifa בגובה 828 מטר',
  'להביא מתאם חשמל Type J לשוויץ',
  'ביטוח נסיעות של Harel בעלות $42',
  'סיור בכרמים של Domaine Chandon ב-11:00',
  'שאלות? WhatsApp ל-050-123-4567',
  'בקתת SAC Hörnlihütte בגובה 3,260 מ׳',
  'ה-Glacier Express נוסע 8 שעות מ-Zermatt ל-St. Moritz',
  'רחוב Kärntner Straße 1010 Wien (מרכז העיר)',
];

/**
 * Three lines where poppler's reading differs from the logical order although the drawing follows UAX #9 (as a browser
 * does): poppler reads every run of digits, Latin letters and neutrals as one left-to-right run, whereas the algorithm
 * keeps "12:30", "–" and "15:00" (a dash between numbers in a right-to-left line is right-to-left, N1), "2.5" and "km",
 * "3" and the Latin names as separate runs placed right to left. What poppler returns for the correct drawing:
 */
const POPPLER_READS: Record<string, string> = {
  'מסעדת "Da Enzo" פתוחה 12:30–15:00 ו-19:00–23:00': words('מסעדת Da Enzo פתוחה 15:00 12:30 ו 23:00 19:00'),
  'מרחק: 2.5 km הליכה, בערך 30 דקות': words('מרחק km 2.5 הליכה בערך 30 דקות'),
  'יום 3: Amsterdam – Rotterdam – Delft': words('יום Amsterdam Rotterdam Delft 3'),
};

/** English trips carry Hebrew names too. */
const ENGLISH_LINES = [
  'Lunch at מסעדת הדייגים in Akko, 13:00',
  'Check in at מלון דן (Dan Hotel) after 15:00',
  'Visit יד ושם – book at https://www.yadvashem.org',
  'Tickets: ₪54 for adults, ₪27 for children',
];

/** A Hebrew trip page's context: poppler takes a page's main direction from the count of its letters of each kind. */
const HEBREW_CONTEXT = 'הטיול מתחיל בבוקר ומסתיים בערב, עם הפסקה לארוחת צהריים ולמנוחה קצרה בין האתרים';

/** Each line on a page of its own (under a line of the trip's language), read back line by line. */
async function renderAll(lines: string[], direction: Direction): Promise<string[]> {
  const writer = new PdfWriter(direction, 'A4', { title: 'bidi', author: 'test' });
  lines.forEach((line, i) => {
    if (i > 0) writer.newPage();
    if (direction === 'rtl') writer.paragraph([{ text: HEBREW_CONTEXT }], { size: 11 });
    writer.paragraph([{ text: line }], { size: 11 });
  });
  const text = pdfText(await writer.finish(() => ''));
  return text
    .replace(/\f/g, '\n')
    .split('\n')
    .filter((l) => l.trim() !== '' && words(l) !== words(HEBREW_CONTEXT));
}

describe('bidi: mixed lines through a PDF and back (pdftotext)', () => {
  it(`${HEBREW_LINES.length - Object.keys(POPPLER_READS).length} of ${HEBREW_LINES.length} Hebrew lines with English, numbers, amounts, times, dates, codes, phones and URLs read in logical order`, async () => {
    expect(HEBREW_LINES.length).toBeGreaterThanOrEqual(40);
    const extracted = await renderAll(HEBREW_LINES, 'rtl');
    const wrong = HEBREW_LINES.flatMap((line, i) =>
      words(extracted[i] ?? '') === (POPPLER_READS[line] ?? words(line)) ? [] : [`${line}\n   -> ${extracted[i]}`],
    );
    expect(wrong).toEqual([]);
    expect(extracted).toHaveLength(HEBREW_LINES.length);
  });

  it('English lines with Hebrew names read in logical order', async () => {
    const extracted = await renderAll(ENGLISH_LINES, 'ltr');
    expect(extracted.map(words)).toEqual(ENGLISH_LINES.map(words));
  });
});

describe('bidi: visual order of a line', () => {
  const oneLine = (text: string, dir: Direction) => {
    const lines = layoutParagraph(text, dir, 10_000, (a, b) => b - a);
    expect(lines).toHaveLength(1);
    return visualString(text, lines[0]!);
  };

  it('a right-to-left line: Hebrew reversed, numbers and Latin kept left to right, brackets mirrored', () => {
    expect(oneLine('יוצאת ב-10:30 (טרמינל 3)', 'rtl')).toBe('(3 לנימרט) 10:30-ב תאצוי');
    expect(oneLine('טיסה LY315 היום', 'rtl')).toBe('םויה LY315 הסיט');
    expect(oneLine('מחיר: ₪120', 'rtl')).toBe('₪120 :ריחמ');
    expect(oneLine('אתר: https://a.com/x?y=1', 'rtl')).toBe('https://a.com/x?y=1 :רתא');
  });

  it('a left-to-right line keeps English as it is and reverses only the Hebrew name', () => {
    // UAX #9 W2: a number after Hebrew takes its direction, so it stays with the Hebrew name (as a browser shows it).
    expect(oneLine('Dinner at מסעדת הדג, 19:00', 'ltr')).toBe('Dinner at 19:00 ,גדה תדעסמ');
    expect(oneLine('Dinner at מסעדת הדג at 19:00', 'ltr')).toBe('Dinner at גדה תדעסמ at 19:00');
    expect(oneLine('Plain English (no change)', 'ltr')).toBe('Plain English (no change)');
  });

  it('breaks at spaces, and inside a token longer than the line', () => {
    const lines = layoutParagraph('אחת שתיים שלוש ארבע', 'rtl', 5, (a, b) => b - a);
    expect(lines.map((l) => visualString('אחת שתיים שלוש ארבע', l))).toEqual(['תחא', 'םייתש', 'שולש', 'עברא']);
    const url = 'https://example.com/very/long/path';
    const cut = layoutParagraph(url, 'ltr', 12, (a, b) => b - a);
    expect(cut.map((l) => url.slice(l.start, l.end)).join('')).toBe(url);
    expect(cut.every((l) => l.end - l.start <= 12)).toBe(true);
  });

  // Issue 30 point 3 (decision 0044): what the writer and the trip document add to a line (the isolates are not drawn).
  const drawn = (text: string, dir: Direction) => oneLine(text, dir).replace(/[\u2066-\u2069]/g, '');

  it('a phone number and a code read left to right inside a Hebrew line', () => {
    const line = (s: string) => drawn(isolateLtrRuns(s), 'rtl');
    expect(line('התקשרו ל +972 55-123-4567 מחר')).toBe('רחמ +972 55-123-4567 ל ורשקתה');
    expect(line('טלפון: 055 123 4567')).toBe('055 123 4567 :ןופלט');
    expect(line('קוד ABC-123 אושר')).toBe('רשוא ABC-123 דוק');
    // Without the isolates, as a Hebrew line lays them out: the pieces move apart.
    expect(drawn('התקשרו ל +972 55-123-4567 מחר', 'rtl')).not.toContain('+972 55-123-4567');
  });

  it('an English name keeps its punctuation at its end in a Hebrew trip, and a Hebrew sentence opening with one stays right to left', () => {
    expect(drawn(own("Templars' Tunnel."), 'rtl')).toBe("Templars' Tunnel.");
    expect(drawn(`לילה: ${own("Knights' Halls.")}`, 'rtl')).toBe("Knights' Halls. :הליל");
    expect(drawn(own('מנהרת הטמפלרים.'), 'ltr')).toBe('.םירלפמטה תרהנמ');
    const spans = ownBlock([{ text: "Templars' Tunnel היא מנהרה עתיקה." }]);
    expect(drawn(spans.map((x) => x.text).join(''), 'rtl')).toBe(".הקיתע הרהנמ איה Templars' Tunnel");
  });

  it('keeps an astral character whole inside a right-to-left run', () => {
    const text = 'שלום 😀 עולם';
    const visual = oneLine(text, 'rtl');
    expect(visual).toContain('😀');
  });
});

describe('a long trip renders', () => {
  const long = '<p>פסקה ארוכה עם <b>הדגשה</b>, <i>נטוי</i> ו-<a href="https://example.com/a">קישור</a>. </p>'.repeat(6) +
    '<ul><li>פריט ראשון ב-10:30</li><li>Second item €20</li></ul>';
  const ride = {
    id: 9,
    authorId: 1,
    title: 'טיול ארוך מאוד – 60 ימים',
    text: long,
    start_date: '01-01-2030',
    end_date: '01-03-2030',
    dates_hidden: false,
    duration: 60,
    language: 'hebrew',
    number_of_adult: 2,
    number_of_teen: 0,
    number_of_child: 1,
    physical_disabilities: false,
    rideExtraInformation: [{ id: 1, title: 'ציוד', text: long }],
    rideExtraInformationByDay: [{ id: 2, date: '02-01-2030', dayIndex: 1, text: '<p>הערה ליום השני</p>' }],
  } as unknown as TripWire;
  const day = (d: number): TripDay =>
    ({
      dateTime: `${String((d % 28) + 1).padStart(2, '0')}/01/2030 00:00`,
      accommodation: null,
      base_trip_accommodation: null,
      daily_attractions: Array.from({ length: 15 }, (_, i) => ({
        id: d * 100 + i,
        title: `אטרקציה ${i + 1} של יום ${d + 1} במוזיאון`,
        address: `Rue ${i} Paris`,
        text: long,
        link: 'https://example.com/place',
        rate: 4.5,
        // The fifth stop of each day has no location: listed, not on the map.
        lat: i === 4 ? 0 : 48.85 + i * 0.002,
        lng: i === 4 ? 0 : 2.35 + d * 0.001,
        dateTime: i % 3 === 0 ? '09:30:00 AM' : null,
      })),
    }) as unknown as TripDay;

  it('60 days of 15 activities with long texts: every day is there, a stop without location is listed', async () => {
    const bytes = await renderTripDocument({
      ride,
      days: Array.from({ length: 60 }, (_, d) => day(d)),
      author: null,
      liveUrl: 'https://rides.test/single_ride_with_map/9',
      paper: 'A4',
    });
    const text = pdfText(bytes);
    const info = execFileSync('pdfinfo', ['-'], { input: bytes }).toString('utf8');
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(60);
    expect(words(text)).toContain(words('יום 60'));
    expect(words(text)).toContain(words('אטרקציה 5 של יום 60 במוזיאון'));
    expect(text).toContain('ללא מיקום במפה');
  }, 120_000);
});
