import { createRequire } from 'node:module';
import type * as KosherZmanim from 'kosher-zmanim';
import { describe, expect, it } from 'vitest';
import {
  candleLightingMinutes,
  closureDuring,
  closuresBetween,
  occasionsOn,
} from '../../src/modules/day-checks/holidays.js';
import { localOf } from '../../src/modules/day-checks/time-zone.js';

/**
 * Shabbat and Israel's holidays for places in Israel, on real dates (issue 36, decision 0070). No database.
 * The library's own answers are asked here directly (kosher-zmanim) to compare with; the printed times are Hebcal's
 * for Jerusalem that week (candle lighting 18:15, havdalah 19:32: computed with @hebcal/core 6.9.3 while writing this).
 */
const kz = createRequire(import.meta.url)('kosher-zmanim') as typeof KosherZmanim;
const westernWall = { lat: 31.7767, lng: 35.2345 };
const telAviv = { lat: 32.0853, lng: 34.7818 };
const coralBeach = { lat: 29.504, lng: 34.918 };
const paris = { lat: 48.8606, lng: 2.3376 };
const MINUTE = 60_000;

/** The library's candle lighting (Friday) and nightfall (Saturday) in Jerusalem, to the millisecond. */
function libraryTimes(friday: string, saturday: string) {
  const zone = 'Asia/Jerusalem';
  const at = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const c = new kz.ComplexZmanimCalendar(new kz.GeoLocation('Jerusalem', westernWall.lat, westernWall.lng, 0, zone));
    c.setDate(kz.DateTime.fromObject({ year, month, day, zone }));
    c.setCandleLightingOffset(40);
    return c;
  };
  return {
    candleLighting: (at(friday).getCandleLighting() as { toMillis(): number }).toMillis(),
    havdalah: (at(saturday).getTzais() as { toMillis(): number }).toMillis(),
  };
}

describe('Yom Kippur 2031', () => {
  it('is 10 Tishrei 5792: Saturday 27 September 2031, by the Hebrew calendar', () => {
    const tenTishrei = new kz.JewishCalendar(5792, 7, 10, true); // Tishrei is month 7
    const date = [
      tenTishrei.getGregorianYear(),
      String(tenTishrei.getGregorianMonth() + 1).padStart(2, '0'), // 0-based month
      String(tenTishrei.getGregorianDayOfMonth()).padStart(2, '0'),
    ].join('-');
    expect(date).toBe('2031-09-27');
    expect(occasionsOn('2031-09-27').map((o) => o.code)).toEqual(['yom_kippur', 'shabbat']);
    expect(occasionsOn('2031-09-26')).toEqual([]);
  });

  it('closes Jerusalem from Friday evening to Saturday night, named in Hebrew and English', () => {
    // A trip from Wednesday 24 September 2031: its day 4 is Yom Kippur.
    const closure = closureDuring(westernWall, { date: '2031-09-27', time: '10:00', minutes: 120 });
    expect(closure?.occasions[0]).toEqual({
      code: 'yom_kippur',
      kind: 'holiday',
      date: '2031-09-27',
      he: 'יום כיפור',
      en: 'Yom Kippur',
    });
    expect(closure?.from.date).toBe('2031-09-26');
    expect(closure?.to.date).toBe('2031-09-27');
    // The eve's afternoon is before it; the evening of Friday 26 September is in it.
    expect(closureDuring(westernWall, { date: '2031-09-26', time: '12:00', minutes: 120 })).toBeNull();
    expect(closureDuring(westernWall, { date: '2031-09-26', time: '20:00', minutes: 60 })?.occasions[0]?.code).toBe(
      'yom_kippur',
    );
  });
});

