import { describe, expect, it } from 'vitest';
import {
  mayReadBookings,
  areDatesHidden,
  copyRefusal,
  isPrivateRide,
  isPrivateRideWire,
  isResettableTrip,
  tripAbilities,
  tripFactsFromWire,
  type TripWire,
  type TripAbilities,
  type TripFacts,
  type TripViewer,
} from '../src/index.js';

/** A fixed "today": no test depends on the clock. */
const TODAY = '2026-06-15';

const publicTrip: TripFacts = {
  type: 'public',
  rideManagerId: null,
  isLocked: false,
  isDemo: false,
  isWhiteLabel: false,
  isBasedRide: false,
  basedRideId: null,
  endDate: '2026-07-01',
  subdomain: null,
};
const privateTrip: TripFacts = { ...publicTrip, type: 'private' };
const plannedTrip: TripFacts = { ...publicTrip, rideManagerId: 7 };
/** A white-label copy of a base trip, made for a client: what "reset trip" is for. */
const clientCopy: TripFacts = { ...publicTrip, type: 'private', isWhiteLabel: true, basedRideId: 3 };

const author: TripViewer = { isAuthor: true, isPlanner: false, isManager: false, site: null };
const managerAuthor: TripViewer = { isAuthor: true, isPlanner: false, isManager: true, site: null };
const reader: TripViewer = { isAuthor: false, isPlanner: false, isManager: false, site: null };
const planner: TripViewer = { isAuthor: false, isPlanner: true, isManager: true, site: null };
/** Signed in, but ride_header_api has not answered yet. */
const unknown: TripViewer = { isAuthor: null, isPlanner: false, isManager: false, site: null };

describe('isPrivateRide', () => {
  it.each([
    ['public, no ride manager', { type: 'public', rideManagerId: null }, false],
    ['type private', { type: 'private', rideManagerId: null }, true],
    ['a ride manager set ("a number marks a private ride")', { type: 'public', rideManagerId: 7 }, true],
    ['both', { type: 'private', rideManagerId: 7 }, true],
    ['a missing ride manager counts as none', { type: 'public', rideManagerId: undefined }, false],
  ])('%s', (_, ride, expected) => {
    expect(isPrivateRide(ride)).toBe(expected);
  });

  it.each([
    [{ type: 'public', ride_manager_id: null }, false],
    [{ type: 'private', ride_manager_id: null }, true],
    [{ type: 'public', ride_manager_id: 4 }, true],
    [{ type: 'public' }, false],
    [{}, false],
  ])('on the wire: %j is private: %s', (ride, expected) => {
    expect(isPrivateRideWire(ride)).toBe(expected);
  });
});

describe('isResettableTrip', () => {
  it.each([
    ['a white-label private copy of a base trip', clientCopy, true],
    ['not white-label', { ...clientCopy, isWhiteLabel: false }, false],
    ['a base trip itself', { ...clientCopy, isBasedRide: true }, false],
    ['public', { ...clientCopy, type: 'public' as const }, false],
    ['private through its ride manager', { ...clientCopy, type: 'public' as const, rideManagerId: 9 }, true],
    ['no base trip to go back to', { ...clientCopy, basedRideId: null }, false],
  ])('%s: %s', (_, ride, expected) => {
    expect(isResettableTrip(ride)).toBe(expected);
  });
});

describe('areDatesHidden (today 2026-06-15)', () => {
  const viewers = {
    author: { isAuthor: true, isPlanner: false },
    planner: { isAuthor: false, isPlanner: true },
    reader: { isAuthor: false, isPlanner: false },
  };
  it.each([
    ['private, ended yesterday, a reader', privateTrip, '2026-06-14', 'reader', true],
    ['private, ends today (its last day still shows them)', privateTrip, TODAY, 'reader', false],
    ['private, ends tomorrow', privateTrip, '2026-06-16', 'reader', false],
    ['private, ended long ago, its author', privateTrip, '2020-01-01', 'author', false],
    ['private, ended long ago, its ride manager', plannedTrip, '2020-01-01', 'planner', false],
    ['planned (private through its manager), ended, a reader', plannedTrip, '2026-06-14', 'reader', true],
    ['public, ended long ago, a reader', publicTrip, '2020-01-01', 'reader', false],
  ] as const)('%s', (_, trip, endDate, who, expected) => {
    expect(areDatesHidden({ ...trip, endDate }, viewers[who], TODAY)).toBe(expected);
  });
});

