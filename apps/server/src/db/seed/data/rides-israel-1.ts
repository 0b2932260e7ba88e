import { HE } from './rides-israel-places-he.js';
import type { DemoRide } from './types.js';

/** Trip 1 – the Hebrew base trip across Israel, north to south (14 days); public and copyable, as its text says (decision 0042). */
export const ride1: DemoRide = {
  id: 1,
  title: 'ישראל מצפון לדרום – 14 יום',
  text:
    '<p>מסלול קלאסי של שבועיים שחוצה את הארץ <b>מהגליל והגולן ועד אילת</b>: ערים עתיקות, מעיינות ונחלים בצפון, חופי הים התיכון, ירושלים, ים המלח והמדבר.</p>' +
    '<p>המסלול מתאים למשפחה עם רכב שכור, בקצב של שלוש-ארבע תחנות ביום. אפשר להעתיק אותו ולהתאים אותו לעצמכם.</p>',
  language: 'hebrew',
  startDate: '2026-03-15',
  party: { adults: 2, teens: 1, children: 1 },
  physicalDisabilities: false,
  author: 'planner',
  isBasedRide: true,
  isLocked: false,
  isPrivate: false,
  isWhiteLabel: false,
  category: 'template',
  days: [
    // 1 – חיפה
    {
      note: 'איסוף הרכב השכור בנתב"ג ונסיעה של כשעה וחצי לחיפה. בחיפה עדיף להשאיר את הרכב בחניון ולהתנייד ברגל ובמונית.',
      attractions: [
        { ...HE.haifaBahaiGardens, time: '11:00' },
        { ...HE.haifaGermanColony, time: '13:30' },
        { ...HE.haifaStellaMaris, time: '16:30' },
      ],
    },
    // 2 – ראש הנקרה ועכו
    {
      attractions: [
        { ...HE.roshHanikra, time: '09:00' },
        { ...HE.akkoKnightsHalls, time: '11:30' },
        HE.akkoTemplarTunnel,
        { ...HE.akkoPort, time: '17:00' },
      ],
    },
    // 3 – צפת
    {
      attractions: [
        { ...HE.safedOldCity, time: '10:00' },
        HE.safedAriSynagogue,
        { ...HE.safedCitadel, time: '17:30' },
      ],
    },
    // 4 – צפון הגולן
    {
      attractions: [{ ...HE.telDan, time: '08:30' }, { ...HE.banias, time: '11:30' }, HE.nimrodFortress],
    },
    // 5 – מרכז הגולן
    {
      attractions: [{ ...HE.mountBental, time: '09:30' }, HE.deKarina, { ...HE.gamla, time: '14:00' }],
    },
    // 6 – הכנרת
    {
      attractions: [
        { ...HE.mountOfBeatitudes, time: '09:00' },
        HE.tabgha,
        HE.capernaum,
        { ...HE.tiberiasPromenade, time: '18:00' },
      ],
    },
    // 7 – נצרת ועמק בית שאן
    {
      note: 'באתרים הנוצריים בגליל נדרש לבוש שמכסה כתפיים וברכיים. קחו בגדי ים לסחנה.',
      attractions: [
        { ...HE.nazarethAnnunciation, time: '09:00' },
        { ...HE.beitShean, time: '11:30' },
        { ...HE.sachne, time: '15:00' },
      ],
    },
    // 8 – קיסריה ותל אביב
    {
      attractions: [
        { ...HE.caesarea, time: '10:00' },
        HE.caesareaAqueduct,
        { ...HE.telAvivPort, time: '18:30' },
      ],
    },
    // 9 – תל אביב ויפו
    {
      note: 'יום של הליכה: משדרות רוטשילד ועד נמל יפו כארבעה קילומטרים. אפשר לחזור למלון באופניים של תל-אופן.',
      attractions: [
        { ...HE.rothschildBoulevard, time: '09:00' },
        { ...HE.carmelMarket, time: '10:30' },
        HE.neveTzedek,
        HE.oldJaffa,
        { ...HE.jaffaPort, time: '18:00' },
      ],
    },
    // 10 – ירושלים, העיר העתיקה
    {
      attractions: [
        { ...HE.towerOfDavid, time: '09:00' },
        HE.holySepulchre,
        HE.jewishQuarterCardo,
        { ...HE.westernWall, time: '16:00' },
      ],
    },
    // 11 – ירושלים, העיר החדשה
    {
      note: 'יד ושם סגור בשבת; אם היום הזה יוצא בשבת, החליפו אותו עם היום הקודם.',
      attractions: [
        { ...HE.yadVashem, time: '09:00' },
        { ...HE.israelMuseum, time: '13:30' },
        { ...HE.mahaneYehuda, time: '19:00' },
      ],
    },
    // 12 – ים המלח
    {
      attractions: [
        { ...HE.qumran, time: '08:30' },
        { ...HE.einGedi, time: '10:30' },
        { ...HE.einBokekBeach, time: '15:00' },
      ],
    },
    // 13 – מצדה והנגב
    {
      note: 'השכמה בארבע וחצי לעלייה בשביל הנחש. קחו פנס ולפחות שני ליטר מים לאדם. אחר כך נסיעה של כשעתיים לשדה בוקר.',
      attractions: [
        { ...HE.masada, time: '05:00' },
        { ...HE.benGurionTomb, time: '11:00' },
        HE.einAvdat,
        { ...HE.ramonVisitorCenter, time: '17:00' },
      ],
    },
    // 14 – תמנע ואילת
    {
      attractions: [
        { ...HE.timnaPark, time: '08:30' },
        { ...HE.coralBeach, time: '13:00' },
        HE.underwaterObservatory,
      ],
    },
  ],
  accommodations: [
    {
      name: 'מלון קולוני חיפה',
      cuntry_and_city: 'ישראל, חיפה',
      address: 'שדרות בן-גוריון 28, חיפה',
      text: 'מלון בוטיק בבית טמפלרי משוחזר במושבה הגרמנית, מול הגנים הבהאיים.',
      rate: 4.5,
      lat: 32.8186,
      lng: 34.9884,
      firstDay: 0,
      nights: 1,
      status: 'base_trip_accomodation',
    },
    {
      name: 'מלון רות רימונים צפת',
      cuntry_and_city: 'ישראל, צפת',
      text: 'מלון אבן ותיק ברובע האמנים, עם בריכה ותצפית על הרי מירון. נוח לשני הלילות בגליל העליון.',
      rate: 4.3,
      lat: 32.963,
      lng: 35.4935,
      firstDay: 1,
      nights: 2,
      status: 'base_trip_accomodation',
    },
    {
      name: 'מרום גולן – כפר נופש',
      cuntry_and_city: 'ישראל, מרום גולן',
      text: 'בקתות עץ בקיבוץ למרגלות הר בנטל, עם מסעדת בשרים במקום. נקודת יציאה מצוינת לשני ימי הגולן.',
      rate: 4.5,
      lat: 33.1315,
      lng: 35.7765,
      firstDay: 3,
      nights: 2,
      status: 'base_trip_accomodation',
    },
    {
      name: 'מלון סקוטי טבריה',
      cuntry_and_city: 'ישראל, טבריה',
      address: 'גדוד ברק 1, טבריה',
      link: 'https://www.scotshotels.co.il/',
      text: 'מלון בבניין היסטורי של בית חולים סקוטי, עם גן פנימי ובריכה, כמה דקות הליכה מהכנרת.',
      rate: 4.7,
      lat: 32.7924,
      lng: 35.5378,
      firstDay: 5,
      nights: 2,
      status: 'base_trip_accomodation',
    },
    {
      name: 'מלון מונטיפיורי',
      cuntry_and_city: 'ישראל, תל אביב-יפו',
      address: 'מונטיפיורי 36, תל אביב-יפו',
      text: 'מלון בוטיק קטן עם מסעדה מצוינת, בין שדרות רוטשילד לנווה צדק.',
      rate: 4.6,
      lat: 32.0637,
      lng: 34.7722,
      firstDay: 7,
      nights: 2,
      status: 'base_trip_accomodation',
    },
    {
      name: 'מלון אמריקן קולוני',
      cuntry_and_city: 'ישראל, ירושלים',
      address: 'לואי וינסנט 1, ירושלים',
      link: 'https://www.americancolony.com/',
      text: 'מלון היסטורי בבית פשה עות׳מאני, עם חצר פנימית שקטה, כעשר דקות הליכה משער שכם.',
      rate: 4.6,
      lat: 31.7897,
      lng: 35.2273,
      firstDay: 9,
      nights: 2,
      status: 'base_trip_accomodation',
    },
    {
      name: 'מלון קיבוץ עין גדי',
      cuntry_and_city: 'ישראל, עין גדי',
      text: 'מלון בתוך הגן הבוטני של הקיבוץ, עם בריכה ונוף לים המלח. כעשרים דקות נסיעה מרגלי מצדה.',
      rate: 4.5,
      lat: 31.4526,
      lng: 35.3848,
      firstDay: 11,
      nights: 1,
      status: 'base_trip_accomodation',
    },
    {
      name: 'מלון בראשית מצפה רמון',
      cuntry_and_city: 'ישראל, מצפה רמון',
      text: 'מלון על שפת מכתש רמון, עם בריכה שצופה אל המכתש. בלילה מתאים לצפייה בכוכבים.',
      rate: 4.7,
      lat: 30.6118,
      lng: 34.793,
      firstDay: 12,
      nights: 1,
      status: 'base_trip_accomodation',
    },
  ],
  extraInformation: [
    {
      title: 'תחבורה',
      text: 'המסלול בנוי לנסיעה ברכב שכור. בצפון ובנגב הנסיעה נוחה, אבל בירושלים ובתל אביב עדיף להשאיר את הרכב בחניה ולהתנייד ברגל, ברכבת הקלה ובמוניות. כביש 6 הוא כביש אגרה, והחיוב מגיע דרך חברת ההשכרה.',
    },
    {
      title: 'מה לארוז',
      text: 'נעלי הליכה נוחות, סנדלים שמתאימים למים, כובע וקרם הגנה. לאתרים הקדושים בירושלים ובגליל נדרש לבוש צנוע שמכסה כתפיים וברכיים.',
    },
    {
      title: 'כרטיסי כניסה',
      text: 'רבים מהאתרים במסלול שייכים לרשות הטבע והגנים. כרטיס מנוי של הרשות משתלם כבר אחרי חמישה-שישה ביקורים, ובחלק מהאתרים חובה להזמין מקום מראש באתר הרשות.',
    },
  ],
};
