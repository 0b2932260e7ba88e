import { P228 as P } from './rides-europe-228-places.js';
import type { DemoRide } from './types.js';

/** Trip 228 – Switzerland and Austria by train (Hebrew, 19 days); a private white-label client trip. */
export const ride228: DemoRide = {
  id: 228,
  title: 'שוויץ ואוסטריה ברכבת',
  text:
    '<p>תשעה-עשר ימים <b>בלי רכב</b>: ציריך ולוצרן, האלפים הברניים וצרמט, רכבת הקרחונים לסנט מוריץ, ומשם לטירול האוסטרית ולאינסברוק.</p>' +
    '<p>החלק השווייצרי בנוי על כרטיס Swiss Travel Pass; באוסטריה קונים כרטיסי רכבת לפי הצורך. הלינות הראשונות כבר הוזמנו, והשאר הן הצעות שלנו.</p>',
  language: 'hebrew',
  startDate: '2027-07-04',
  party: { adults: 2, teens: 2, children: 0 },
  physicalDisabilities: false,
  author: 'subdomain',
  isBasedRide: true,
  isLocked: false,
  isPrivate: true,
  isWhiteLabel: true,
  category: 'client',
  days: [
    // 1 – ציריך
    {
      note: 'מהשדה לתחנה המרכזית של ציריך – כעשר דקות ברכבת. הפעילו את כרטיס Swiss Travel Pass כבר בנסיעה הזאת.',
      attractions: [
        { ...P.lindenhof, time: '14:00' },
        P.fraumunster,
        P.grossmunster,
        { ...P.zurichLake, time: '18:00' },
      ],
    },
    // 2 – מפלי הריין ושטיין אם ריין
    {
      attractions: [
        { ...P.rhineFalls, time: '09:30' },
        { ...P.munot, time: '12:00' },
        { ...P.steinAmRhein, time: '15:00' },
      ],
    },
    // 3 – לוצרן
    {
      note: 'רכבת מציריך ללוצרן – כ-45 דקות. את המזוודות אפשר לשלוח ישר למלון בשירות המזוודות של הרכבות השווייצריות.',
      attractions: [
        { ...P.chapelBridge, time: '10:30' },
        P.lionMonument,
        { ...P.transportMuseum, time: '13:30' },
      ],
    },
    // 4 – פילאטוס
    {
      attractions: [
        { ...P.lakeLucerneCruise, time: '09:00' },
        { ...P.pilatus, time: '11:00' },
        { ...P.museggWall, time: '17:00' },
      ],
    },
    // 5 – לאינטרלקן
    {
      note: 'הרכבת מלוצרן לאינטרלקן עוברת במעבר ברוניג, מהנסיעות היפות בשווייץ – כשעתיים. רדו בבריינץ והמשיכו בספינה.',
      attractions: [
        { ...P.brienz, time: '11:00' },
        { ...P.harderKulm, time: '18:30' },
      ],
    },
    // 6 – יונגפראויוך
    {
      attractions: [
        { ...P.jungfraujoch, time: '08:00' },
        { ...P.kleineScheidegg, time: '13:30' },
        { ...P.wengen, time: '16:00' },
      ],
    },
    // 7 – עמק לאוטרברונן
    {
      attractions: [
        { ...P.staubbach, time: '09:00' },
        { ...P.trummelbach, time: '10:30' },
        { ...P.murren, time: '13:00' },
        { ...P.schilthorn, time: '15:00' },
      ],
    },
    // 8 – גרינדלוולד
    {
      attractions: [
        { ...P.grindelwaldFirst, time: '09:00' },
        P.bachalpsee,
        { ...P.grindelwald, time: '16:30' },
      ],
    },
    // 9 – לצרמט
    {
      note: 'רכבת מאינטרלקן לצרמט דרך שפיץ וויספ – כשעתיים וחצי. צרמט סגורה לרכבים פרטיים, והרכבת מגיעה עד מרכז הכפר.',
      attractions: [
        { ...P.zermattBahnhofstrasse, time: '15:00' },
        P.matterhornMuseum,
        { ...P.kirchbrucke, time: '19:30' },
      ],
    },
    // 10 – גורנרגראט
    {
      attractions: [
        { ...P.gornergrat, time: '08:00' },
        { ...P.riffelsee, time: '11:00' },
        { ...P.hinterdorf, time: '17:00' },
      ],
    },
    // 11 – מטרהורן גלישר פרדייס
    {
      attractions: [
        { ...P.glacierParadise, time: '09:00' },
        { ...P.schwarzsee, time: '13:30' },
        { ...P.gornerGorge, time: '16:30' },
      ],
    },
    // 12 – רכבת הקרחונים
    {
      note: 'ארוחת הצהריים מוגשת למקומות בקרון ומוזמנת מראש. לבעלי Swiss Travel Pass נשאר לשלם רק את דמי הזמנת המקומות.',
      attractions: [
        { ...P.glacierExpress, time: '08:50' },
        { ...P.landwasser, time: '15:30' },
      ],
    },
    // 13 – סנט מוריץ
    {
      attractions: [
        { ...P.segantiniMuseum, time: '10:00' },
        { ...P.lakeStMoritz, time: '12:00' },
        { ...P.muottasMuragl, time: '18:00' },
      ],
    },
    // 14 – קו הברנינה
    {
      attractions: [
        { ...P.lagoBianco, time: '09:30' },
        { ...P.alpGrum, time: '12:00' },
        { ...P.morteratsch, time: '15:30' },
      ],
    },
    // 15 – חוצים לאוסטריה
    {
      note: 'רכבת לסקואל, אוטובוס ללנדק ורכבת לאינסברוק – כארבע שעות בסך הכול. כרטיס Swiss Travel Pass תקף רק עד הגבול.',
      attractions: [
        { ...P.scuol, time: '10:30' },
        { ...P.goldenRoof, time: '18:30' },
      ],
    },
    // 16 – אינסברוק
    {
      attractions: [
        { ...P.nordkette, time: '09:00' },
        { ...P.hofburg, time: '14:00' },
        { ...P.bergisel, time: '17:00' },
      ],
    },
    // 17 – האל וסברובסקי
    {
      attractions: [
        { ...P.hallInTirol, time: '09:30' },
        { ...P.swarovski, time: '13:30' },
        { ...P.stadtturm, time: '18:00' },
      ],
    },
    // 18 – גן החיות ואגם אכן
    {
      attractions: [
        { ...P.alpenzoo, time: '09:00' },
        { ...P.achensee, time: '13:00' },
      ],
    },
    // 19 – בוקר אחרון וחזרה
    {
      note: 'רכבת ישירה מאינסברוק לשדה התעופה של ציריך – כארבע שעות. צאו לא יאוחר מ-13:00 לטיסת ערב.',
      attractions: [
        { ...P.ambras, time: '09:00' },
        { ...P.hofgarten, time: '11:30' },
      ],
    },
  ],
  accommodations: [
    {
      name: 'Hotel Schweizerhof Zürich',
      cuntry_and_city: 'שווייץ, ציריך',
      address: 'Bahnhofplatz 7, 8001 Zürich',
      text: 'מלון קלאסי מול התחנה המרכזית – נוח מאוד לטיול ברכבות. חדר משפחה לארבעה.',
      rate: 4.6,
      lat: 47.3774,
      lng: 8.5397,
      firstDay: 0,
      nights: 2,
      status: 'booked',
      booking_confirmation: 'SHZ-0407-48213',
    },
    {
      name: 'Hotel Schweizerhof Luzern',
      cuntry_and_city: 'שווייץ, לוצרן',
      address: 'Schweizerhofquai 3, 6004 Luzern',
      text: 'מלון היסטורי על שפת האגם, חמש דקות הליכה מגשר הקפלה. שני חדרים מחוברים עם נוף לאגם.',
      rate: 4.7,
      lat: 47.054,
      lng: 8.31,
      firstDay: 2,
      nights: 2,
      status: 'booked',
      booking_confirmation: 'SHL-771920',
    },
    {
      name: 'Hotel Interlaken',
      cuntry_and_city: 'שווייץ, אינטרלקן',
      address: 'Höheweg 74, 3800 Interlaken',
      text: 'מלון ותיק עם גן גדול, קרוב לתחנת אינטרלקן אוסט שממנה יוצאות הרכבות להרים.',
      rate: 4.4,
      lat: 46.6885,
      lng: 7.868,
      firstDay: 4,
      nights: 4,
      status: 'booked',
      booking_confirmation: 'HI-2027-0708-3391',
    },
    {
      name: 'Hotel Monte Rosa Zermatt',
      cuntry_and_city: 'שווייץ, צרמט',
      address: 'Bahnhofstrasse 80, 3920 Zermatt',
      text: 'המלון הוותיק בצרמט, שממנו יצאו המטפסים הראשונים אל המטרהורן. ההצעה שלנו – עוד לא הוזמן.',
      rate: 4.6,
      lat: 46.0188,
      lng: 7.7472,
      firstDay: 8,
      nights: 3,
      status: 'base_trip_accomodation',
    },
    {
      name: 'Hotel Waldhaus am See',
      cuntry_and_city: 'שווייץ, סנט מוריץ',
      text: 'מלון משפחתי על שפת האגם, עם מסעדה ובר וויסקי מפורסם. כעשר דקות הליכה מתחנת הרכבת.',
      rate: 4.5,
      lat: 46.4905,
      lng: 9.8395,
      firstDay: 11,
      nights: 3,
      status: 'base_trip_accomodation',
    },
    {
      name: 'Hotel Innsbruck',
      cuntry_and_city: 'אוסטריה, אינסברוק',
      address: 'Innrain 3, 6020 Innsbruck',
      text: 'מלון על גדת נהר האין, צמוד לעיר העתיקה ולגג המוזהב. מהחדרים הפונים לנהר רואים את הבתים הצבעוניים של שכונת מריאהילף.',
      rate: 4.5,
      lat: 47.2688,
      lng: 11.3913,
      firstDay: 14,
      nights: 4,
      status: 'base_trip_accomodation',
    },
  ],
  extraInformation: [
    {
      title: 'כרטיסי רכבת',
      text: 'כרטיס Swiss Travel Pass ל-15 יום מכסה רכבות, אוטובוסים וספינות בשווייץ, ונותן הנחה על רוב רכבות ההרים. לרכבת הקרחונים ולקו הברנינה צריך להזמין מקומות בתשלום נוסף. באוסטריה קונים כרטיסים באפליקציה של ÖBB.',
    },
    {
      title: 'מה לארוז',
      text: 'גם ביולי, בגובה של 3,000 מטר קר מאוד: קחו מעיל, כובע, כפפות ומשקפי שמש. נעלי הליכה עם סוליה טובה לשבילים, ותיקים קטנים שקל להעלות לרכבת.',
    },
    {
      title: 'כסף',
      text: 'בשווייץ משלמים בפרנק שווייצרי, ובאוסטריה ביורו. כרטיסי אשראי מתקבלים כמעט בכל מקום, אבל כדאי להחזיק מעט מזומן לבקתות בהרים.',
    },
  ],
};
