import { describe, expect, it } from 'vitest';
import { reservation } from '@rides/contract';
import { microdataItems } from '../../src/modules/bookings/readers/microdata.js';
import { readSchemaOrg } from '../../src/modules/bookings/readers/schema-org.js';

/**
 * schema.org microdata in a mail's or a saved page's HTML: read into the objects JSON-LD gives, then by the one
 * schema.org mapping (`readSchemaOrg` reads both kinds of markup).
 */
let n = 0;
const ids = () => `m${++n}`;

const bookingHotel = `<!DOCTYPE html><html><body>
<table><tr><td>
<div itemscope itemtype="http://schema.org/LodgingReservation">
  <p>Confirmation number: <span itemprop="reservationNumber">4021998311</span></p>
  <meta itemprop="reservationStatus" content="http://schema.org/Confirmed">
  <div itemprop="underName" itemscope itemtype="http://schema.org/Person">
    Guest: <b itemprop="name">Dana   Cohen</b>
  </div>
  <div itemprop="broker" itemscope itemtype="http://schema.org/Organization"><meta itemprop="name" content="Booking.com"></div>
  <div itemprop="reservationFor" itemscope itemtype="http://schema.org/LodgingBusiness">
    <h2 itemprop="name">Hotel Le Marais &amp; Spa</h2>
    <div itemprop="address" itemscope itemtype="http://schema.org/PostalAddress">
      <span itemprop="streetAddress">12 Rue de Turenne</span>, <span itemprop="postalCode">75004</span>
      <span itemprop="addressLocality">Paris</span>, <span itemprop="addressCountry">FR</span>
    </div>
    <div itemprop="geo" itemscope itemtype="http://schema.org/GeoCoordinates">
      <meta itemprop="latitude" content="48.8566"><meta itemprop="longitude" content="2.3622">
    </div>
  </div>
  Check-in: <time itemprop="checkinDate" datetime="2027-05-14T15:00:00+02:00">Fri 14 May 2027, from 15:00</time>
  Check-out: <time itemprop="checkoutDate" datetime="2027-05-17">Mon 17 May 2027</time>
  <div itemprop="totalPrice" itemscope itemtype="http://schema.org/PriceSpecification">
    <meta itemprop="price" content="612.00"><meta itemprop="priceCurrency" content="EUR">
  </div>
</div>
</td></tr></table></body></html>`;

const elAlHebrew = `<html dir="rtl"><body><p>שלום נועה, הטיסה שלך אושרה</p>
<div itemscope itemtype="https://schema.org/FlightReservation">
  <p>מספר הזמנה: <span itemprop="reservationNumber">X7K2LM</span></p>
  <div itemprop="underName" itemscope itemtype="https://schema.org/Person"><span itemprop="name">נועה לוי</span></div>
  <div itemprop="underName" itemscope itemtype="https://schema.org/Person"><span itemprop="name">אורי לוי</span></div>
  <div itemprop="reservationFor" itemscope itemtype="https://schema.org/Flight">
    טיסה <span itemprop="airline" itemscope itemtype="https://schema.org/Airline"><span itemprop="name">אל על</span>
      <meta itemprop="iataCode" content="LY"></span> <span itemprop="flightNumber">315</span>
    <div itemprop="departureAirport" itemscope itemtype="https://schema.org/Airport">
      <span itemprop="name">נמל התעופה בן גוריון</span> (<span itemprop="iataCode">TLV</span>)
    </div>
    <meta itemprop="departureTime" content="2027-03-10T06:15:00+02:00">
    <div itemprop="arrivalAirport" itemscope itemtype="https://schema.org/Airport">
      <span itemprop="name">ציריך</span> (<span itemprop="iataCode">ZRH</span>)
    </div>
    <meta itemprop="arrivalTime" content="2027-03-10T09:05:00+01:00">
  </div>
</div></body></html>`;

describe('microdata items', () => {
  it('nested items, meta content, time datetime, text squeezed later; entities decoded', () => {
    const [item, ...rest] = microdataItems(bookingHotel);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({
      '@type': 'http://schema.org/LodgingReservation',
      reservationNumber: '4021998311',
      reservationStatus: 'http://schema.org/Confirmed',
      underName: { '@type': 'http://schema.org/Person', name: 'Dana   Cohen' },
      reservationFor: {
        name: 'Hotel Le Marais & Spa',
        address: { streetAddress: '12 Rue de Turenne', addressLocality: 'Paris' },
        geo: { latitude: '48.8566', longitude: '2.3622' },
      },
      checkinDate: '2027-05-14T15:00:00+02:00',
      checkoutDate: '2027-05-17',
    });
  });

  it('a repeated property becomes a list; a link gives its href, a time without datetime its text', () => {
    const [item] = microdataItems(
      `<div itemscope itemtype="http://schema.org/EventReservation"><a itemprop="url" href="https://x.example/b/1">view</a>
      <span itemprop="underName">A</span><span itemprop="underName">B</span><time itemprop="startDate">2027-06-01</time></div>`,
    );
    expect(item).toEqual({
      '@type': 'http://schema.org/EventReservation',
      url: 'https://x.example/b/1',
      underName: ['A', 'B'],
      startDate: '2027-06-01',
    });
  });

  it('the text of a script or style inside a property is never its value', () => {
    const [item] = microdataItems(
      `<div itemscope itemtype="http://schema.org/Person"><span itemprop="name">Noa<script>document.write("Evil")</script><style>.x{}</style> Levi</span></div>`,
    );
    expect(item).toEqual({ '@type': 'http://schema.org/Person', name: 'Noa Levi' });
  });

  it('a property name that would reshape the object is not kept', () => {
    const [item] = microdataItems(`<div itemscope><span itemprop="__proto__ name">x</span></div>`);
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect(item).toEqual({ name: 'x' });
  });

  it('items nested past the depth bound are not opened; a long page costs bounded items', () => {
    const deep = '<div itemscope itemprop="a">'.repeat(200) + 'x' + '</div>'.repeat(200);
    let depth = 0;
    let v: unknown = microdataItems(`<div itemscope>${deep}</div>`)[0];
    for (; v && typeof v === 'object' && !Array.isArray(v); depth++) v = (v as Record<string, unknown>).a;
    expect(depth).toBe(16);
    // Past the bound an itemscope is an ordinary element: its itemprop a text (the deeper ones' text, nested).
    expect(Array.isArray(v) && v.every((t) => t === 'x')).toBe(true);
    expect(microdataItems('<div itemscope></div>'.repeat(5000))).toHaveLength(2000);
  });
});

