import { decideTripView, type TripAccessFacts, type TripViewer } from './trip-access.policy.js';

/**
 * Who may listen to a trip's live stream and who appears in (and hears) its presence (issue 33 point 2, decision
 * 0064). Pure, on the view policy's cached facts: the stream is the trip's view, so its rule is the view's, asked
 * again before every event it sends and periodically (a removed member, a lowered role, a trip made private: the
 * next answer is no, and the stream ends with `revoked`).
 *
 *  - listen: decideTripView allows it (a visitor of a public trip too).
 *  - presence: a signed-in listener: they appear in it (with their name and the day in view) and receive it. A
 *    visitor neither appears (nobody to name) nor sees who is looking.
 *  - hideDays: the trip's dates are withheld from this viewer (a private trip that ended), so the days an event
 *    touched are withheld too.
 */
export type TripLiveDecision = { listen: false } | { listen: true; presence: boolean; hideDays: boolean };

export function decideTripLive(facts: TripAccessFacts, viewer: TripViewer, today: string): TripLiveDecision {
  const view = decideTripView(facts, viewer, today);
  if (!view.allowed) return { listen: false };
  return { listen: true, presence: viewer !== null, hideDays: view.datesHidden };
}
