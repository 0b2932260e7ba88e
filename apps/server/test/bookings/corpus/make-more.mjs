// Writes the rest of the corpus, deterministically: schema.org JSON-LD (saved pages and mails whose HTML part carries
// the markup), .ics calendar files and pasted texts, each beside its expected reservations:
// `node apps/server/test/bookings/corpus/make-more.mjs`. Invented content (fake names and numbers), trips in 2027.
// Mails are multipart/alternative, UTF-8, quoted-printable or base64 as real mailers send them.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

const b64 = (s) => Buffer.from(s, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
const word = (s) => (/^[\x20-\x7e]*$/.test(s) ? s : `=?UTF-8?B?${Buffer.from(s, 'utf8').toString('base64')}?=`);
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Quoted-printable (RFC 2045 6.7): UTF-8 bytes, "=" and 8-bit escaped, lines soft-broken at 76 characters. */
function qp(text) {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const bytes = [...Buffer.from(line, 'utf8')];
      const tokens = bytes.map((b, i) =>
        b === 0x3d || b > 0x7e || (b < 0x20 && b !== 0x09) || ((b === 0x20 || b === 0x09) && i === bytes.length - 1)
          ? `=${b.toString(16).toUpperCase().padStart(2, '0')}`
          : String.fromCharCode(b),
      );
      const out = [];
      let current = '';
      for (const t of tokens) {
        if (current.length + t.length > 75) {
          out.push(`${current}=`);
          current = '';
        }
        current += t;
      }
      out.push(current);
      return out.join('\r\n');
    })
    .join('\r\n');
}

const encode = { 'quoted-printable': qp, base64: b64 };

