/**
 * Addresses of the accommodation screens. The spec gives /accommodation no parameters: ours are ?rideId=N, and &id=M
 * to edit stay M, or &base=M to book in place of the original trip's suggestion M, or &day=D (1-based) for a new stay
 * from that night (decision 0018).
 */
export const ACCOMMODATION_PATH = '/accommodation';

export function accommodationPath(rideId: number, opts: { id?: number; base?: number; day?: number } = {}): string {
  const q = new URLSearchParams({ rideId: String(rideId) });
  if (opts.id !== undefined) q.set('id', String(opts.id));
  if (opts.base !== undefined) q.set('base', String(opts.base));
  if (opts.day !== undefined) q.set('day', String(opts.day));
  return `${ACCOMMODATION_PATH}?${q}`;
}

export const checklistPath = (rideId: number) => `/ride_checklist/${rideId}`;

export const tripPagePath = (rideId: number) => `/single_ride_with_map/${rideId}`;
