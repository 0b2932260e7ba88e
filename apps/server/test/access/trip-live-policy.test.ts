import { describe, expect, it } from 'vitest';
import type { TripAccessFacts, TripViewer } from '../../src/modules/access/trip-access.policy.js';
import { decideTripLive } from '../../src/modules/access/trip-live.policy.js';

/**
 * The live stream's policy (decideTripLive, decision 0064), every row: who × which trip → listen / presence / days
 * hidden. The API tests (api/trip-events.test.ts) prove the stream asks it, at the start and before every event.
 */
const user = (id: number): TripViewer => ({ id, role: 'user', isAdmin: false });
const AUTHOR = 1;
const PLANNER = 2;
const CLIENT = 3;
const VIEWER = 4;
const EDITOR = 5;
const STRANGER = 6;
const facts = (type: 'public' | 'private', endDate = '2099-01-01'): TripAccessFacts => ({
  authorId: AUTHOR,
  rideManagerId: type === 'private' ? PLANNER : null,
  type,
  endDate,
  authorizedUserIds: new Set([CLIENT]),
  memberRoles: new Map([
    [VIEWER, 'viewer'],
    [EDITOR, 'editor'],
  ]),
});
const TODAY = '2030-01-01';
const people: [string, TripViewer][] = [
  ['visitor', null],
  ['author', user(AUTHOR)],
  ['planner', user(PLANNER)],
  ['authorised client', user(CLIENT)],
  ['viewer member', user(VIEWER)],
  ['editor member', user(EDITOR)],
  ['stranger', user(STRANGER)],
];
const row = (d: ReturnType<typeof decideTripLive>) =>
  d.listen ? `listen${d.presence ? '+presence' : ''}${d.hideDays ? '+no-days' : ''}` : 'no';

describe('decideTripLive', () => {
  it.each([
    // who, public trip, private trip, private trip that ended
    ['visitor', 'listen', 'no', 'no'],
    ['author', 'listen+presence', 'listen+presence', 'listen+presence'],
    ['planner', 'listen+presence', 'listen+presence', 'listen+presence'],
    ['authorised client', 'listen+presence', 'listen+presence', 'listen+presence+no-days'],
    ['viewer member', 'listen+presence', 'listen+presence', 'listen+presence+no-days'],
    ['editor member', 'listen+presence', 'listen+presence', 'listen+presence+no-days'],
    ['stranger', 'listen+presence', 'no', 'no'],
  ])('%s: public %s, private %s, private ended %s', (who, pub, priv, ended) => {
    const viewer = people.find(([name]) => name === who)?.[1] ?? null;
    expect(row(decideTripLive(facts('public'), viewer, TODAY))).toBe(pub);
    expect(row(decideTripLive(facts('private'), viewer, TODAY))).toBe(priv);
    expect(row(decideTripLive(facts('private', '2029-12-01'), viewer, TODAY))).toBe(ended);
  });
});