/** The HTML part of a confirmation: its visible lines, then its JSON-LD in a script element, as Gmail asks for it. */
function page({ title, lines, jsonld, he }) {
  const body = lines.map((l) => `<p>${escape(l)}</p>`).join('\n');
  return [
    '<!DOCTYPE html>',
    `<html lang="${he ? 'he' : 'en'}" dir="${he ? 'rtl' : 'ltr'}">`,
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escape(title)}</title>`,
    '<script type="application/ld+json">',
    JSON.stringify(jsonld, null, 2),
    '</script>',
    '</head>',
    `<body style="font-family: Arial, sans-serif">`,
    body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

function mail({ from, to, subject, date, messageId, encoding, title, lines, jsonld, he }) {
  const boundary = `=_alt_${messageId.replace(/\W/g, '').slice(0, 16)}`;
  const part = (type, content) =>
    [`--${boundary}`, `Content-Type: ${type}; charset="UTF-8"`, `Content-Transfer-Encoding: ${encoding}`, '', encode[encoding](content)].join('\r\n');
  return [
    `From: ${word(from.name)} <${from.address}>`,
    `To: ${to}`,
    `Subject: ${word(subject)}`,
    `Date: ${date}`,
    `Message-ID: <${messageId}>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', lines.join('\n')),
    part('text/html', page({ title, lines, jsonld, he })),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

const at = (date, time, extra = {}) => ({ date, ...(time ? { dateTime: `${date}T${time}` } : {}), ...extra });

// ---- JSON-LD -------------------------------------------------------------------------------------------------------

const lufthansaLeg = (passenger, seat, number, [fromCode, fromName, dep], [toCode, toName, arr]) => ({
  '@context': 'http://schema.org',
  '@type': 'FlightReservation',
  reservationNumber: 'LQ8T4N',
  reservationStatus: 'http://schema.org/ReservationConfirmed',
  underName: { '@type': 'Person', name: passenger },
  airplaneSeat: seat,
  reservationFor: {
    '@type': 'Flight',
    flightNumber: number,
    airline: { '@type': 'Airline', name: 'Lufthansa', iataCode: 'LH' },
    departureAirport: { '@type': 'Airport', name: fromName, iataCode: fromCode },
    departureTime: dep,
    arrivalAirport: { '@type': 'Airport', name: toName, iataCode: toCode },
    arrivalTime: arr,
  },
});

const outbound = ['691', ['TLV', 'Tel Aviv Ben Gurion', '2027-05-02T06:15:00+03:00'], ['FRA', 'Frankfurt', '2027-05-02T09:50:00+02:00']];
const inbound = ['690', ['FRA', 'Frankfurt', '2027-05-09T13:25:00+02:00'], ['TLV', 'Tel Aviv Ben Gurion', '2027-05-09T18:05:00+03:00']];

const DOCS = [
  {
    name: 'jsonld-en-flight.eml',
    content: mail({
      from: { name: 'Lufthansa', address: 'booking-confirmation@lufthansa.example' },
      to: 'Omer Shapiro <omer.shapiro@example.com>',
      subject: 'Your booking confirmation LQ8T4N: Tel Aviv - Frankfurt',
      date: 'Tue, 16 Feb 2027 08:41:12 +0100',
      messageId: '20270216084112.LQ8T4N@lufthansa.example',
      encoding: 'quoted-printable',
      title: 'Booking confirmation',
      lines: [
        'Lufthansa',
        'Your booking confirmation',
        'Booking code: LQ8T4N',
        'Passengers: Omer Shapiro, Tamar Shapiro',
        'LH 691 Tel Aviv (TLV) - Frankfurt (FRA)',
        'Sun, 2 May 2027, 06:15 - 09:50',
        'LH 690 Frankfurt (FRA) - Tel Aviv (TLV)',
        'Sun, 9 May 2027, 13:25 - 18:05',
        'Seats: 23A, 23B',
        'We wish you a pleasant flight.',
      ],
      // One node per passenger and leg, as airlines write it: two reservations, each with both travellers.
      jsonld: [
        lufthansaLeg('Omer Shapiro', '23A', ...outbound),
        lufthansaLeg('Tamar Shapiro', '23B', ...outbound),
        lufthansaLeg('Omer Shapiro', '23A', ...inbound),
        lufthansaLeg('Tamar Shapiro', '23B', ...inbound),
      ],
    }),
    expected: [
      {
        type: 'flight',
        reservationNumber: 'LQ8T4N',
        number: 'LH 691',
        travellers: ['Omer Shapiro', 'Tamar Shapiro'],
        start: at('2027-05-02', '06:15', { place: { iata: 'TLV' } }),
        end: at('2027-05-02', '09:50', { place: { iata: 'FRA' } }),
      },
      {
        type: 'flight',
        reservationNumber: 'LQ8T4N',
        number: 'LH 690',
        travellers: ['Omer Shapiro', 'Tamar Shapiro'],
        start: at('2027-05-09', '13:25', { place: { iata: 'FRA' } }),
        end: at('2027-05-09', '18:05', { place: { iata: 'TLV' } }),
      },
    ],
  },
  {
    name: 'jsonld-en-lodging.html',
    content: page({
      title: 'Reservation confirmed - Hotel Miradouro Alfama',
      lines: [
        'Reservation confirmed',
        'Hotel Miradouro Alfama',
        'Rua de São Miguel 21, 1100-544 Lisboa, Portugal',
        'Confirmation number: HMA-558120',
        'Guest: Yael Abraham',
        'Check-in: Thu, 20 May 2027 from 15:00',
        'Check-out: Mon, 24 May 2027 until 11:00',
        'Room: Superior double, river view',
        'Total: EUR 736.00',
      ],
      jsonld: {
        '@context': 'https://schema.org',
        '@type': 'LodgingReservation',
        reservationNumber: 'HMA-558120',
        reservationStatus: 'https://schema.org/ReservationConfirmed',
        underName: { '@type': 'Person', name: 'Yael Abraham' },
        reservationFor: {
          '@type': 'Hotel',
          name: 'Hotel Miradouro Alfama',
          address: {
            '@type': 'PostalAddress',
            streetAddress: 'Rua de São Miguel 21',
            addressLocality: 'Lisboa',
            postalCode: '1100-544',
            addressCountry: 'PT',
          },
          geo: { '@type': 'GeoCoordinates', latitude: 38.7113, longitude: -9.1297 },
          telephone: '+351 21 000 0000',
        },
        checkinTime: '2027-05-20T15:00:00+01:00',
        checkoutTime: '2027-05-24T11:00:00+01:00',
        totalPrice: '736.00',
        priceCurrency: 'EUR',
      },
    }),
    expected: [
      {
        type: 'lodging',
        reservationNumber: 'HMA-558120',
        name: 'Hotel Miradouro Alfama',
        start: at('2027-05-20', '15:00', { timeZone: 'Europe/Lisbon', place: { name: 'Hotel Miradouro Alfama' } }),
        end: at('2027-05-24', '11:00', { timeZone: 'Europe/Lisbon' }),
      },
    ],
  },
  {
    name: 'jsonld-en-event.eml',
    content: mail({
      from: { name: 'Barbican Box Office', address: 'tickets@barbican-boxoffice.example' },
      to: 'Dana Mizrahi <dana.mizrahi@example.com>',
      subject: 'Your tickets: The Lior Ben-Ami Quartet, Fri 18 June 2027',
      date: 'Mon, 8 Mar 2027 19:02:55 +0000',
      messageId: 'order-BRB448210@barbican-boxoffice.example',
      encoding: 'base64',
      title: 'Your tickets',
      lines: [
        'Barbican Box Office',
        'Thank you for your order, Dana.',
        'Order number: BRB-448210',
        'The Lior Ben-Ami Quartet',
        'Fri 18 June 2027, 19:30',
        'Barbican Hall, Silk Street, London EC2Y 8DS',
        '2 tickets, Stalls row K, seats 14-15',
        'Total paid: GBP 84.00',
      ],
      // A site that writes its whole page as one graph: the organisation, the page, the reservation.
      jsonld: {
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Organization', '@id': '#boxoffice', name: 'Barbican Box Office', url: 'https://barbican-boxoffice.example' },
          { '@type': 'WebPage', name: 'Your tickets', publisher: { '@id': '#boxoffice' } },
          {
            '@type': 'EventReservation',
            reservationNumber: 'BRB-448210',
            reservationStatus: 'https://schema.org/ReservationConfirmed',
            underName: { '@type': 'Person', name: 'Dana Mizrahi' },
            provider: { '@id': '#boxoffice', name: 'Barbican Box Office' },
            reservationFor: {
              '@type': 'MusicEvent',
              name: 'The Lior Ben-Ami Quartet',
              startDate: '2027-06-18T19:30:00+01:00',
              endDate: '2027-06-18T21:45:00+01:00',
              location: {
                '@type': 'Place',
                name: 'Barbican Hall',
                address: { '@type': 'PostalAddress', streetAddress: 'Silk Street', addressLocality: 'London', postalCode: 'EC2Y 8DS', addressCountry: 'GB' },
                geo: { '@type': 'GeoCoordinates', latitude: 51.5202, longitude: -0.0938 },
              },
            },
            totalPrice: { '@type': 'PriceSpecification', price: '84.00', priceCurrency: 'GBP' },
          },
        ],
      },
    }),
    expected: [
      {
        type: 'event',
        reservationNumber: 'BRB-448210',
        name: 'The Lior Ben-Ami Quartet',
        start: at('2027-06-18', '19:30', { timeZone: 'Europe/London', place: { name: 'Barbican Hall' } }),
        end: at('2027-06-18', '21:45', { timeZone: 'Europe/London' }),
      },
    ],
  },
  {
    name: 'jsonld-he-train.html',
    content: page({
      he: true,
      title: 'אישור הזמנה - רכבת מילאנו-רומא',
      lines: [
        'ההזמנה שלך אושרה',
        'מספר הזמנה: X4KD9P',
        'נוסעת: יעל אברהם',
        'Frecciarossa 9527 - Trenitalia',
        'יציאה: 10 ביוני 2027 08:10 Milano Centrale',
        'הגעה: 10 ביוני 2027 11:20 Roma Termini',
        'קרון 6, מושב 11A',
        'סה"כ: 79.90 €',
      ],
      jsonld: {
        '@context': 'http://schema.org',
        '@type': 'TrainReservation',
        reservationNumber: 'X4KD9P',
        reservationStatus: 'http://schema.org/ReservationConfirmed',
        underName: { '@type': 'Person', name: 'יעל אברהם' },
        reservationFor: {
          '@type': 'TrainTrip',
          trainNumber: 'FR 9527',
          trainName: 'Frecciarossa',
          provider: { '@type': 'Organization', name: 'Trenitalia' },
          departureStation: {
            '@type': 'TrainStation',
            name: 'Milano Centrale',
            geo: { '@type': 'GeoCoordinates', latitude: 45.4861, longitude: 9.2044 },
          },
          departureTime: '2027-06-10T08:10:00+02:00',
          arrivalStation: {
            '@type': 'TrainStation',
            name: 'Roma Termini',
            geo: { '@type': 'GeoCoordinates', latitude: 41.9010, longitude: 12.5018 },
          },
          arrivalTime: '2027-06-10T11:20:00+02:00',
        },
        reservedTicket: { '@type': 'Ticket', ticketedSeat: { '@type': 'Seat', seatSection: '6', seatNumber: '11A' } },
        totalPrice: '79.90',
        priceCurrency: 'EUR',
      },
    }),
    expected: [
      {
        type: 'train',
        reservationNumber: 'X4KD9P',
        number: 'FR 9527',
        start: at('2027-06-10', '08:10', { timeZone: 'Europe/Rome', place: { name: 'Milano Centrale' } }),
        end: at('2027-06-10', '11:20', { timeZone: 'Europe/Rome', place: { name: 'Roma Termini' } }),
      },
    ],
  },
  {
    name: 'jsonld-he-bus.eml',
    content: mail({
      he: true,
      from: { name: 'FlixBus', address: 'noreply@flixbus.example' },
      to: 'Itai Golan <itai.golan@example.com>',
      subject: 'אישור ההזמנה שלך 3108 442 917 - ברלין ← פראג',
      date: 'Sat, 15 May 2027 22:14:03 +0200',
      messageId: 'booking.3108442917@flixbus.example',
      encoding: 'base64',
      title: 'אישור הזמנה',
      lines: [
        'FlixBus',
        'תודה שהזמנת, איתי!',
        'מספר הזמנה: 3108442917',
        'קו N1512: ברלין ← פראג',
        'יציאה: שבת, 3 ביולי 2027, 07:45 - Berlin ZOB',
        'הגעה: שבת, 3 ביולי 2027, 12:20 - Praha ÚAN Florenc',
        'נוסע: איתי גולן',
        'סה"כ: 24.99 €',
      ],
      jsonld: {
        '@context': 'http://schema.org',
        '@type': 'BusReservation',
        reservationNumber: '3108442917',
        reservationStatus: 'http://schema.org/ReservationConfirmed',
        underName: { '@type': 'Person', name: 'איתי גולן' },
        reservationFor: {
          '@type': 'BusTrip',
          busNumber: 'N1512',
          busName: 'FlixBus',
          provider: { '@type': 'Organization', name: 'FlixBus' },
          departureBusStop: {
            '@type': 'BusStation',
            name: 'Berlin ZOB',
            geo: { '@type': 'GeoCoordinates', latitude: 52.5074, longitude: 13.279 },
          },
          departureTime: '2027-07-03T07:45:00+02:00',
          arrivalBusStop: {
            '@type': 'BusStation',
            name: 'Praha ÚAN Florenc',
            geo: { '@type': 'GeoCoordinates', latitude: 50.0897, longitude: 14.44 },
          },
          arrivalTime: '2027-07-03T12:20:00+02:00',
        },
        totalPrice: '24.99',
        priceCurrency: 'EUR',
      },
    }),
    expected: [
      {
        type: 'bus',
        reservationNumber: '3108442917',
        number: 'N1512',
        start: at('2027-07-03', '07:45', { timeZone: 'Europe/Berlin', place: { name: 'Berlin ZOB' } }),
        end: at('2027-07-03', '12:20', { timeZone: 'Europe/Prague', place: { name: 'Praha ÚAN Florenc' } }),
      },
    ],
  },
  {
    name: 'jsonld-he-ferry.eml',
    content: mail({
      he: true,
      from: { name: 'פריגו - כרטיסי מעבורות', address: 'tickets@ferrygo.example' },
      to: 'Maya Cohen <maya.cohen@example.com>',
      subject: 'הכרטיסים שלך למעבורת: פיראוס ← סנטוריני, 16 באוגוסט 2027',
      date: 'Thu, 3 Jun 2027 11:27:40 +0300',
      messageId: 'FG-77310542@ferrygo.example',
      encoding: 'quoted-printable',
      title: 'כרטיסי מעבורת',
      lines: [
        'פריגו - כרטיסי מעבורות',
        'ההזמנה שלך אושרה',
        'מספר הזמנה: FG-77310542',
        'Blue Star Ferries - Blue Star Delos',
        'יציאה: יום ב\', 16 באוגוסט 2027, 07:25 - נמל פיראוס, שער E7',
        'הגעה: יום ב\', 16 באוגוסט 2027, 15:10 - סנטוריני (Athinios)',
        'נוסעת: מאיה כהן, מושב במחלקת תיירים',
        'יש להגיע לנמל שעה לפני ההפלגה.',
        'סה"כ: 58.50 €',
      ],
      jsonld: {
        '@context': 'http://schema.org',
        '@type': 'BoatReservation',
        reservationNumber: 'FG-77310542',
        reservationStatus: 'http://schema.org/ReservationConfirmed',
        underName: { '@type': 'Person', name: 'מאיה כהן' },
        reservationFor: {
          '@type': 'BoatTrip',
          provider: { '@type': 'Organization', name: 'Blue Star Ferries' },
          departureBoatTerminal: {
            '@type': 'BoatTerminal',
            name: 'נמל פיראוס, שער E7',
            geo: { '@type': 'GeoCoordinates', latitude: 37.9445, longitude: 23.6398 },
          },
          departureTime: '2027-08-16T07:25:00+03:00',
          arrivalBoatTerminal: {
            '@type': 'BoatTerminal',
            name: 'סנטוריני (Athinios)',
            geo: { '@type': 'GeoCoordinates', latitude: 36.3864, longitude: 25.4318 },
          },
          arrivalTime: '2027-08-16T15:10:00+03:00',
        },
        totalPrice: '58.50',
        priceCurrency: 'EUR',
      },
    }),
    expected: [
      {
        type: 'ferry',
        reservationNumber: 'FG-77310542',
        start: at('2027-08-16', '07:25', { timeZone: 'Europe/Athens', place: { name: 'נמל פיראוס, שער E7' } }),
        end: at('2027-08-16', '15:10', { timeZone: 'Europe/Athens', place: { name: 'סנטוריני (Athinios)' } }),
      },
    ],
  },
];

