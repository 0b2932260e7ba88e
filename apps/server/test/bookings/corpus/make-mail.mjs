// Writes the corpus's confirmation mails (mail-<lang>-<sender>.eml) and their expected reservations, deterministically:
// `node apps/server/test/bookings/corpus/make-mail.mjs`. Invented content (fake names and numbers), trips in 2027.
// Each mail is multipart/alternative (a plain and an HTML part); some are forwarded: in the body (Gmail, English or
// Hebrew marker) or as an attached message/rfc822 (Outlook's "forward as attachment").
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const TRAVELLER = 'Noa Levi <noa.levi@example.com>';

const b64 = (s) => Buffer.from(s, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
const word = (s) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`);
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const rtl = (lines) => lines.some((l) => /[\u05d0-\u05ea]/.test(l));

function html(lines) {
  const rows = lines.map((l) => {
    const m = /^([^:0-9]{1,40}):\s*(.+)$/.exec(l);
    return m ? `<tr><td><b>${escape(m[1])}:</b></td><td>${escape(m[2])}</td></tr>` : `<tr><td colspan="2">${escape(l)}</td></tr>`;
  });
  return `<!doctype html><html dir="${rtl(lines) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><style>td{padding:4px}</style></head><body><table>${rows.join('')}</table></body></html>`;
}

