import type { DayStop } from '@rides/contract';
import { dayLabel, type ExportTrip } from './export-model.js';
import { degrees, xmlText } from './xml.js';

/**
 * The trip as KML 2.2 (issue 19 point 4, decision 0033), for Google My Maps and Earth: a Folder per day holding a
 * placemark per activity with coordinates, the stay of the day's night (on its first night only) and a LineString
 * through the day's stops in order. Within My Maps' import limits (one import is one layer: at most 2,000 features
 * and 5 MB): a 60-day trip of 15 activities a day is about 1,000 features and texts are cut near 1,000 characters.
 */

/** Placemarks and lines of one file beyond which My Maps refuses the import: the rest is left out. */
export const MY_MAPS_LAYER_FEATURES = 2000;

const coordinates = (lat: number, lng: number) => `${degrees(lng)},${degrees(lat)}`;

function placemark(name: string, description: string, style: string, lat: number, lng: number): string {
  return (
    `<Placemark><name>${xmlText(name)}</name>` +
    (description ? `<description>${xmlText(description)}</description>` : '') +
    `<styleUrl>#${style}</styleUrl><Point><coordinates>${coordinates(lat, lng)}</coordinates></Point></Placemark>`
  );
}

export function tripKml(trip: ExportTrip): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2">',
    `<Document><name>${xmlText(trip.title)}</name>`,
    '<Style id="activity"><IconStyle><color>ff2f6fd8</color></IconStyle></Style>',
    '<Style id="stay"><IconStyle><color>ff7a3d8e</color></IconStyle></Style>',
    '<Style id="route"><LineStyle><color>ccd86f2f</color><width>3</width></LineStyle></Style>',
  ];
  let features = 0;
  const room = () => features < MY_MAPS_LAYER_FEATURES;
  const placed = new Set<number>();
  for (const day of trip.days) {
    out.push(`<Folder><name>${xmlText(dayLabel(trip, day))}</name>`);
    for (const a of day.activities) {
      if (a.lat === null || a.lng === null || !room()) continue;
      out.push(
        placemark(a.name, [a.address, a.text, a.link].filter(Boolean).join('\n'), 'activity', a.lat, a.lng),
      );
      features++;
    }
    const night = day.stops.at(-1);
    const stay = night?.kind === 'stay' ? trip.stays.find((s) => s.id === night.id) : undefined;
    if (stay && stay.lat !== null && stay.lng !== null && !placed.has(stay.id) && room()) {
      placed.add(stay.id);
      out.push(
        placemark(
          stay.name,
          [stay.address, stay.text].filter(Boolean).join('\n'),
          'stay',
          stay.lat,
          stay.lng,
        ),
      );
      features++;
    }
    const line = day.stops.filter(
      (s): s is DayStop & { lat: number; lng: number } => s.lat !== null && s.lng !== null,
    );
    if (line.length >= 2 && room()) {
      out.push(
        `<Placemark><name>${xmlText(dayLabel(trip, day))}</name><styleUrl>#route</styleUrl>` +
          `<LineString><tessellate>1</tessellate><coordinates>${line.map((s) => coordinates(s.lat, s.lng)).join(' ')}</coordinates></LineString></Placemark>`,
      );
      features++;
    }
    out.push('</Folder>');
  }
  out.push('</Document>', '</kml>');
  return out.join('\n') + '\n';
}