// ---- .ics ----------------------------------------------------------------------------------------------------------

/** An .ics file's text: CRLF lines, folded at 75 octets (RFC 5545 3.1) as calendar programs write them. */
function ics(lines) {
  const fold = (line) => {
    const out = [];
    let current = '';
    for (const ch of line) {
      if (Buffer.byteLength(current + ch, 'utf8') > (out.length === 0 ? 75 : 74)) {
        out.push(current);
        current = '';
      }
      current += ch;
    }
    out.push(current);
    return out.join('\r\n ');
  };
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

const VTIMEZONE = {
  'Asia/Jerusalem': [
    'BEGIN:VTIMEZONE', 'TZID:Asia/Jerusalem',
    'BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0200', 'TZOFFSETTO:+0300', 'TZNAME:IDT', 'DTSTART:19700327T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1FR', 'END:DAYLIGHT',
    'BEGIN:STANDARD', 'TZOFFSETFROM:+0300', 'TZOFFSETTO:+0200', 'TZNAME:IST', 'DTSTART:19701025T020000', 'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU', 'END:STANDARD',
    'END:VTIMEZONE',
  ],
  'America/New_York': [
    'BEGIN:VTIMEZONE', 'TZID:America/New_York',
    'BEGIN:DAYLIGHT', 'TZOFFSETFROM:-0500', 'TZOFFSETTO:-0400', 'TZNAME:EDT', 'DTSTART:19700308T020000', 'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU', 'END:DAYLIGHT',
    'BEGIN:STANDARD', 'TZOFFSETFROM:-0400', 'TZOFFSETTO:-0500', 'TZNAME:EST', 'DTSTART:19701101T020000', 'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU', 'END:STANDARD',
    'END:VTIMEZONE',
  ],
};

DOCS.push(
  {
    name: 'ics-en-flight.ics',
    content: ics([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//EL AL Israel Airlines//Manage My Booking//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      ...VTIMEZONE['Asia/Jerusalem'],
      ...VTIMEZONE['America/New_York'],
      'BEGIN:VEVENT',
      'UID:W3HB7R-LY5-20270405@elal.example',
      'DTSTAMP:20270211T093000Z',
      'SUMMARY:Flight LY 5 TLV-JFK',
      'DTSTART;TZID=Asia/Jerusalem:20270405T004500',
      'DTEND;TZID=America/New_York:20270405T055000',
      'LOCATION:Tel Aviv Ben Gurion Airport\\, Terminal 3',
      'DESCRIPTION:EL AL flight LY 5 from Tel Aviv (TLV) to New York (JFK).\\nBooking reference: W3HB7R\\nPassenger: GOLAN/ITAI MR\\nPlease be at the airport 3 hours before departure.',
      'STATUS:CONFIRMED',
      'TRANSP:OPAQUE',
      'END:VEVENT',
      'END:VCALENDAR',
    ]),
    expected: [
      {
        type: 'flight',
        reservationNumber: 'W3HB7R',
        number: 'LY 5',
        start: at('2027-04-05', '00:45', { timeZone: 'Asia/Jerusalem', place: { iata: 'TLV' } }),
        end: at('2027-04-05', '05:50', { timeZone: 'America/New_York', place: { iata: 'JFK' } }),
      },
    ],
  },
  {
    name: 'ics-he-flight.ics',
    // Exported from a calendar that writes every time in UTC: the airports make them local again.
    content: ics([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
      'DTSTART:20270802T143000Z',
      'DTEND:20270802T161000Z',
      'DTSTAMP:20270305T120102Z',
      'UID:6h841-qf4m2d-20270802@israir.example',
      'SUMMARY:טיסה 6H 841 מתל אביב (TLV) לרודוס (RHO)',
      'DESCRIPTION:ישראייר\\nמספר הזמנה: QF4M2D\\nנוסעים: דן כהן\\, מאיה כהן\\nכבודה: 20 ק"ג',
      'LOCATION:נמל התעופה בן גוריון\\, טרמינל 1',
      'STATUS:CONFIRMED',
      'END:VEVENT',
      'END:VCALENDAR',
    ]),
    expected: [
      {
        type: 'flight',
        reservationNumber: 'QF4M2D',
        number: '6H 841',
        start: at('2027-08-02', '17:30', { timeZone: 'Asia/Jerusalem', place: { iata: 'TLV' } }),
        end: at('2027-08-02', '19:10', { timeZone: 'Europe/Athens', place: { iata: 'RHO' } }),
      },
    ],
  },
  {
    name: 'ics-en-tour.ics',
    content: ics([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//GetYourGuide//Booking Calendar//EN',
      'BEGIN:VEVENT',
      'UID:GYG7QK2M4X9@getyourguide.example',
      'DTSTAMP:20270402T181500Z',
      'DTSTART:20270612T073000Z',
      'DTEND:20270612T103000Z',
      'SUMMARY:Colosseum\\, Roman Forum & Palatine Hill guided tour',
      'LOCATION:Piazza del Colosseo\\, 1\\, 00184 Roma RM\\, Italy',
      'GEO:41.8902;12.4922',
      'DESCRIPTION:Booking reference: GYG-7QK2M4X9\\nMeeting point: in front of the Colosseum metro station exit. Look for the guide with a green umbrella.\\n2 adults',
      'END:VEVENT',
      'END:VCALENDAR',
    ]),
    expected: [
      {
        type: 'event',
        reservationNumber: 'GYG-7QK2M4X9',
        name: 'Colosseum, Roman Forum & Palatine Hill guided tour',
        start: at('2027-06-12', '09:30', { timeZone: 'Europe/Rome' }),
        end: at('2027-06-12', '12:30', { timeZone: 'Europe/Rome' }),
      },
    ],
  },
  {
    name: 'ics-he-festival.ics',
    // A pass for a festival's three days: whole days, DTEND the day after the last (RFC 5545 3.6.1).
    content: ics([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Eventim IL//Tickets//HE',
      'BEGIN:VEVENT',
      'UID:RSJ-20417@tickets.example',
      'DTSTAMP:20270510T080000Z',
      'DTSTART;VALUE=DATE:20270823',
      'DTEND;VALUE=DATE:20270826',
      'SUMMARY:פסטיבל הג\'אז בים האדום - כרטיס מנוי לשלושה ימים',
      'LOCATION:נמל אילת\\, אילת',
      'DESCRIPTION:מספר הזמנה: RSJ-20417\\nשני כרטיסים\\, כניסה בהצגת הברקוד',
      'END:VEVENT',
      'END:VCALENDAR',
    ]),
    expected: [
      {
        type: 'event',
        reservationNumber: 'RSJ-20417',
        name: "פסטיבל הג'אז בים האדום - כרטיס מנוי לשלושה ימים",
        start: { date: '2027-08-23' },
        end: { date: '2027-08-25' },
      },
    ],
  },
);

// ---- pasted texts --------------------------------------------------------------------------------------------------

DOCS.push(
  {
    name: 'text-he-elal.txt',
    // Copied from El Al's "manage my booking" page in Hebrew and pasted.
    content: [
      'אל על',
      'ניהול הזמנה',
      '',
      'קוד הזמנה: M4RT8Z',
      'נוסעים: יעל אברהם, עומר אברהם',
      '',
      'טיסת הלוך',
      'LY 83 תל אביב (TLV) - בנגקוק (BKK)',
      "המראה: יום ג', 14 בספטמבר 2027, 22:55",
      "נחיתה: יום ד', 15 בספטמבר 2027, 11:10",
      'מחלקה: תיירים | כבודה: 2 מזוודות 23 ק"ג',
      '',
      'טיסת חזור',
      'LY 84 בנגקוק (BKK) - תל אביב (TLV)',
      "המראה: יום ג', 28 בספטמבר 2027, 00:30",
      "נחיתה: יום ג', 28 בספטמבר 2027, 05:20",
      'מחלקה: תיירים | כבודה: 2 מזוודות 23 ק"ג',
      '',
      'סה"כ לתשלום: $2,318.40',
      '',
    ].join('\n'),
    expected: [
      {
        type: 'flight',
        reservationNumber: 'M4RT8Z',
        number: 'LY 83',
        start: at('2027-09-14', '22:55', { place: { iata: 'TLV' } }),
        end: at('2027-09-15', '11:10', { place: { iata: 'BKK' } }),
      },
      {
        type: 'flight',
        reservationNumber: 'M4RT8Z',
        number: 'LY 84',
        start: at('2027-09-28', '00:30', { place: { iata: 'BKK' } }),
        end: at('2027-09-28', '05:20', { place: { iata: 'TLV' } }),
      },
    ],
  },
  {
    name: 'text-en-car.txt',
    // Copied from a car rental's confirmation page and pasted.
    content: [
      'Europcar',
      'Your reservation is confirmed',
      '',
      'Reservation number: 1049338721',
      'Driver: Omer Abraham',
      'Vehicle: Renault Clio or similar (Group B)',
      '',
      'Pick-up',
      'Thu, 20 May 2027 at 10:00',
      'Lisbon Airport, Terminal 1',
      '',
      'Return',
      'Mon, 24 May 2027 at 10:00',
      'Porto Airport',
      '',
      'Included: unlimited mileage, theft protection',
      'Total: EUR 214.60',
      '',
    ].join('\n'),
    expected: [
      {
        type: 'car',
        reservationNumber: '1049338721',
        name: 'Renault Clio or similar (Group B)',
        start: at('2027-05-20', '10:00', { place: { name: 'Lisbon Airport, Terminal 1' } }),
        end: at('2027-05-24', '10:00', { place: { name: 'Porto Airport' } }),
      },
    ],
  },
);

for (const doc of DOCS) {
  writeFileSync(join(here, doc.name), doc.content);
  const base = doc.name.replace(/\.[^.]+$/, '');
  writeFileSync(join(here, `${base}.expected.json`), `${JSON.stringify({ reservations: doc.expected }, null, 2)}\n`);
}
