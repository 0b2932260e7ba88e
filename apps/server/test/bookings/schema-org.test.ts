import { describe, expect, it } from 'vitest';
import { reservation } from '@rides/contract';
import { jsonLdBlocks, localTime, readSchemaOrg } from '../../src/modules/bookings/readers/schema-org.js';

/**
 * The schema.org reader of booking confirmations (issue 34 point 3): JSON-LD in a mail's or a page's HTML, as airlines,
 * hotels and booking sites write it, to the one reservation shape. Every answer must also pass the contract's schema
 * (what the confirmation call takes back).
 */
let n = 0;
const ids = () => `r${++n}`;
const mail = (...blocks: unknown[]) =>
  `<html><head><title>Booking</title></head><body><p>שלום, ההזמנה שלך אושרה</p>${blocks
    .map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`)
    .join('\n')}</body></html>`;

const elAl = {
  '@context': 'http://schema.org',
  '@type': 'FlightReservation',
  reservationNumber: 'X7K2LM',
  reservationStatus: 'http://schema.org/Confirmed',
  underName: { '@type': 'Person', name: 'נועה לוי' },
  reservationFor: {
    '@type': 'Flight',
    flightNumber: '315',
    airline: { '@type': 'Airline', name: 'El Al', iataCode: 'LY' },
    departureAirport: { '@type': 'Airport', name: 'Ben Gurion', iataCode: 'TLV' },
    departureTime: '2027-03-10T06:15:00+02:00',
    arrivalAirport: { '@type': 'Airport', name: 'Zurich', iataCode: 'ZRH' },
    arrivalTime: '2027-03-10T10:05:00+01:00',
  },
  totalPrice: '1,234.50',
  priceCurrency: 'USD',
};

const hotel = {
  '@context': 'https://schema.org',
  '@type': 'LodgingReservation',
  reservationId: '4021-998-311',
  underName: 'Noa Levi',
  checkinDate: '2027-03-10',
  checkoutDate: '2027-03-13T11:00:00',
  broker: { '@type': 'Organization', name: 'Booking.com' },
  reservationFor: {
    '@type': 'Hotel',
    name: 'Hotel Alpenblick',
    address: { '@type': 'PostalAddress', streetAddress: 'Dorfstrasse 5', addressLocality: 'Zermatt', addressCountry: 'CH' },
    geo: { '@type': 'GeoCoordinates', latitude: 46.0207, longitude: 7.7491 },
  },
};

describe('schema.org markup', () => {
  it('a flight: number with its airline code, both airports, local times as printed, traveller, price in cents', () => {
    const [flight, ...rest] = readSchemaOrg(mail(elAl), ids);
    expect(rest).toEqual([]);
    expect(flight).toMatchObject({
      type: 'flight',
      reservationNumber: 'X7K2LM',
      number: 'LY 315',
      carrier: 'El Al',
      provider: 'El Al',
      travellers: ['נועה לוי'],
      start: { date: '2027-03-10', dateTime: '2027-03-10T06:15', place: { name: 'Ben Gurion', iata: 'TLV' } },
      end: { date: '2027-03-10', dateTime: '2027-03-10T10:05', place: { name: 'Zurich', iata: 'ZRH' } },
      price: { amountMinor: 123450, currency: 'USD' },
      source: { kind: 'schema.org', confidence: 1 },
    });
    expect(reservation.parse(flight)).toBeTruthy();
  });

  it('a hotel: a date without a time stays a date; the address and the zone from its coordinates', () => {
    const [stay] = readSchemaOrg(mail(hotel), ids);
    expect(stay).toMatchObject({
      type: 'lodging',
      reservationNumber: '4021-998-311',
      name: 'Hotel Alpenblick',
      provider: 'Booking.com',
      travellers: ['Noa Levi'],
      start: { date: '2027-03-10', timeZone: 'Europe/Zurich', place: { address: 'Dorfstrasse 5, Zermatt, CH' } },
      end: { date: '2027-03-13', dateTime: '2027-03-13T11:00' },
    });
    expect(stay!.start).not.toHaveProperty('dateTime');
    expect(reservation.parse(stay)).toBeTruthy();
  });

  it('a car, a train, an event and a restaurant, in one @graph', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'RentalCarReservation',
          reservationNumber: 'CAR-77',
          reservationFor: { '@type': 'Car', name: 'VW Golf', rentalCompany: { '@type': 'Organization', name: 'Sixt' } },
          pickupLocation: { '@type': 'Place', name: 'Zurich Airport' },
          pickupTime: '2027-03-10T11:00:00+01:00',
          dropoffLocation: { '@type': 'Place', name: 'Geneva Airport' },
          dropoffTime: '2027-03-17T09:30:00+01:00',
        },
        {
          '@type': 'TrainReservation',
          reservationNumber: 'SBB1',
          reservationFor: {
            '@type': 'TrainTrip',
            trainNumber: 'IC 8',
            departureStation: { '@type': 'TrainStation', name: 'Zürich HB' },
            departureTime: '2027-03-11T08:02',
            arrivalStation: { '@type': 'TrainStation', name: 'Brig' },
            arrivalTime: '2027-03-11T10:11',
          },
        },
        {
          '@type': 'EventReservation',
          reservationNumber: 'EV-9',
          reservationFor: {
            '@type': 'Event',
            name: 'Glacier Express',
            startDate: '2027-03-12T09:00:00+01:00',
            location: { '@type': 'Place', name: 'Zermatt station' },
          },
        },
        {
          '@type': 'FoodEstablishmentReservation',
          reservationNumber: 'T-4',
          startTime: '2027-03-12T19:30:00+01:00',
          partySize: 2,
          reservationFor: { '@type': 'Restaurant', name: 'Whymper-Stube' },
        },
      ],
    };
    const read = readSchemaOrg(mail(graph), ids);
    expect(read.map((r) => [r.type, r.reservationNumber, r.start?.dateTime])).toEqual([
      ['car', 'CAR-77', '2027-03-10T11:00'],
      ['train', 'SBB1', '2027-03-11T08:02'],
      ['event', 'EV-9', '2027-03-12T09:00'],
      ['restaurant', 'T-4', '2027-03-12T19:30'],
    ]);
    expect(read[0]).toMatchObject({ carrier: 'Sixt', name: 'VW Golf', end: { place: { name: 'Geneva Airport' } } });
    expect(read[1]).toMatchObject({ number: 'IC 8', end: { dateTime: '2027-03-11T10:11', place: { name: 'Brig' } } });
    for (const r of read) expect(reservation.safeParse(r).success).toBe(true);
  });

  it('one flight written once per passenger is one reservation with both travellers', () => {
    const second = { ...elAl, underName: { '@type': 'Person', name: 'Avi Levi' } };
    const read = readSchemaOrg(mail([elAl, second]), ids);
    expect(read).toHaveLength(1);
    expect(read[0]!.travellers).toEqual(['נועה לוי', 'Avi Levi']);
  });

  it('nothing made up: no markup, broken JSON, other types, a reservation without a date', () => {
    expect(readSchemaOrg('<p>Your booking is confirmed</p>', ids)).toEqual([]);
    const broken = '<script type="application/ld+json">{"@type": "FlightReservation",</script>';
    expect(readSchemaOrg(broken, ids)).toEqual([]);
    expect(readSchemaOrg(mail({ '@type': 'Organization', name: 'El Al' }), ids)).toEqual([]);
    expect(readSchemaOrg(mail({ '@type': 'LodgingReservation', reservationFor: { name: 'X' } }), ids)).toEqual([]);
    // The broken block does not hide a good one beside it.
    expect(readSchemaOrg(broken + mail(hotel), ids)).toHaveLength(1);
  });

  it('reads only JSON-LD scripts, with the type in any quoting; ignores scripts of other types', () => {
    const html = `<script>var a = 1</script><script type='application/ld+json'>{"a":1}</script><script data-x type=application/ld+json >[]</script>`;
    expect(jsonLdBlocks(html)).toEqual(['{"a":1}', '[]']);
  });

  it('local times: as printed, a date alone, nothing for garbage', () => {
    expect(localTime('2027-03-10T23:59:00-05:00')).toEqual({ date: '2027-03-10', dateTime: '2027-03-10T23:59' });
    expect(localTime('2027-03-10')).toEqual({ date: '2027-03-10' });
    expect(localTime('10/03/2027')).toBeUndefined();
    expect(localTime(12)).toBeUndefined();
  });
});
