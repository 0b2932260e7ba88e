import type * as PAGES from './page-addresses.js';

/**
 * Every page address of the product, written once (issue 32 point 2, decision 0055): ADDRESSES (page-addresses.ts,
 * the spec's route table of 002 §2.1 and our own pages) and OLD_ADDRESSES. The web's router declares these patterns,
 * its links and the server's (mails, the PDF, the join link) are built from them (pageLink), and the server recognises
 * its rendered and preloaded pages with them (matchAddress).
 *
 * No Zod here, and nothing that runs at load: the router and every page's links import this module, so it stays
 * strings and three small functions (scripts/initial-js.mjs holds the pages to their bars).
 *
 * A parameter named "...Id" is a page id (pageId: 1 to 9 digits, not 0, as the trip page reads it); any other is text.
 */
export * as ADDRESSES from './page-addresses.js';

/**
 * The routes of 002 §2.1 that have no screen of their own (old pages, pages without an id, spellings of the first
 * app): each leads to the screen that serves its purpose, keeping the query (decision 0039; the web's
 * lib/old-route-redirect.ts says where).
 */
export const OLD_ADDRESSES = [
  '/old',
  '/single_ride',
  '/single_Ride_map',
  '/single_ride_with_map',
  '/single_map_with_all_search_on_map',
  '/ride_checklist',
  '/attraction',
  '/serch_attractions',
  '/add_new_attraction_to_ride_old',
  '/user_rides_old',
  '/ride_information_old',
  '/upload',
  '/add_images',
  '/add_accommodations_image',
  '/add_accommodation_from_image',
  '/popups',
] as const;
export type OldAddress = (typeof OLD_ADDRESSES)[number];

/** A page's name in the table, and its address (a pattern). */
export type AddressName = keyof typeof PAGES;
export type Address = (typeof PAGES)[AddressName];

type Segments<P extends string> = P extends `${infer Head}/${infer Tail}`
  ? Segments<Head> | Segments<Tail>
  : P;
type ParamOf<S> = S extends `:${infer Name}` ? Name : never;
type Value<Name extends string> = Name extends `${string}Id` ? number : string;
type Params<P extends string> = {
  [S in ParamOf<Segments<P>> as S extends `${string}?` ? never : S]: Value<S>;
} & {
  [S in ParamOf<Segments<P>> as S extends `${infer Name}?` ? Name : never]?: S extends `${infer Name}?`
    ? Value<Name>
    : never;
};
/** The parameters of an address: `{ rideId: number }` for the trip page's, `{ rideKey?: string }` for join's. */
export type AddressParams<P extends Address> = Params<P>;
/** No argument for an address without parameters; an optional one when all its parameters are optional. */
type LinkArgs<P extends Address> =
  ParamOf<Segments<P>> extends never
    ? []
    : Record<string, never> extends AddressParams<P>
      ? [params?: AddressParams<P>]
      : [params: AddressParams<P>];

/** A page id as an address writes it: 1 to 9 digits, not 0 (leading zeros read as the number); anything else is null. */
export function pageId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** One segment of a pattern: ":name" or ":name?" a parameter (its name), else the literal text (null). */
const paramName = (segment: string): string | null =>
  segment.startsWith(':') ? segment.slice(1).replace(/\?$/, '') : null;

/**
 * The link of a page: its address with the parameters in place, each one path segment (encoded); an absent optional
 * parameter drops its segment. `pageLink(ADDRESSES.trip, { rideId: 12 })` is "/single_ride_with_map/12".
 */
export function pageLink<P extends Address>(address: P, ...[params]: LinkArgs<P>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return address.replace(/\/:(\w+)\??/g, (_, param: string) => {
    const value = values[param];
    return value === undefined ? '' : `/${encodeURIComponent(value)}`;
  });
}

/**
 * The parameters of `path` if it is one of `address` (one trailing slash allowed, case as written), else null. Ids
 * must be page ids (pageId); texts are decoded.
 */
export function matchAddress<P extends Address>(address: P, path: string): AddressParams<P> | null {
  if (!path.startsWith('/')) return null;
  const segments = address.split('/').filter(Boolean);
  const given = path === '/' ? [] : path.slice(1).split('/');
  if (given.at(-1) === '') given.pop();
  const params: Record<string, string | number> = {};
  let at = 0;
  for (const segment of segments) {
    const param = paramName(segment);
    const value = given[at];
    if (param === null) {
      if (value !== segment) return null;
    } else if (value === undefined || value === '') {
      if (!segment.endsWith('?')) return null;
      continue;
    } else if (param.endsWith('Id')) {
      const id = pageId(value);
      if (id === null) return null;
      params[param] = id;
    } else {
      try {
        params[param] = decodeURIComponent(value);
      } catch {
        return null;
      }
    }
    at++;
  }
  return at === given.length ? (params as AddressParams<P>) : null;
}
