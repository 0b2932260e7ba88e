import { isPrivateRide } from '@rides/contract';
import { ALLOWED, refuse, type Actor, type Decision } from './actor.js';
import { decideAsTripPerson } from './together.policy.js';
import type { TripAccessFacts } from './trip-access.policy.js';

/**
 * Who sees and changes a trip's money (issue 35, decision 0069). Pure, on the trip's cached access facts, through
 * `tripRole` like every "who may" of a shared trip.
 *
 *  - Reading (expenses, people, budget, balances, settle-up, the CSV): the trip's people, any role ("a viewer sees it
 *    but cannot change it"). A stranger of a private trip is told nothing (the private 403); a visitor must sign in;
 *    a signed-in stranger of a public trip is no member (role_does_not_allow).
 *  - Writing (an expense, a participant, a transfer marked paid, the home currency and limits): an editor or the owner.
 *    The trip's lock is its itinerary's, not its money's: travellers keep recording what they spend.
 *  - The planner's quote (a planner's trip: private, with its planner): set and seen by the planner; the clients see it
 *    only when the planner shares it.
 */
export type MoneyAction = 'read' | 'write';

export function decideMoney(ride: TripAccessFacts, actor: Actor, action: MoneyAction): Decision {
  return decideAsTripPerson(ride, actor, action === 'read' ? null : 'editor');
}

/** A planner's trip: private, with a planner (its ride manager). Only there is a quote kept. */
export const hasQuote = (ride: TripAccessFacts): boolean => isPrivateRide(ride) && ride.rideManagerId !== null;

/** Whether this reader sees the quote and margin: the planner always; everyone who reads the money when shared. */
export function mayReadQuote(ride: TripAccessFacts, actor: Actor, shared: boolean): boolean {
  if (!hasQuote(ride)) return false;
  if (actor !== null && actor.id === ride.rideManagerId) return true;
  return shared && decideMoney(ride, actor, 'read').allowed;
}

/** Setting the quote: the trip's planner only. */
export function decideQuote(ride: TripAccessFacts, actor: Actor): Decision {
  if (!hasQuote(ride)) return refuse('forbidden');
  return actor !== null && actor.id === ride.rideManagerId ? ALLOWED : refuse('forbidden');
}