describe("mayReadBookings: who reads a stay's confirmation number", () => {
  const viewer = (isAuthor: boolean, isPlanner: boolean, isAuthorisedClient: boolean) => ({
    isAuthor,
    isPlanner,
    isAuthorisedClient,
  });
  const PUBLIC = { type: 'public', rideManagerId: null };
  const PRIVATE = { type: 'private', rideManagerId: null };
  const PLANNERS = { type: 'public', rideManagerId: 7 }; // a ride manager makes a trip private
  it.each([
    ['the author of a public trip', PUBLIC, viewer(true, false, false), true],
    ['a visitor of a public trip', PUBLIC, viewer(false, false, false), false],
    ["a public trip's leftover authorised user", PUBLIC, viewer(false, false, true), false],
    ['the author of a private trip', PRIVATE, viewer(true, false, false), true],
    ["a private trip's authorised client", PRIVATE, viewer(false, false, true), true],
    ["a planner's trip's planner", PLANNERS, viewer(false, true, false), true],
    ["a planner's trip's client", PLANNERS, viewer(false, false, true), true],
    ['a stranger to a private trip', PRIVATE, viewer(false, false, false), false],
  ] as const)('%s', (_who, ride, v, expected) => {
    expect(mayReadBookings(ride, v)).toBe(expected);
  });
});

describe('tripAbilities', () => {
  const none: TripAbilities = {
    edit: false,
    lock: false,
    editInformation: false,
    addPhotos: false,
    share: false,
    copyBanner: false,
    demoNote: false,
    reset: false,
    duplicate: false,
    registrationLink: false,
    datesHidden: false,
  };
  it.each<[string, TripFacts, TripViewer, Partial<TripAbilities>]>([
    ['public trip, its author', publicTrip, author, { edit: true, lock: true, share: true }],
    ['public trip, a reader', publicTrip, reader, { share: true, copyBanner: true }],
    ['public trip, author not known yet: neither the author tools nor the banner', publicTrip, unknown, { share: true }],
    ['demo trip, a reader: no share button, no copy invitation, the note', { ...publicTrip, isDemo: true }, reader, { demoNote: true }],
    ['demo trip, a visitor (not signed in): the note, no invitation', { ...publicTrip, isDemo: true }, { ...reader, isAuthor: false }, { demoNote: true }],
    ['demo trip, its author: their tools, no note', { ...publicTrip, isDemo: true }, author, { edit: true, lock: true }],
    ['a sub-domain trip on the main site: no banner (error_ride_is_not_from_subdomain)', { ...publicTrip, subdomain: 'acme' }, reader, { share: true }],
    ['a sub-domain trip on its sub-domain: the banner', { ...publicTrip, subdomain: 'acme' }, { ...reader, site: 'acme' }, { share: true, copyBanner: true }],
    ['a main-site trip on a sub-domain: no banner', publicTrip, { ...reader, site: 'acme' }, { share: true }],
    ['private trip, a reader: no share, no banner (add_ride_to_user_api refuses it)', privateTrip, reader, {}],
    ['planned trip, its planner (not the author): no banner', plannedTrip, planner, {}],
    // Members (issue 33): an editor changes the content as the author does; the author's own tools stay the author's.
    ['public trip, an editor member: edits, no lock, no banner', publicTrip, { ...reader, role: 'editor' }, { edit: true, share: true }],
    ['base trip, an editor member: no information sections, no photos, no reset', { ...publicTrip, isBasedRide: true }, { ...reader, role: 'editor' }, { edit: true, share: true }],
    ['client copy, an editor member: edits, no reset', clientCopy, { ...reader, role: 'editor' }, { edit: true }],
    ['locked trip, an editor member: nothing to change', { ...publicTrip, isLocked: true }, { ...reader, role: 'editor' }, { share: true }],
    ['public trip, a commenter member: reads only, no banner', publicTrip, { ...reader, role: 'commenter' }, { share: true }],
    ['public trip, a viewer member: reads only, no banner', publicTrip, { ...reader, role: 'viewer' }, { share: true }],
    ['private trip, an editor member: edits', privateTrip, { ...reader, role: 'editor' }, { edit: true }],
    [
      'locked trip, its author: only the lock',
      { ...publicTrip, isLocked: true },
      author,
      { lock: true, share: true },
    ],
    ['locked trip, a reader: no banner', { ...publicTrip, isLocked: true }, reader, { share: true }],
    ['base trip, its author: the information sections', { ...publicTrip, isBasedRide: true }, author, { edit: true, lock: true, share: true, editInformation: true, addPhotos: true }],
    ['base trip, a reader: no photos to add', { ...publicTrip, isBasedRide: true }, reader, { share: true, copyBanner: true }],
    ['base trip, locked, its author: no photos to add', { ...publicTrip, isBasedRide: true, isLocked: true }, author, { lock: true, share: true }],
    ['public trip, a manager author: sections, but no duplicate (not private)', publicTrip, managerAuthor, { edit: true, lock: true, share: true, editInformation: true }],
    ['private trip, a manager author: duplicate and registration link', privateTrip, managerAuthor, { edit: true, lock: true, editInformation: true, duplicate: true, registrationLink: true }],
    ['private demo trip, a manager author: no duplicate (add_ride_to_user_api refuses a demo)', { ...privateTrip, isDemo: true }, managerAuthor, { edit: true, lock: true, editInformation: true, registrationLink: true }],
    ['private sub-domain trip on the main site, a manager author: no duplicate', { ...privateTrip, subdomain: 'acme' }, managerAuthor, { edit: true, lock: true, editInformation: true, registrationLink: true }],
    ['client copy, its author: reset', clientCopy, author, { edit: true, lock: true, reset: true }],
    ['client copy, locked: no reset', { ...clientCopy, isLocked: true }, author, { lock: true }],
    ['client copy, a reader: no reset', clientCopy, reader, {}],
    [
      'private trip ended yesterday, a reader: dates hidden',
      { ...privateTrip, endDate: '2026-06-14' },
      reader,
      { datesHidden: true },
    ],
    ['private trip ending today, a reader: dates shown', { ...privateTrip, endDate: TODAY }, reader, {}],
    [
      'private trip ended, its author: dates shown',
      { ...privateTrip, endDate: '2026-06-14' },
      author,
      { edit: true, lock: true },
    ],
    ['planned trip ended, its planner: dates shown', { ...plannedTrip, endDate: '2026-06-14' }, planner, {}],
    [
      'dates already withheld by the server',
      { ...privateTrip, endDate: null },
      reader,
      { datesHidden: true },
    ],
  ])('%s', (_, trip, viewer, expected) => {
    expect(tripAbilities(trip, viewer, TODAY)).toEqual({ ...none, ...expected });
  });
});

