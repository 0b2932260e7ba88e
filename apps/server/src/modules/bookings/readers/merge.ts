import type { Reservation } from '@rides/contract';

/** What makes two readings the same reservation: the same trip leg, whoever travels on it. */
const keyOf = (r: Reservation) => JSON.stringify([r.type, r.reservationNumber ?? '', r.number ?? '', r.start, r.end]);

/**
 * Adds `r` to `out`, or, when `out` already holds the same reservation (a mail carries the markup or the barcode once
 * per traveller), adds its travellers to that one. Returns whether `r` was added. `out` is short (at most
 * RESERVATIONS_PER_IMPORT_MAX), so a scan is enough.
 */
export function addOnce(out: Reservation[], r: Reservation): boolean {
  const key = keyOf(r);
  const same = out.find((o) => keyOf(o) === key);
  if (!same) {
    out.push(r);
    return true;
  }
  for (const t of r.travellers) if (!same.travellers.includes(t)) same.travellers.push(t);
  return false;
}
