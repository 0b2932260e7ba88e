import { HE } from './rides-israel-places-he.js';
import type { DemoRide } from './types.js';

/**
 * Trip 843 – a traveller's copy of trip 1, cut down to the north and slowed down (10 days).
 * Most nights are booked by the traveller; the Safed night is still the base trip's suggestion.
 */
export const ride843: DemoRide = {
  id: 843,
  title: 'הגליל והגולן בקצב איטי',
  text:
    '<p>גרסה איטית של החלק הצפוני מהמסלול "ישראל מצפון לדרום": <b>עשרה ימים</b> בין הגליל העליון, רמת הגולן והכנרת, עם שתיים-שלוש תחנות ביום וזמן למנוחה.</p>' +
    '<p>את רוב הלינות כבר הזמנו, ומספרי האישור מופיעים בכל לינה.</p>',
  language: 'hebrew',
  startDate: '2027-04-25',
  party: { adults: 2, teens: 0, children: 0 },
  physicalDisabilities: false,
  author: 'traveller',
  isBasedRide: false,
  basedRideId: 1,
  isLocked: false,
  isPrivate: false,
  isWhiteLabel: false,
  category: 'planning',
  days: [
    // 1 – הגעה, עמק החולה וראש פינה
    {
      note: 'יום הגעה: כשעתיים וחצי נסיעה מהמרכז. לא מתכננים הרבה – רק אגמון החולה וערב בראש פינה.',
      attractions: [
        { ...HE.hulaAgamon, time: '13:00' },
        { ...HE.roshPina, time: '17:00' },
      ],
    },
    // 2 – נחל עיון, תל דן וחורשת טל
    {
      attractions: [
        { ...HE.nahalIyun, time: '09:00' },
        { ...HE.telDan, time: '11:30' },
        { ...HE.horshatTal, time: '14:30' },
      ],
    },
    // 3 – הבניאס, נמרוד וברכת רם
    {
      attractions: [
        { ...HE.banias, time: '09:00' },
        { ...HE.nimrodFortress, time: '12:00' },
        { ...HE.birkatRam, time: '14:30' },
      ],
    },
    // 4 – יום רגוע בגולן
    {
      note: 'יום רגוע: בוקר בהר בנטל, סדנת שוקולד, ואחר הצהריים חופשי בבריכה במרום גולן.',
      attractions: [
        { ...HE.mountBental, time: '10:00' },
        { ...HE.deKarina, time: '12:00' },
      ],
    },
    // 5 – גמלא ויורדים לכנרת
    {
      attractions: [
        { ...HE.gamla, time: '09:00' },
        { ...HE.tabgha, time: '14:00' },
        { ...HE.tiberiasPromenade, time: '18:30' },
      ],
    },
    // 6 – הר האושר, כפר נחום וצפת
    {
      attractions: [
        { ...HE.mountOfBeatitudes, time: '08:30' },
        { ...HE.capernaum, time: '10:00' },
        { ...HE.safedOldCity, time: '16:00' },
      ],
    },
    // 7 – צפת ועכו
    {
      attractions: [
        { ...HE.safedAriSynagogue, time: '09:30' },
        { ...HE.safedCitadel, time: '11:00' },
        { ...HE.akkoPort, time: '18:00' },
      ],
    },
    // 8 – עכו וראש הנקרה
    {
      attractions: [
        { ...HE.akkoKnightsHalls, time: '09:30' },
        HE.akkoTemplarTunnel,
        { ...HE.roshHanikra, time: '15:00' },
      ],
    },
    // 9 – מבצר מונפור, פקיעין ונצרת
    {
      note: 'ההליכה למונפור תלולה: נעליים טובות, שלושה ליטר מים לאדם ויציאה מוקדמת.',
      attractions: [
        { ...HE.montfort, time: '08:00' },
        { ...HE.pekiin, time: '13:30' },
        { ...HE.nazarethOldMarket, time: '18:00' },
      ],
    },
    // 10 – נצרת וציפורי, חזרה הביתה
    {
      attractions: [
        { ...HE.nazarethAnnunciation, time: '09:00' },
        { ...HE.zippori, time: '11:00' },
      ],
    },
  ],
  accommodations: [
    {
      name: 'פינה בראש',
      cuntry_and_city: 'ישראל, ראש פינה',
      text: 'מלון בוטיק בבתי האבן של המושבה הוותיקה, עם מסעדה ונוף לעמק החולה.',
      rate: 4.6,
      lat: 32.9695,
      lng: 35.5412,
      firstDay: 0,
      nights: 2,
      status: 'booked',
      booking_confirmation: 'PB-2704-5531',
    },
    {
      name: 'מרום גולן – כפר נופש',
      cuntry_and_city: 'ישראל, מרום גולן',
      text: 'בקתת עץ זוגית עם ג׳קוזי. ארוחת בוקר כלולה.',
      rate: 4.5,
      lat: 33.1315,
      lng: 35.7765,
      firstDay: 2,
      nights: 2,
      status: 'booked',
      booking_confirmation: 'MG-88412',
    },
    {
      name: 'מלון סקוטי טבריה',
      cuntry_and_city: 'ישראל, טבריה',
      address: 'גדוד ברק 1, טבריה',
      link: 'https://www.scotshotels.co.il/',
      text: 'לילה אחד מול הכנרת. ביקשנו חדר עם נוף לאגם.',
      rate: 4.7,
      lat: 32.7924,
      lng: 35.5378,
      firstDay: 4,
      nights: 1,
      status: 'booked',
      booking_confirmation: '3318207745',
    },
    {
      name: 'מלון רות רימונים צפת',
      cuntry_and_city: 'ישראל, צפת',
      text: 'ההצעה מהמסלול המקורי – עוד לא הוזמן.',
      rate: 4.3,
      lat: 32.963,
      lng: 35.4935,
      firstDay: 5,
      nights: 1,
      status: 'base_trip_accomodation',
    },
    {
      name: 'מלון אפנדי עכו',
      cuntry_and_city: 'ישראל, עכו',
      text: 'מלון בוטיק בשני בתים עות׳מאניים משוחזרים בעיר העתיקה, עם חמאם פרטי.',
      rate: 4.8,
      lat: 32.9216,
      lng: 35.0689,
      firstDay: 6,
      nights: 2,
      status: 'booked',
      booking_confirmation: 'EFD-20270501-17',
    },
    {
      name: 'פאוזי עזאר אין',
      cuntry_and_city: 'ישראל, נצרת',
      text: 'בית הארחה באחוזה ערבית בת מאתיים שנה בעיר העתיקה. החדרים פשוטים, והאווירה מצוינת.',
      rate: 4.6,
      lat: 32.704,
      lng: 35.2989,
      firstDay: 8,
      nights: 1,
      status: 'booked',
      booking_confirmation: 'FA-66120',
    },
  ],
  extraInformation: [
    {
      title: 'מה שינינו מהמסלול המקורי',
      text: 'לקחנו רק את ימי הצפון והוספנו את נחל עיון, חורשת טל, מונפור ופקיעין. במקום ארבע תחנות ביום יש שתיים-שלוש, עם זמן למנוחה בבריכה ובמסעדות.',
    },
    {
      title: 'הזמנות',
      text: 'כל הלינות הוזמנו, חוץ מהלילה בצפת – שם נשארה ההצעה מהמסלול המקורי. לסדנת השוקולד בדה קרינה הזמנו מקום לשעה 12:00.',
    },
  ],
};