describe('copyRefusal: what add_ride_to_user_api answers, and so whether "copy and edit" is offered', () => {
  const main = { isAuthor: false, site: null };
  const own = { isAuthor: true, site: null };
  it.each([
    ['a public trip, a reader', publicTrip, main, null],
    ['a demo trip, a reader', { ...publicTrip, isDemo: true }, main, 'forbidden'],
    ['a demo trip, its author too', { ...publicTrip, isDemo: true }, own, 'forbidden'],
    ['a private trip, a reader', privateTrip, main, 'user_does_not_have_permission_to_this_private_ride'],
    ['a planned trip, a reader', plannedTrip, main, 'user_does_not_have_permission_to_this_private_ride'],
    ['a private trip, its author (the duplicate)', privateTrip, own, null],
    ['a locked trip, a reader', { ...publicTrip, isLocked: true }, main, 'uesr_is_not_authorize_to_edit_this_ride'],
    ['a locked trip, its author', { ...publicTrip, isLocked: true }, own, null],
    ['a sub-domain trip asked on the main site', { ...publicTrip, subdomain: 'acme' }, main, 'error_ride_is_not_from_subdomain'],
    ['a sub-domain trip asked on its sub-domain', { ...publicTrip, subdomain: 'acme' }, { ...main, site: 'acme' }, null],
  ] as const)('%s: %s', (_, trip, viewer, expected) => {
    expect(copyRefusal(trip, viewer)).toBe(expected);
  });
});

describe('tripFactsFromWire', () => {
  const wire = {
    type: 'private',
    ride_manager_id: 5,
    is_locked: true,
    is_demo: false,
    subdomain: null,
    is_white_label: true,
    is_based_ride: false,
    based_ride_id: 2,
    end_date: '30-06-2026',
    dates_hidden: false,
  } as TripWire;
  it('reads the wire ride, its DD-MM-YYYY end date as ISO', () => {
    expect(tripFactsFromWire(wire)).toEqual({
      type: 'private',
      rideManagerId: 5,
      isLocked: true,
      isDemo: false,
      isWhiteLabel: true,
      isBasedRide: false,
      basedRideId: 2,
      endDate: '2026-06-30',
      subdomain: null,
    });
  });
  it('hidden dates read as withheld', () => {
    expect(
      tripFactsFromWire({ ...wire, end_date: null, start_date: null, dates_hidden: true }).endDate,
    ).toBeNull();
  });
});
