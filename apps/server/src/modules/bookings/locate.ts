import type { Reservation, ReservationEnd } from '@rides/contract';
import type { Places } from '../../providers/places/index.js';
import { zoneAt } from '../trip-export/time-zone.js';

/**
 * Coordinates for the places a confirmation names without them (issue 34): a stay must be on the map, and so must a
 * train's station or an event's hall. The configured places provider is asked (the embedded gazetteer when nothing
 * else is set: a town's centre; a maps service: the address itself), most precise query first: the name with the
 * address, the address, then the address's last parts (the town and the country). Outside any lock: a slow outside
 * service must not hold the trip. A place still unknown is left so, and the confirmation says so.
 */
const MAX_QUERIES = 6;

function queriesOf(place: NonNullable<ReservationEnd['place']>): string[] {
  const out: string[] = [];
  const add = (q: string | undefined) => {
    const t = q?.replace(/\s+/g, ' ').trim();
    if (t && t.length >= 2 && !out.includes(t)) out.push(t);
  };
  if (place.name && place.address) add(`${place.name}, ${place.address}`);
  add(place.address);
  // "Rue de Rivoli 5, 75001 Paris, France" -> "Paris, France", "Paris": the town without its postcode.
  const parts = (place.address ?? '')
    .split(',')
    .map((p) => p.replace(/\b\d[\d\s-]*\b/g, '').trim())
    .filter(Boolean);
  if (parts.length >= 2) add(parts.slice(-2).join(', '));
  // The town: the middle of "street, town, country", the last of "street, town" (before the street alone: a query
  // past MAX_QUERIES is never asked).
  if (parts.length >= 3) add(parts.at(-2));
  add(parts.at(-1));
  add(parts.at(-2));
  add(place.name);
  // "Larnaca Airport", "נמל התעופה בן גוריון": the town the airport serves, when the gazetteer has no airports.
  add(place.name?.replace(/\b(?:international\s+)?airport\b|נמל\s+ה?תעופה|שדה\s+ה?תעופה/giu, ''));
  return out.slice(0, MAX_QUERIES);
}

async function locateEnd(end: ReservationEnd | undefined, places: Places, language: 'hebrew' | 'english') {
  const place = end?.place;
  if (!end || !place || (place.lat !== undefined && place.lng !== undefined)) return;
  for (const query of queriesOf(place)) {
    let suggestions;
    try {
      suggestions = (await places.autocomplete(query, { language, limit: 1 })).value;
    } catch {
      return; // the provider cannot answer now: the place stays unknown, the confirmation says so
    }
    const found = suggestions[0];
    if (found && found.lat !== null && found.lng !== null) {
      place.lat = found.lat;
      place.lng = found.lng;
      end.timeZone ??= zoneAt(found.lat, found.lng) ?? undefined;
      if (end.timeZone === undefined) delete end.timeZone;
      return;
    }
  }
}

/** Fills the coordinates (and zone) of every place of these reservations that has an address but no coordinates. */
export async function locatePlaces(
  reservations: Reservation[],
  places: Places,
  language: 'hebrew' | 'english',
): Promise<void> {
  for (const r of reservations) {
    await locateEnd(r.start, places, language);
    await locateEnd(r.end, places, language);
  }
}
