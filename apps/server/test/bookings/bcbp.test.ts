import { describe, expect, it } from 'vitest';
import { reservation } from '@rides/contract';
import { bcbpDate, bcbpPasses, readBcbp } from '../../src/modules/bookings/readers/bcbp.js';
import { bcbpString, issuedOn } from './bcbp-build.js';

/** IATA 792 boarding-pass strings, found in any text, to one flight per leg (a day, no time: a pass has none). */
let n = 0;
const ids = () => `b${++n}`;

const oneLeg = bcbpString('LEVI/NOA MRS', [
  { pnr: 'X7K2LM', from: 'TLV', to: 'ZRH', carrier: 'LY', flight: '315', julianDay: 69, seat: '23A' },
]);

describe('boarding-pass strings', () => {
  it('one leg: PNR, flight number without leading zeros, carrier, traveller as read, departure day and airport', () => {
    expect(oneLeg).toBe('M1LEVI/NOA MRS        EX7K2LM TLVZRHLY 0315 069Y023A0042 100');
    const found = readBcbp(oneLeg, ids, { near: '2027-03-01' });
    expect(found).toEqual([
      {
        id: expect.any(String),
        type: 'flight',
        reservationNumber: 'X7K2LM',
        number: 'LY 315',
        carrier: 'LY',
        travellers: ['NOA LEVI'],
        start: { date: '2027-03-10', place: { iata: 'TLV' } },
        // The arrival's airport, without a day: not printed, never guessed.
        end: { place: { iata: 'ZRH' } },
        source: { kind: 'bcbp', confidence: 1 },
      },
    ]);
    expect(reservation.parse(found[0])).toBeTruthy();
  });

  it('two legs, each with its own conditional data and PNR; the security data after them is passed over', () => {
    const pass = bcbpString(
      'COHEN/DANA',
      [
        { pnr: 'ABC123', from: 'TLV', to: 'ATH', carrier: 'A3', flight: '929', julianDay: 190, variable: issuedOn(7, 188) + '00' },
        { pnr: 'DEF456', from: 'ATH', to: 'JFK', carrier: 'A3', flight: '12A', julianDay: 191, variable: '0000' },
      ],
      { security: '^164GIWVC5EH7JNT684FVNJ91W2QA4DVN5J8K4F0L0GEQ3DF5TGBN8709HKT5D3DW3GBHFCVHMY7J5T6HFR41W2QA4DVN5J8K4F0L0GE' },
    );
    const found = readBcbp(`Your boarding pass: ${pass}`, ids, { near: '2027-07-01' });
    expect(found.map((r) => [r.reservationNumber, r.number, r.start, r.travellers])).toEqual([
      ['ABC123', 'A3 929', { date: '2027-07-09', place: { iata: 'TLV' } }, ['DANA COHEN']],
      ['DEF456', 'A3 12A', { date: '2027-07-10', place: { iata: 'ATH' } }, ['DANA COHEN']],
    ]);
    for (const r of found) expect(reservation.safeParse(r).success).toBe(true);
    expect(bcbpPasses(pass)[0]!.legs.map((l) => [l.from, l.to])).toEqual([
      ['TLV', 'ATH'],
      ['ATH', 'JFK'],
    ]);
  });

  it('a pass inside a Hebrew mail body, twice for two travellers on one flight: one flight, both names', () => {
    const other = bcbpString('LEVI/URI MR', [
      { pnr: 'X7K2LM', from: 'TLV', to: 'ZRH', carrier: 'LY', flight: '315', julianDay: 69, seat: '23B', sequence: '43' },
    ]);
    const body = `שלום נועה,\nמצורף כרטיס העלייה למטוס:\n${oneLeg}\n\nולאורי:\n${other}\nטיסה נעימה, אל על`;
    const found = readBcbp(body, ids, { near: '2027-03-09' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ number: 'LY 315', travellers: ['NOA LEVI', 'URI LEVI'], start: { date: '2027-03-10' } });
  });

  it('a corrupt string is ignored: a bad airport, a day 000 or 367, a leg count the string does not hold', () => {
    const bad = [
      oneLeg.replace('TLVZRH', 'TL1ZRH'),
      oneLeg.replace('069Y', '000Y'),
      oneLeg.replace('069Y', '367Y'),
      oneLeg.replace('M1', 'M2'),
      oneLeg.slice(0, 40),
    ];
    for (const text of bad) expect(readBcbp(`before ${text} after`, ids, { near: '2027-03-01' })).toEqual([]);
    expect(readBcbp('M1 is a motorway; M2 too. MMMMM1111', ids)).toEqual([]);
  });

  it('the last leg may be cut short after its fixed fields (a wrapped line) and is still read', () => {
    const pass = bcbpString('LEVI/NOA', [
      { pnr: 'X7K2LM', from: 'TLV', to: 'ZRH', carrier: 'LY', flight: '315', julianDay: 69, variable: issuedOn(7, 60) },
    ]);
    expect(readBcbp(pass.slice(0, 62), ids, { near: '2027-03-01' })[0]?.start?.date).toBe('2027-03-10');
  });
});

describe('the year of a day-of-year', () => {
  it('the first such day on or after the document date less 30 days', () => {
    expect(bcbpDate(1, '2027-03-01')).toBe('2028-01-01');
    expect(bcbpDate(1, '2027-01-20')).toBe('2027-01-01'); // 19 days before the mail: this year's, flown
    expect(bcbpDate(365, '2027-01-10')).toBe('2026-12-31'); // a pass forwarded after the new year
    expect(bcbpDate(365, '2027-03-01')).toBe('2027-12-31');
    expect(bcbpDate(60, '2028-02-01')).toBe('2028-02-29'); // leap year: day 60 is 29 February
    expect(bcbpDate(60, '2027-02-01')).toBe('2027-03-01');
  });

  it('day 366 exists in leap years only: the next leap year that has it', () => {
    expect(bcbpDate(366, '2027-06-01')).toBe('2028-12-31');
    expect(bcbpDate(366, '2028-12-20')).toBe('2028-12-31');
    expect(bcbpDate(366, '2097-06-01')).toBe('2104-12-31'); // 2100 is not a leap year
  });

  it("with the pass's date of issue: the flight is the first such day on or after it", () => {
    // Issued on day 360 of a year ending in 7, the mail a month later: the flight on day 5 is 2028's.
    expect(bcbpDate(5, '2028-01-20', { yearDigit: 7, julianDay: 360 })).toBe('2028-01-05');
    // Without the issue date, day 5 seen on 20 January would be the same; on 20 March it would not be.
    expect(bcbpDate(5, '2028-03-20', { yearDigit: 7, julianDay: 360 })).toBe('2028-01-05');
    expect(bcbpDate(5, '2028-03-20')).toBe('2029-01-05');
  });
});