describe('microdata through readSchemaOrg', () => {
  it('a Booking.com-like hotel: name, address, zone from its coordinates, check-in time as printed, price', () => {
    const [stay, ...rest] = readSchemaOrg(bookingHotel, ids);
    expect(rest).toEqual([]);
    expect(stay).toEqual({
      id: expect.any(String),
      type: 'lodging',
      reservationNumber: '4021998311',
      name: 'Hotel Le Marais & Spa',
      provider: 'Booking.com',
      travellers: ['Dana Cohen'],
      start: {
        date: '2027-05-14',
        dateTime: '2027-05-14T15:00',
        timeZone: 'Europe/Paris',
        place: {
          name: 'Hotel Le Marais & Spa',
          address: '12 Rue de Turenne, Paris, 75004, FR',
          lat: 48.8566,
          lng: 2.3622,
        },
      },
      end: expect.objectContaining({ date: '2027-05-17' }),
      price: { amountMinor: 61200, currency: 'EUR' },
      source: { kind: 'schema.org', confidence: 1 },
    });
    expect(stay!.end!.dateTime).toBeUndefined();
    expect(reservation.parse(stay)).toBeTruthy();
  });

  it('a Hebrew El Al-like flight: both travellers, airports with their codes and Hebrew names, local times', () => {
    const [flight, ...rest] = readSchemaOrg(elAlHebrew, ids);
    expect(rest).toEqual([]);
    expect(flight).toMatchObject({
      type: 'flight',
      reservationNumber: 'X7K2LM',
      number: 'LY 315',
      carrier: 'אל על',
      travellers: ['נועה לוי', 'אורי לוי'],
      start: { date: '2027-03-10', dateTime: '2027-03-10T06:15', place: { name: 'נמל התעופה בן גוריון', iata: 'TLV' } },
      end: { date: '2027-03-10', dateTime: '2027-03-10T09:05', place: { name: 'ציריך', iata: 'ZRH' } },
      source: { kind: 'schema.org', confidence: 1 },
    });
    expect(reservation.parse(flight)).toBeTruthy();
  });

  it('broken, unbalanced HTML is still read', () => {
    const broken = `<div itemscope itemtype="http://schema.org/FoodEstablishmentReservation"><p>Table for 2
      <span itemprop="reservationNumber">R-88<b>12</span></p>
      <meta itemprop="startTime" content="2027-04-02T20:30:00+03:00">
      <div itemprop="reservationFor" itemscope itemtype="http://schema.org/Restaurant"><span itemprop="name">Mashya<td>
      <i>Rothschild</table>`;
    const [table] = readSchemaOrg(broken, ids);
    expect(table).toMatchObject({
      type: 'restaurant',
      reservationNumber: 'R-8812',
      start: { date: '2027-04-02', dateTime: '2027-04-02T20:30' },
    });
    expect(table!.name).toMatch(/^Mashya/);
  });

  it('the same reservation in JSON-LD and microdata is one reservation', () => {
    const jsonLd = {
      '@context': 'https://schema.org',
      '@type': 'FlightReservation',
      reservationNumber: 'X7K2LM',
      underName: { '@type': 'Person', name: 'נועה לוי' },
      reservationFor: {
        '@type': 'Flight',
        flightNumber: '315',
        airline: { '@type': 'Airline', name: 'אל על', iataCode: 'LY' },
        departureAirport: { '@type': 'Airport', name: 'נמל התעופה בן גוריון', iataCode: 'TLV' },
        departureTime: '2027-03-10T06:15:00+02:00',
        arrivalAirport: { '@type': 'Airport', name: 'ציריך', iataCode: 'ZRH' },
        arrivalTime: '2027-03-10T09:05:00+01:00',
      },
    };
    const both = elAlHebrew.replace('</body>', `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script></body>`);
    const found = readSchemaOrg(both, ids);
    expect(found).toHaveLength(1);
    expect(found[0]!.travellers).toEqual(['נועה לוי', 'אורי לוי']);
  });

  it('a page without markup gives nothing', () => {
    expect(readSchemaOrg('<p itemprop="name">no item</p><div itemscope></div>', ids)).toEqual([]);
  });
});
