import type { Actor, Decision } from './actor.js';
import { decideAsTripPerson } from './together.policy.js';
import type { TripAccessFacts } from './trip-access.policy.js';

/**
 * Who may see a trip's bookings and bring new ones in (issue 34, decision 0068). Pure, on the trip's cached access
 * facts, through `tripRole` like every "who may" of a shared trip.
 *
 *  - Reading (the bookings, their documents, the mail waiting for review, the forwarding address): the trip's people,
 *    any role. A booking's document is a traveller's ticket: private to them, on a public trip too.
 *  - Importing, confirming, resetting the address, letting in or dismissing a waiting mail: first this (one of the
 *    trip's people, an editor or the owner), then the edit policy itself (edit.policy.ts, asked by the service through
 *    decideEditFor): what an import writes is the trip's content, so whoever may not edit the trip (a locked trip, the
 *    planner of a client's private trip) may not import into it either.
 *  - Anyone else: a stranger of a private trip is told nothing (the private 403); a visitor must sign in (401); a
 *    signed-in stranger of a public trip is no member (role_does_not_allow).
 */
export type BookingsAction = 'read' | 'import';

export function decideBookings(ride: TripAccessFacts, actor: Actor, action: BookingsAction): Decision {
  return decideAsTripPerson(ride, actor, action === 'read' ? null : 'editor');
}