function alternative(boundary, lines) {
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(lines.join('\n')),
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    b64(html(lines)),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const headers = ({ from, subject, date, to = TRAVELLER }) =>
  [`From: ${word(from.name)} <${from.address}>`, `To: ${to}`, `Subject: ${word(subject)}`, `Date: ${date}`, 'MIME-Version: 1.0'].join('\r\n');

function mail(doc) {
  const { lines, forward } = doc;
  if (!forward) return `${headers(doc)}\r\n${alternative('alt-1', lines)}`;
  const outer = { from: { name: 'Noa Levi', address: 'noa.levi@example.com' }, to: 'trip-4411@in.example.com', date: doc.forwardDate };
  if (forward === 'rfc822') {
    const inner = `${headers(doc)}\r\n${alternative('alt-inner', lines)}`;
    return [
      headers({ ...outer, subject: `FW: ${doc.subject}` }),
      'Content-Type: multipart/mixed; boundary="mixed-1"',
      '',
      '--mixed-1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'FYI - the booking for our trip.',
      '--mixed-1',
      'Content-Type: message/rfc822',
      'Content-Disposition: attachment; filename="confirmation.eml"',
      '',
      inner,
      '--mixed-1--',
      '',
    ].join('\r\n');
  }
  const quoted =
    forward === 'gmail-he'
      ? ['ראו למטה', '', '---------- הודעה שהועברה ----------', `מאת: ${doc.from.name} <${doc.from.address}>`, `נושא: ${doc.subject}`, `אל: ${TRAVELLER}`, '']
      : ['See below', '', '---------- Forwarded message ---------', `From: ${doc.from.name} <${doc.from.address}>`, `Subject: ${doc.subject}`, `To: ${TRAVELLER}`, ''];
  return `${headers({ ...outer, subject: `Fwd: ${doc.subject}` })}\r\n${alternative('alt-fwd', [...quoted, ...lines])}`;
}

const flight = (number, reservationNumber, [from, depDate, depTime], [to, arrDate, arrTime]) => ({
  type: 'flight',
  reservationNumber,
  number,
  start: { date: depDate, ...(depTime ? { dateTime: `${depDate}T${depTime}` } : {}), place: { iata: from } },
  end: { date: arrDate, ...(arrTime ? { dateTime: `${arrDate}T${arrTime}` } : {}), place: { iata: to } },
});
const at = (date, time, place) => ({ date, ...(time ? { dateTime: `${date}T${time}` } : {}), ...(place ? { place } : {}) });

export const MAILS = [
  {
    name: 'mail-en-elal',
    from: { name: 'EL AL Israel Airlines', address: 'noreply@elal.co.il' },
    subject: 'Your booking confirmation X7K2LM',
    date: 'Mon, 1 Feb 2027 10:12:00 +0200',
    lines: [
      'EL AL Israel Airlines - Booking confirmation',
      'Dear Ms Noa Levi, thank you for flying with us.',
      'Booking reference: X7K2LM',
      'Passenger: LEVI/NOA MS',
      'Flight LY 315 Tel Aviv (TLV) → Zurich (ZRH)',
      'Departure: Wed, 10 Mar 2027 06:15 Terminal 3',
      'Arrival: Wed, 10 Mar 2027 09:05',
      'Flight LY 346 Zurich (ZRH) → Tel Aviv (TLV)',
      'Departure: Sun, 21 Mar 2027 22:40',
      'Arrival: Mon, 22 Mar 2027 03:35 Terminal 3',
      'Total: USD 1,240.00',
    ],
    expected: [
      flight('LY 315', 'X7K2LM', ['TLV', '2027-03-10', '06:15'], ['ZRH', '2027-03-10', '09:05']),
      flight('LY 346', 'X7K2LM', ['ZRH', '2027-03-21', '22:40'], ['TLV', '2027-03-22', '03:35']),
    ],
  },
  {
    name: 'mail-he-elal',
    forward: 'gmail-he',
    forwardDate: 'Tue, 2 Feb 2027 08:00:00 +0200',
    from: { name: 'אל על', address: 'noreply@elal.co.il' },
    subject: 'אישור הזמנה K9PL2Q',
    date: 'Mon, 1 Feb 2027 21:40:00 +0200',
    lines: [
      'אל על נתיבי אויר לישראל - אישור הזמנה',
      'מספר הזמנה: K9PL2Q',
      'נוסע: נועה לוי',
      'טיסה LY 5 מתל אביב (TLV) לניו יורק (JFK)',
      'המראה: 05/04/2027 00:45 טרמינל 3',
      'נחיתה: 05/04/2027 05:50',
      'סה"כ לתשלום: ₪3,450.90',
    ],
    expected: [flight('LY 5', 'K9PL2Q', ['TLV', '2027-04-05', '00:45'], ['JFK', '2027-04-05', '05:50'])],
  },
  {
    name: 'mail-en-israir',
    from: { name: 'Israir Airlines', address: 'tickets@israir.co.il' },
    subject: 'Israir e-ticket ABC123',
    date: 'Fri, 5 Mar 2027 14:00:00 +0200',
    lines: [
      'Israir Airlines - Your e-ticket',
      'Booking code: ABC123',
      'Passenger: Dan Cohen',
      'Flight 6H 841 Tel Aviv (TLV) to Rhodes (RHO)',
      'Departs 2 Aug 2027 at 5:30 PM, arrives 7:10 PM',
      'Flight 6H 842 Rhodes (RHO) to Tel Aviv (TLV)',
      'Departs 9 Aug 2027 at 8:15 PM, arrives 9:55 PM',
    ],
    expected: [
      flight('6H 841', 'ABC123', ['TLV', '2027-08-02', '17:30'], ['RHO', '2027-08-02', '19:10']),
      flight('6H 842', 'ABC123', ['RHO', '2027-08-09', '20:15'], ['TLV', '2027-08-09', '21:55']),
    ],
  },
  {
    name: 'mail-he-israir',
    from: { name: 'ישראייר', address: 'tickets@israir.co.il' },
    subject: 'כרטיס טיסה ZX81QW',
    date: 'Sun, 6 Jun 2027 09:30:00 +0300',
    lines: [
      'ישראייר - כרטיס טיסה אלקטרוני',
      'קוד הזמנה: ZX81QW',
      'נוסעים: דן כהן, מאיה כהן',
      '6H 103 TLV-ETM 12.07.27 07:00 08:00',
      '6H 108 ETM-TLV 15.07.27 21:30 22:30',
      'מחיר כולל: 1,180 ש"ח',
    ],
    expected: [
      flight('6H 103', 'ZX81QW', ['TLV', '2027-07-12', '07:00'], ['ETM', '2027-07-12', '08:00']),
      flight('6H 108', 'ZX81QW', ['ETM', '2027-07-15', '21:30'], ['TLV', '2027-07-15', '22:30']),
    ],
  },
  {
    name: 'mail-en-arkia',
    forward: 'rfc822',
    forwardDate: 'Thu, 1 Jul 2027 12:00:00 +0300',
    from: { name: 'Arkia Israeli Airlines', address: 'noreply@arkia.co.il' },
    subject: 'Arkia booking RT5YU8',
    date: 'Wed, 30 Jun 2027 18:20:00 +0300',
    lines: [
      'Arkia Israeli Airlines',
      'Thank you for booking with Arkia.',
      'Reservation code: RT5YU8',
      'Passenger: COHEN/DAN MR',
      'IZ 211 | 14 Sep 2027 | TLV 06:40 → LCA 07:45',
      'IZ 212 | 17 Sep 2027 | LCA 21:10 → TLV 22:05',
    ],
    expected: [
      flight('IZ 211', 'RT5YU8', ['TLV', '2027-09-14', '06:40'], ['LCA', '2027-09-14', '07:45']),
      flight('IZ 212', 'RT5YU8', ['LCA', '2027-09-17', '21:10'], ['TLV', '2027-09-17', '22:05']),
    ],
  },
  {
    name: 'mail-he-arkia',
    from: { name: 'ארקיע', address: 'noreply@arkia.co.il' },
    subject: 'אישור הזמנה PP2T7Y',
    date: 'Mon, 4 Oct 2027 11:00:00 +0300',
    lines: [
      'ארקיע קווי תעופה ישראליים',
      'מספר הזמנה: PP2T7Y',
      'נוסע: מאיה כהן',
      'טיסה IZ 3 מתל אביב (TLV) לאילת (ETM)',
      'יציאה: 1 בנובמבר 2027 09:15',
      'הגעה: 1 בנובמבר 2027 10:10',
      'סה"כ: ₪ 389',
    ],
    expected: [flight('IZ 3', 'PP2T7Y', ['TLV', '2027-11-01', '09:15'], ['ETM', '2027-11-01', '10:10'])],
  },
  {
    name: 'mail-en-booking',
    from: { name: 'Booking.com', address: 'noreply@booking.com' },
    subject: 'Your booking is confirmed at Hotel Bellevue Zermatt',
    date: 'Sat, 2 Jan 2027 16:45:00 +0100',
    lines: [
      'Booking.com',
      'Thanks, Noa! Your booking is confirmed.',
      'Hotel Bellevue Zermatt',
      'Bahnhofstrasse 15, 3920 Zermatt, Switzerland',
      'Confirmation number: 4012.558.901',
      'PIN code: 7731',
      'Check-in',
      'Wed, 10 March 2027',
      'from 15:00',
      'Check-out',
      'Sat, 13 March 2027',
      'until 11:00',
      'Total price: CHF 1,290.00',
    ],
    expected: [
      {
        type: 'lodging',
        reservationNumber: '4012.558.901',
        name: 'Hotel Bellevue Zermatt',
        start: at('2027-03-10', '15:00', { name: 'Hotel Bellevue Zermatt' }),
        end: at('2027-03-13', '11:00'),
      },
    ],
  },
  {
    name: 'mail-he-booking',
    forward: 'gmail-en',
    forwardDate: 'Sun, 3 Jan 2027 09:00:00 +0200',
    from: { name: 'Booking.com', address: 'noreply@booking.com' },
    subject: 'ההזמנה שלך במלון דן כרמל אושרה',
    date: 'Sat, 2 Jan 2027 20:10:00 +0200',
    lines: [
      'Booking.com',
      'ההזמנה שלך אושרה',
      'מלון דן כרמל',
      'שדרות הנשיא 85, חיפה, ישראל',
      'מספר אישור: 3321.447.120',
      'קוד PIN: 1234',
      "צ'ק-אין: יום ד', 10 במרץ 2027 (מ-15:00)",
      "צ'ק-אאוט: שבת, 13 במרץ 2027 (עד 11:00)",
      'מחיר: 2,340 ש"ח',
    ],
    expected: [
      {
        type: 'lodging',
        reservationNumber: '3321.447.120',
        name: 'מלון דן כרמל',
        start: at('2027-03-10', '15:00', { name: 'מלון דן כרמל' }),
        end: at('2027-03-13', '11:00'),
      },
    ],
  },
  {
    name: 'mail-en-airbnb',
    from: { name: 'Airbnb', address: 'automated@airbnb.com' },
    subject: 'Reservation confirmed for Haifa',
    date: 'Tue, 12 Jan 2027 07:05:00 -0800',
    lines: [
      'Airbnb',
      'Reservation confirmed',
      "You're going to Haifa!",
      'Sunny loft near the port',
      'Entire rental unit hosted by Dana',
      'Check-in Checkout',
      'Wed, Mar 10, 2027 Sat, Mar 13, 2027',
      '4:00 PM 11:00 AM',
      'Address',
      '12 Yafo St, Haifa, Israel',
      'Confirmation code',
      'HMABCD1234',
      'Total (USD) $450.00',
    ],
    expected: [
      {
        type: 'lodging',
        reservationNumber: 'HMABCD1234',
        name: 'Sunny loft near the port',
        start: at('2027-03-10', '16:00', { name: 'Sunny loft near the port' }),
        end: at('2027-03-13', '11:00'),
      },
    ],
  },
  {
    name: 'mail-he-airbnb',
    from: { name: 'Airbnb', address: 'automated@airbnb.com' },
    subject: 'ההזמנה שלך בירושלים אושרה',
    date: 'Thu, 8 Apr 2027 19:00:00 +0300',
    lines: [
      'Airbnb',
      'ההזמנה שלך אושרה',
      'דירת גן שקטה בעין כרם',
      'מארחת: מיכל',
      "צ'ק-אין: 02/06/2027, 15:00",
      "צ'ק-אאוט: 05/06/2027, 10:00",
      'כתובת: הבריכה 4, ירושלים',
      'קוד אישור: HMZZ88XY77',
      'סה"כ: ₪1,530',
    ],
    expected: [
      {
        type: 'lodging',
        reservationNumber: 'HMZZ88XY77',
        name: 'דירת גן שקטה בעין כרם',
        start: at('2027-06-02', '15:00', { name: 'דירת גן שקטה בעין כרם' }),
        end: at('2027-06-05', '10:00'),
      },
    ],
  },
  {
    name: 'mail-en-hotel',
    from: { name: 'Hotel Lindenhof Lucerne', address: 'reservations@lindenhof-lucerne.example' },
    subject: 'Reservation confirmation LH-20931',
    date: 'Fri, 15 Jan 2027 10:00:00 +0100',
    lines: [
      'Hotel Lindenhof Lucerne',
      'Dear Ms Levi, thank you for your reservation.',
      'Confirmation number: LH-20931',
      'Arrival: 14/03/2027',
      'Departure: 16/03/2027',
      'Room: Double room, lake view',
      'Address: Seestrasse 8, 6004 Lucerne, Switzerland',
      'Rate: EUR 189 per night',
    ],
    expected: [
      {
        type: 'lodging',
        reservationNumber: 'LH-20931',
        name: 'Hotel Lindenhof Lucerne',
        start: at('2027-03-14', undefined, { name: 'Hotel Lindenhof Lucerne' }),
        end: at('2027-03-16'),
      },
    ],
  },
  {
    name: 'mail-he-hotel',
    forward: 'gmail-he',
    forwardDate: 'Wed, 2 Jun 2027 08:30:00 +0300',
    from: { name: 'מלון לאונרדו פלאזה אילת', address: 'eilat@leonardo-hotels.example' },
    subject: 'אישור הזמנה 889123',
    date: 'Tue, 1 Jun 2027 17:00:00 +0300',
    lines: [
      'מלון לאונרדו פלאזה אילת',
      'אורח/ת יקר/ה, תודה שבחרת בנו.',
      'מספר אישור: 889123',
      'תאריך הגעה: 14/08/2027 14:00',
      'תאריך עזיבה: 16/08/2027 11:00',
      'הרכב: 2 מבוגרים',
      'כתובת: שדרות התמרים 2, אילת',
    ],
    expected: [
      {
        type: 'lodging',
        reservationNumber: '889123',
        name: 'מלון לאונרדו פלאזה אילת',
        start: at('2027-08-14', '14:00', { name: 'מלון לאונרדו פלאזה אילת' }),
        end: at('2027-08-16', '11:00'),
      },
    ],
  },
  {
    name: 'mail-en-car',
    from: { name: 'Hertz', address: 'reservations@emails.hertz.example' },
    subject: 'Your Hertz reservation K1234567890',
    date: 'Wed, 3 Feb 2027 12:00:00 +0100',
    lines: [
      'Hertz - Your reservation is confirmed',
      'Confirmation number: K1234567890',
      'Vehicle: VW Golf or similar',
      'Pick-up: Wed, 10 Mar 2027 09:30',
      'Location: Zurich Airport, Terminal 1',
      'Return: Sat, 13 Mar 2027 18:00',
      'Location: Geneva Cornavin Station',
      'Estimated total: EUR 320',
    ],
    expected: [
      {
        type: 'car',
        reservationNumber: 'K1234567890',
        name: 'VW Golf or similar',
        start: at('2027-03-10', '09:30', { name: 'Zurich Airport, Terminal 1' }),
        end: at('2027-03-13', '18:00', { name: 'Geneva Cornavin Station' }),
      },
    ],
  },
  {
    name: 'mail-he-car',
    forward: 'rfc822',
    forwardDate: 'Mon, 7 Jun 2027 09:00:00 +0300',
    from: { name: 'אלדן השכרת רכב', address: 'booking@eldan.example' },
    subject: 'אישור הזמנת רכב 7700451',
    date: 'Sun, 6 Jun 2027 15:30:00 +0300',
    lines: [
      'אלדן - השכרת רכב',
      'מספר הזמנה: 7700451',
      'קבוצת רכב: B - יונדאי i20',
      'איסוף: 12/07/2027 10:00',
      'סניף: נמל התעופה רמון',
      'החזרה: 15/07/2027',
      'סניף: אילת מרכז',
      'סה"כ לתשלום: ₪ 690',
    ],
    expected: [
      {
        type: 'car',
        reservationNumber: '7700451',
        name: 'B - יונדאי i20',
        start: at('2027-07-12', '10:00', { name: 'נמל התעופה רמון' }),
        end: at('2027-07-15', undefined, { name: 'אילת מרכז' }),
      },
    ],
  },
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const doc of MAILS) {
    writeFileSync(join(here, `${doc.name}.eml`), mail(doc));
    writeFileSync(join(here, `${doc.name}.expected.json`), `${JSON.stringify({ reservations: doc.expected }, null, 2)}\n`);
  }
}
