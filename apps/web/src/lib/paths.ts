import { ADDRESSES, pageLink, type Address, type AddressParams } from '@rides/contract';

/**
 * Every page's address, from the contract's table (packages/contract/src/page-addresses.ts; app/router.tsx declares
 * them): those without parameters are their own link (`PATHS.myTrips`), the others are built by `paths`.
 */
export { ADDRESSES as PATHS } from '@rides/contract';

/** The pages whose one parameter is the trip's id. */
type TripIdPage = {
  [P in Address]: AddressParams<P> extends { rideId: number }
    ? { rideId: number } extends AddressParams<P>
      ? P
      : never
    : never;
}[Address];
const byTripId =
  (address: TripIdPage) =>
  (rideId: number): string =>
    pageLink(address, { rideId });

/** The links of the pages with parameters: the table's pageLink, typed per page (test/paths.test.ts matches each). */
export const paths = {
  /** The trip page; `day` (1-based) scrolls it to that day (the full-screen map's "back", the add-activity page). */
  trip: (rideId: number, day?: number) =>
    `${pageLink(ADDRESSES.trip, { rideId })}${day === undefined ? '' : `?day=${day}`}`,
  tripAttraction: (rideId: number, attractionId: number) =>
    pageLink(ADDRESSES.tripAttraction, { rideId, attractionId }),
  fullMap: (rideId: number, dayId: number) => pageLink(ADDRESSES.fullMap, { rideId, dayId }),
  privateLanding: byTripId(ADDRESSES.privateLanding),
  extraInformation: byTripId(ADDRESSES.extraInformation),
  tripCalendar: byTripId(ADDRESSES.tripCalendar),
  tripChecklist: byTripId(ADDRESSES.tripChecklist),
  /** The author's trip information form (001 §2); without an id, the form of a new trip. */
  rideInformation: (rideId?: number) => pageLink(ADDRESSES.rideInformation, { rideId }),
  accessKey: byTripId(ADDRESSES.accessKey),
  addImages: byTripId(ADDRESSES.addImages),
  addAccommodationsImage: byTripId(ADDRESSES.addAccommodationsImage),
  oneTimeKey: byTripId(ADDRESSES.oneTimeKey),
  /** The join page; without a key, the one kept in session storage. */
  join: (rideKey?: string) => pageLink(ADDRESSES.join, { rideKey }),
  joinConsulting: (rideKey: string) => pageLink(ADDRESSES.joinConsulting, { rideKey }),
  /** The trip search by a typed name (one path segment; the home's search box). */
  searchRideByName: (name: string) => pageLink(ADDRESSES.searchRideByName, { locationName: name.trim() }),
};

/** A same-site path we may send the user back to (never another origin, never the callback itself). */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return ADDRESSES.home;
  if (value.startsWith(ADDRESSES.oauthCallback)) return ADDRESSES.home;
  return value;
}