describe('Shabbat in Jerusalem, 27-28 March 2026 (the week Israel moves to summer time, on that Friday)', () => {
  const { candleLighting, havdalah } = libraryTimes('2026-03-27', '2026-03-28');

  it("begins at the library's candle lighting (40 minutes before sunset) and ends at its havdalah, within a minute", () => {
    const [closure] = closuresBetween(westernWall, '2026-03-27', '2026-03-28');
    expect(closure?.occasions.map((o) => o.code)).toEqual(['shabbat']);
    expect(Math.abs((closure?.start ?? 0) - candleLighting)).toBeLessThan(MINUTE);
    expect(Math.abs((closure?.end ?? 0) - havdalah)).toBeLessThan(MINUTE);
    // The printed times (summer time, UTC+3 since 02:00 that Friday).
    expect(closure?.from).toEqual({ date: '2026-03-27', time: '18:15' });
    expect(closure?.to).toEqual({ date: '2026-03-28', time: '19:32' });
    expect(localOf('Asia/Jerusalem', candleLighting)).toEqual({ date: '2026-03-27', time: '18:15' });
  });

  it('a visit overlapping it falls on Shabbat; one before candle lighting or after havdalah does not', () => {
    expect(closureDuring(westernWall, { date: '2026-03-27', time: '17:00', minutes: 60 })).toBeNull();
    expect(closureDuring(westernWall, { date: '2026-03-27', time: '17:30', minutes: 60 })?.occasions[0]).toMatchObject({
      code: 'shabbat',
      he: 'שבת',
      en: 'Shabbat',
    });
    expect(closureDuring(westernWall, { date: '2026-03-28', time: '10:00', minutes: 0 })?.occasions[0]?.code).toBe('shabbat');
    expect(closureDuring(westernWall, { date: '2026-03-28', time: '19:40', minutes: 60 })).toBeNull();
  });

  it("Tel Aviv lights 18 minutes before sunset, not Jerusalem's 40: the same evening, a later start", () => {
    expect(candleLightingMinutes(westernWall)).toBe(40);
    expect(candleLightingMinutes(telAviv)).toBe(18);
    const [jerusalem] = closuresBetween(westernWall, '2026-03-27', '2026-03-27');
    const [tlv] = closuresBetween(telAviv, '2026-03-27', '2026-03-27');
    expect((tlv?.start ?? 0) - (jerusalem?.start ?? 0)).toBeGreaterThan(15 * MINUTE);
    expect(closureDuring(telAviv, { date: '2026-03-27', time: '17:45', minutes: 30 })).toBeNull();
  });
});

describe("Israel's holidays in 2026", () => {
  const codes = (from: string, to: string) =>
    closuresBetween(telAviv, from, to).map((c) => [c.from.date, c.to.date, c.occasions.map((o) => o.code).join('+')]);

  it('Pesach: the first day (Thursday 2 April) and the seventh (Wednesday 8 April), Shabbat between', () => {
    expect(codes('2026-04-01', '2026-04-09')).toEqual([
      ['2026-04-01', '2026-04-02', 'pesach'],
      ['2026-04-03', '2026-04-04', 'shabbat'],
      ['2026-04-07', '2026-04-08', 'pesach_seventh_day'],
    ]);
  });

  it('Yom HaAtzmaut (Wednesday 22 April) is a national holiday; the memorial day before it closes nothing', () => {
    const [day] = closuresBetween(telAviv, '2026-04-22', '2026-04-22');
    expect(day?.occasions).toEqual([
      { code: 'yom_haatzmaut', kind: 'national', date: '2026-04-22', he: 'יום העצמאות', en: 'Independence Day (Yom HaAtzmaut)' },
    ]);
    expect(day?.from.date).toBe('2026-04-21');
    expect(closureDuring(telAviv, { date: '2026-04-21', time: '11:00', minutes: 60 })).toBeNull();
  });

  it('Shavuot on Friday 22 May runs into Shabbat: one closure from Thursday evening to Saturday night', () => {
    expect(codes('2026-05-22', '2026-05-22')).toEqual([['2026-05-21', '2026-05-23', 'shavuot+shabbat']]);
  });

  it('Rosh Hashana (12-13 September), Yom Kippur (21), Sukkot (26), Shemini Atzeret (3 October)', () => {
    expect(codes('2026-09-11', '2026-10-03').filter(([, , what]) => what !== 'shabbat')).toEqual([
      ['2026-09-11', '2026-09-13', 'rosh_hashana+shabbat+rosh_hashana'],
      ['2026-09-20', '2026-09-21', 'yom_kippur'],
      ['2026-09-25', '2026-09-26', 'sukkot+shabbat'],
      ['2026-10-02', '2026-10-03', 'shemini_atzeret+shabbat'],
    ]);
  });
});

describe('where Israel\'s rules apply', () => {
  it("Eilat's Coral Beach is in Israel; Paris is not (its holidays are its opening hours')", () => {
    expect(closureDuring(coralBeach, { date: '2026-03-28', time: '10:00', minutes: 60 })?.occasions[0]?.code).toBe('shabbat');
    expect(closureDuring(paris, { date: '2026-03-28', time: '10:00', minutes: 60 })).toBeNull();
    expect(closuresBetween(paris, '2031-09-20', '2031-09-30')).toEqual([]);
  });
});
