// Writes the corpus's Wallet passes (pkpass-*.pkpass): zips of pass.json and a tiny icon, deterministic (fixed
// times, UTC), so that running it again gives the same bytes. Run from anywhere: node make-pkpass.mjs
process.env.TZ = 'UTC';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, zipSync } from 'fflate';

const here = dirname(fileURLToPath(import.meta.url));
const mtime = new Date('2027-01-01T00:00:00Z');
/** A 1x1 PNG: a pass carries images; the reader never opens them. */
const icon = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);

/** An IATA 792 boarding-pass string, each field padded to its width (one leg; the date of issue in its data). */
function bcbp(name, l) {
  const right = (s, n) => s.padEnd(n, ' ').slice(0, n);
  const unique = `1WW7${String(l.issued).padStart(3, '0')}B`;
  const v = `>6${unique.length.toString(16).toUpperCase().padStart(2, '0')}${unique}0000`;
  return (
    `M1${right(name, 20)}E${right(l.pnr, 7)}${l.from}${l.to}${right(l.carrier, 3)}${l.flight.padStart(4, '0')} ` +
    `${String(l.day).padStart(3, '0')}Y${l.seat.padStart(4, '0')}${String(l.seq).padStart(4, '0')} 1` +
    `${v.length.toString(16).toUpperCase().padStart(2, '0')}${v}`
  );
}

const common = (serial, organizationName, description) => ({
  formatVersion: 1,
  passTypeIdentifier: 'pass.example.trip-planner.corpus',
  teamIdentifier: 'EXAMPLE000',
  serialNumber: serial,
  organizationName,
  description,
  foregroundColor: 'rgb(255, 255, 255)',
  backgroundColor: 'rgb(0, 40, 100)',
});

const passes = {
  'pkpass-en-flight': {
    ...common('BA164-0721-17A', 'British Airways', 'Boarding pass BA 164'),
    relevantDate: '2027-07-21T06:10+03:00',
    barcodes: [
      {
        format: 'PKBarcodeFormatAztec',
        messageEncoding: 'iso-8859-1',
        message: bcbp('GREEN/OLIVER MR', { pnr: 'ZT4N8C', from: 'TLV', to: 'LHR', carrier: 'BA', flight: '164', day: 202, seat: '17A', seq: 88, issued: 201 }),
      },
    ],
    boardingPass: {
      transitType: 'PKTransitTypeAir',
      headerFields: [{ key: 'gate', label: 'GATE', value: 'B6', changeMessage: 'Gate changed to %@' }],
      primaryFields: [
        { key: 'origin', label: 'TEL AVIV', value: 'TLV' },
        { key: 'destination', label: 'LONDON', value: 'LHR' },
      ],
      secondaryFields: [
        { key: 'passenger', label: 'PASSENGER', value: 'OLIVER GREEN' },
        { key: 'class', label: 'CABIN', value: 'Economy' },
      ],
      auxiliaryFields: [
        { key: 'flight', label: 'FLIGHT', value: 'BA164' },
        { key: 'departs', label: 'DEPARTS', value: '2027-07-21T06:50+03:00', dateStyle: 'PKDateStyleNone', timeStyle: 'PKDateStyleShort' },
        { key: 'seat', label: 'SEAT', value: '17A' },
      ],
      backFields: [{ key: 'terms', label: 'Conditions', value: 'Boarding closes 20 minutes before departure.' }],
    },
  },
  'pkpass-en-event': {
    ...common('RAH-20270918-K12', 'Royal Albert Hall', 'Concert ticket'),
    relevantDate: '2027-09-18T19:30+01:00',
    locations: [{ latitude: 51.5009, longitude: -0.1774, relevantText: 'Doors open at 18:45' }],
    barcode: { format: 'PKBarcodeFormatQR', message: 'RAH|20270918|K12|7740021', messageEncoding: 'iso-8859-1' },
    eventTicket: {
      primaryFields: [{ key: 'event', label: 'EVENT', value: 'The Lumen Quartet: Autumn Nights' }],
      secondaryFields: [
        { key: 'venue', label: 'VENUE', value: 'Royal Albert Hall' },
        { key: 'seat', label: 'SEAT', value: 'Stalls K 12' },
      ],
      backFields: [{ key: 'order', label: 'Order number', value: 'RAH-7740021' }],
    },
  },
  'pkpass-he-flight': {
    ...common('6H547-0812-09C', 'ישראייר', 'כרטיס עלייה למטוס'),
    relevantDate: '2027-08-12T07:00+03:00',
    barcode: { format: 'PKBarcodeFormatQR', message: '6H547/09C/RT5K2M', messageEncoding: 'utf-8' },
    boardingPass: {
      transitType: 'PKTransitTypeAir',
      primaryFields: [
        { key: 'from', label: 'מ', value: 'TLV' },
        { key: 'to', label: 'אל', value: 'ATH' },
      ],
      secondaryFields: [{ key: 'pax', label: 'שם הנוסע', value: 'שירה כץ' }],
      auxiliaryFields: [
        { key: 'flt', label: 'טיסה', value: '6H 547' },
        { key: 'dep', label: 'המראה', value: '2027-08-12T07:40+03:00' },
        { key: 'arr', label: 'נחיתה', value: '2027-08-12T09:35+03:00' },
        { key: 'seat', label: 'מושב', value: '9C' },
      ],
      backFields: [{ key: 'pnr', label: 'קוד הזמנה', value: 'RT5K2M' }],
    },
  },
  'pkpass-he-train': {
    ...common('IR-318-0411', 'רכבת ישראל', 'כרטיס רכבת'),
    relevantDate: '2027-04-11T08:05+03:00',
    barcode: { format: 'PKBarcodeFormatQR', message: 'IR;318;20270411;0805;7;44', messageEncoding: 'utf-8' },
    boardingPass: {
      transitType: 'PKTransitTypeTrain',
      primaryFields: [
        { key: 'origin', label: 'מ', value: 'תל אביב - סבידור מרכז' },
        { key: 'destination', label: 'אל', value: 'ירושלים - יצחק נבון' },
      ],
      auxiliaryFields: [
        { key: 'train', label: 'רכבת', value: '318' },
        { key: 'car', label: 'קרון', value: '7' },
      ],
      backFields: [{ key: 'booking', label: 'מספר הזמנה', value: '40027155' }],
    },
  },
};

for (const [name, pass] of Object.entries(passes)) {
  const zip = zipSync(
    { 'pass.json': strToU8(JSON.stringify(pass, null, 2)), 'icon.png': icon, 'manifest.json': strToU8('{}') },
    { mtime },
  );
  writeFileSync(join(here, `${name}.pkpass`), zip);
}
