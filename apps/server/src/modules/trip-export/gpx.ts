import type { DayStop } from '@rides/contract';
import { dayLabel, type ExportTrip } from './export-model.js';
import { degrees, xmlText } from './xml.js';

/**
 * The trip as GPX 1.1 (issue 19 point 4, decision 0033), for navigation apps: every activity and stay with
 * coordinates once as a named waypoint (<wpt>, names as written, Hebrew intact), then per day a route (<rte>) through
 * the day's stops in order (the contract's dayStops). Places without coordinates are left out (GPX has no place for
 * them). Element order is the schema's; validated against the vendored XSD in the tests.
 */

/** GPX longitudes are -180 <= lon < 180 (the XSD's longitudeType): 180 is written as -180, the same meridian. */
const lon = (lng: number) => degrees(lng === 180 ? -180 : lng);

function point(tag: 'wpt' | 'rtept', lat: number, lng: number, name: string, extra = ''): string {
  return `<${tag} lat="${degrees(lat)}" lon="${lon(lng)}"><name>${xmlText(name)}</name>${extra}</${tag}>`;
}

export function tripGpx(trip: ExportTrip, now: Date): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="Rides trip planner" xmlns="http://www.topografix.com/GPX/1/1">',
    `<metadata><name>${xmlText(trip.title)}</name><time>${now.toISOString()}</time></metadata>`,
  ];
  const desc = (text: string) => (text ? `<desc>${xmlText(text)}</desc>` : '');
  const places = [
    ...trip.days.flatMap((d) => d.activities.map((a) => ({ ...a, type: 'attraction' }))),
    ...trip.stays.map((s) => ({ ...s, type: 'stay' })),
  ];
  for (const p of places) {
    if (p.lat === null || p.lng === null) continue;
    const text = [p.address, p.text].filter(Boolean).join('\n');
    out.push(point('wpt', p.lat, p.lng, p.name, `${desc(text)}<type>${p.type}</type>`));
  }
  for (const day of trip.days) {
    const located = day.stops.filter(
      (s): s is DayStop & { lat: number; lng: number } => s.lat !== null && s.lng !== null,
    );
    if (located.length === 0) continue;
    out.push(`<rte><name>${xmlText(dayLabel(trip, day))}</name><number>${day.number}</number>`);
    for (const s of located) out.push(point('rtept', s.lat, s.lng, s.name));
    out.push('</rte>');
  }
  out.push('</gpx>');
  return out.join('\n') + '\n';
}
