import type { ServerMassageCode } from '@rides/contract';
import { describe, expect, it } from 'vitest';
import {
  decideJoin,
  decideKeyManagement,
  standingThroughKey,
  type KeyUserFacts,
} from '../../src/modules/access/access-keys.policy.js';
import type { Actor, Decision } from '../../src/modules/access/actor.js';
import {
  decideAiText,
  decideAttractionEdit,
  mayChooseCategories,
} from '../../src/modules/access/attraction.policy.js';
import {
  decideCopy,
  decidePrivateCopy,
  groupTripRefusal,
  mayCopyPrivate,
} from '../../src/modules/access/copy.policy.js';
import {
  decideOneTimeLink,
  decideShareRecord,
  decideSubdomainManager,
  decideSubdomainSettings,
  type LinkTripFacts,
} from '../../src/modules/access/one-time-links.policy.js';
import {
  chooseSubdomain,
  decideFlags,
  decideInformationForm,
  informationPermissions,
} from '../../src/modules/access/trip-information.policy.js';

/**
 * The access policies of the trip's features (modules/access, decision 0056), table-tested: who × what × state ->
 * decision. The view policy is tested by rides-view-rules and ride-access-sql, the edit policy by edit-policy.test.ts.
 */
const AUTHOR = 1;
const PLANNER = 3;
const GROUP_MANAGER = 4;
const user = (id: number, role: 'user' | 'manager' = 'user') => ({ id, role, isAdmin: false });
const author = user(AUTHOR);
const planner = user(PLANNER, 'manager');
const groupManager = user(GROUP_MANAGER, 'manager');
const client = user(5);
const stranger = user(6);
const admin = { id: 8, role: 'user' as const, isAdmin: true };

const ok: Decision = { allowed: true };
const no = (code: ServerMassageCode): Decision => ({ allowed: false, code });
const privateTrip = { authorId: AUTHOR, rideManagerId: PLANNER, type: 'private' as const };
const publicTrip = { authorId: AUTHOR, rideManagerId: null, type: 'public' as const };

describe('access keys: the planner’s calls (decideKeyManagement)', () => {
  it.each<[string, typeof privateTrip | typeof publicTrip, Actor, boolean, Decision]>([
    ['nobody', privateTrip, null, false, no('user_is_not_authorized')],
    ['the author', privateTrip, author, false, ok],
    ['the planner', privateTrip, planner, false, ok],
    [
      'an authorised client (may view, not manage)',
      privateTrip,
      client,
      true,
      no('uesr_is_not_authorize_to_edit_this_ride'),
    ],
    [
      'a stranger (told nothing of the trip)',
      privateTrip,
      stranger,
      false,
      no('user_does_not_have_permission_to_this_private_ride'),
    ],
    ['a platform admin', privateTrip, admin, false, no('user_does_not_have_permission_to_this_private_ride')],
    ['the author of a public trip (no key)', publicTrip, author, false, no('ride_is_not_private')],
    [
      'a stranger on a public trip',
      publicTrip,
      stranger,
      false,
      no('uesr_is_not_authorize_to_edit_this_ride'),
    ],
  ])('%s', (_name, ride, who, isAuthorisedUser, expected) => {
    expect(decideKeyManagement(ride, who, { isAuthorisedUser })).toEqual(expected);
  });
});

describe('access keys: joining (decideJoin, standingThroughKey)', () => {
  const none: KeyUserFacts = { hasPlace: false, isAuthorisedUser: false, action: 'view' };
  const groupTrip = {
    authorId: AUTHOR,
    rideManagerId: PLANNER,
    subdomain: 'club',
    subdomainManagerId: GROUP_MANAGER,
  };
  const ownGroupTrip = { ...groupTrip, rideManagerId: GROUP_MANAGER };
  const mainSite = { authorId: AUTHOR, rideManagerId: PLANNER, subdomain: null, subdomainManagerId: null };
  it.each<[string, typeof mainSite | typeof groupTrip, Actor, string | null, KeyUserFacts, Decision]>([
    ['nobody', mainSite, null, null, none, no('user_is_not_authorized')],
    ['a newcomer on the trip’s site', mainSite, client, null, none, ok],
    ['a newcomer on another site', mainSite, client, 'club', none, no('error_ride_is_not_from_subdomain')],
    [
      'a group trip its manager neither wrote nor plans',
      groupTrip,
      client,
      'club',
      none,
      no('error_ride_is_not_from_the_right_user'),
    ],
    ['a group trip its manager plans', ownGroupTrip, client, 'club', none, ok],
    ['its author', mainSite, author, null, none, no('this_user_is_alrady_assign_to_this_ride')],
    ['its planner', mainSite, planner, null, none, no('this_user_is_alrady_assign_to_this_ride')],
    [
      'a client holding a place',
      mainSite,
      client,
      null,
      { ...none, hasPlace: true },
      no('this_user_is_alrady_assign_to_this_ride'),
    ],
    [
      'an authorised user, a view key',
      mainSite,
      client,
      null,
      { ...none, isAuthorisedUser: true },
      no('this_user_is_alrady_assign_to_this_ride'),
    ],
    [
      'an authorised user, a copy key (may still copy)',
      mainSite,
      client,
      null,
      { ...none, isAuthorisedUser: true, action: 'copy' },
      ok,
    ],
  ])('%s', (_name, ride, who, site, facts, expected) => {
    expect(decideJoin(ride, who, site, facts)).toEqual(expected);
  });

  it.each<
    [
      string,
      { id: number; role: 'user' | 'manager'; isAdmin: boolean },
      KeyUserFacts,
      ReturnType<typeof standingThroughKey>,
    ]
  >([
    ['author', author, none, 'owner'],
    ['planner, with a place too', planner, { ...none, hasPlace: true }, 'owner'],
    ['place', client, { ...none, hasPlace: true, isAuthorisedUser: true }, 'place'],
    ['authorised user, view key', client, { ...none, isAuthorisedUser: true }, 'client'],
    ['authorised user, copy key', client, { ...none, isAuthorisedUser: true, action: 'copy' }, null],
    ['stranger', stranger, none, null],
  ])('standing: %s', (_name, who, facts, expected) => {
    expect(standingThroughKey(mainSite, who, facts)).toBe(expected);
  });
});

describe('copies (decideCopy, groupTripRefusal, decidePrivateCopy)', () => {
  type CopyTrip = Parameters<typeof decideCopy>[0];
  const trip: CopyTrip = {
    ...publicTrip,
    isLocked: false,
    isDemo: false,
    subdomain: null,
    subdomainManagerId: null,
  };
  it.each<[string, Partial<CopyTrip>, Actor, string | null, Decision]>([
    ['nobody', {}, null, null, no('user_is_not_authorized')],
    ['a public trip, anyone', {}, stranger, null, ok],
    ['a demo trip, even its author', { isDemo: true }, author, null, no('forbidden')],
    [
      'a private trip, a stranger',
      { type: 'private' },
      stranger,
      null,
      no('user_does_not_have_permission_to_this_private_ride'),
    ],
    ['a private trip, its author (the duplicate)', { type: 'private' }, author, null, ok],
    [
      'a locked trip, a stranger',
      { isLocked: true },
      stranger,
      null,
      no('uesr_is_not_authorize_to_edit_this_ride'),
    ],
    ['a locked trip, its author', { isLocked: true }, author, null, ok],
    ['asked on another site', {}, stranger, 'club', no('error_ride_is_not_from_subdomain')],
    [
      'a group trip not by its manager',
      { subdomain: 'club', subdomainManagerId: GROUP_MANAGER },
      stranger,
      'club',
      no('error_ride_is_not_from_the_right_user'),
    ],
    ['a group trip by its manager', { subdomain: 'club', subdomainManagerId: AUTHOR }, stranger, 'club', ok],
    ['a sub-domain with no manager', { subdomain: 'club' }, stranger, 'club', ok],
  ])('%s', (_name, change, who, site, expected) => {
    expect(decideCopy({ ...trip, ...change }, who, site)).toEqual(expected);
  });

  it('the group rule alone: the group’s manager must write or plan the trip', () => {
    const group = {
      authorId: AUTHOR,
      rideManagerId: null,
      subdomain: 'club',
      subdomainManagerId: GROUP_MANAGER,
    };
    expect(groupTripRefusal(group)).toEqual(no('error_ride_is_not_from_the_right_user'));
    expect(groupTripRefusal({ ...group, rideManagerId: GROUP_MANAGER })).toEqual(ok);
    expect(groupTripRefusal({ ...group, authorId: GROUP_MANAGER })).toEqual(ok);
    expect(groupTripRefusal({ ...group, subdomain: null })).toEqual(ok);
  });

  it.each<
    [
      string,
      { isDemo: boolean; subdomain: string | null; isCopyClient: boolean },
      Actor,
      string | null,
      Decision,
    ]
  >([
    [
      'nobody',
      { isDemo: false, subdomain: null, isCopyClient: true },
      null,
      null,
      no('user_is_not_authorized'),
    ],
    ['a copy key’s client', { isDemo: false, subdomain: null, isCopyClient: true }, client, null, ok],
    [
      'someone else (told nothing)',
      { isDemo: false, subdomain: null, isCopyClient: false },
      stranger,
      null,
      no('user_does_not_have_permission_to_this_private_ride'),
    ],
    [
      'a demo trip',
      { isDemo: true, subdomain: null, isCopyClient: true },
      client,
      null,
      no('user_does_not_have_permission_to_this_private_ride'),
    ],
    [
      'on another site',
      { isDemo: false, subdomain: 'club', isCopyClient: true },
      client,
      null,
      no('error_ride_is_not_from_subdomain'),
    ],
  ])('a client’s own copy: %s', (_name, ride, who, site, expected) => {
    expect(decidePrivateCopy(ride, who, site)).toEqual(expected);
    expect(mayCopyPrivate(ride)).toBe(!ride.isDemo && ride.isCopyClient);
  });
});

describe('one-time links, sub-domain settings, shares', () => {
  const trip: LinkTripFacts = {
    ...privateTrip,
    subdomain: 'club',
    subdomainManagerId: GROUP_MANAGER,
    isWhiteLabel: false,
    usersMayCreateOneTimeLinks: false,
  };
  const whiteLabel = {
    ...publicTrip,
    subdomain: 'club',
    subdomainManagerId: GROUP_MANAGER,
    isWhiteLabel: true,
    usersMayCreateOneTimeLinks: true,
  };
  it.each<[string, LinkTripFacts, Actor, boolean, Decision]>([
    ['nobody', trip, null, false, no('user_is_not_authorized')],
    ['the author', trip, author, false, ok],
    ['the planner', trip, planner, false, ok],
    ['the sub-domain manager', trip, groupManager, false, ok],
    ['a client, links not allowed', trip, client, true, no('one_time_link_not_allowed')],
    ['a stranger', trip, stranger, false, no('one_time_link_not_allowed')],
    ['a client of a white-label trip that allows it', whiteLabel, client, true, ok],
    ['a non-client of that trip', whiteLabel, stranger, false, no('one_time_link_not_allowed')],
    [
      'a client, white-label not allowing it',
      { ...whiteLabel, usersMayCreateOneTimeLinks: false },
      client,
      true,
      no('one_time_link_not_allowed'),
    ],
    ['the author of a public trip', { ...trip, ...publicTrip }, author, false, no('ride_is_not_private')],
    [
      'the sub-domain manager, a trip of no sub-domain',
      { ...trip, subdomain: null },
      groupManager,
      false,
      no('one_time_link_not_allowed'),
    ],
  ])('a one-time link: %s', (_name, ride, who, isClient, expected) => {
    expect(decideOneTimeLink(ride, who, { isClient })).toEqual(expected);
  });

  it.each<[string, Partial<LinkTripFacts>, Actor, string[], Decision]>([
    ['a user who manages no sub-domain', {}, author, [], no('subdomain_ride_requires_subdomain_manager')],
    ['the sub-domain manager, their sub-domain', {}, groupManager, ['club'], ok],
    ['the author who manages it', {}, author, ['club'], ok],
    ['the author managing another sub-domain', {}, author, ['other'], no('error_ride_is_not_from_subdomain')],
    [
      'the planner, a trip of no sub-domain',
      { subdomain: null, subdomainManagerId: null },
      planner,
      ['other'],
      ok,
    ],
    [
      'a manager of another sub-domain, not the trip’s',
      {},
      user(9, 'manager'),
      ['other'],
      no('uesr_is_not_authorize_to_edit_this_ride'),
    ],
  ])('sub-domain settings: %s', (_name, change, who, managed, expected) => {
    expect(decideSubdomainSettings({ ...trip, ...change }, who, managed)).toEqual(expected);
  });

  it('sub-domain settings are asked first of the sub-domains managed', () => {
    expect(decideSubdomainManager([])).toEqual(no('subdomain_ride_requires_subdomain_manager'));
    expect(decideSubdomainManager(['club'])).toEqual(ok);
  });

  it.each<[string, Actor, Decision]>([
    ['nobody', null, no('user_is_not_authorized')],
    ['the author', author, ok],
    ['the planner', planner, ok],
    ['the sub-domain manager', groupManager, no('uesr_is_not_authorize_to_edit_this_ride')],
    ['a client', client, no('uesr_is_not_authorize_to_edit_this_ride')],
  ])('a recorded share: %s', (_name, who, expected) => {
    expect(decideShareRecord(trip, who)).toEqual(expected);
  });
});

describe('attractions (decideAttractionEdit, decideAiText, mayChooseCategories)', () => {
  it.each<[string, Actor, Decision, Decision, boolean]>([
    ['nobody', null, no('user_is_not_authorized'), no('user_is_not_authorized'), false],
    ['its author, a user', author, ok, no('forbidden'), false],
    ['its author, a manager', user(AUTHOR, 'manager'), ok, ok, true],
    ['another manager', planner, no('error_no_access_to_attraction'), ok, true],
    ['a platform admin', admin, no('error_no_access_to_attraction'), no('forbidden'), false],
  ])('%s', (_name, who, edit, aiText, categories) => {
    expect(decideAttractionEdit({ authorId: AUTHOR }, who)).toEqual(edit);
    expect(decideAiText(who)).toEqual(aiText);
    expect(mayChooseCategories(who)).toBe(categories);
  });
});

describe('the trip information form', () => {
  it.each<[string, Actor, Decision]>([
    ['nobody', null, no('user_is_not_authorized')],
    ['its author', author, ok],
    ['its planner', planner, no('uesr_is_not_authorize_to_edit_this_ride')],
  ])('the form of a trip: %s', (_name, who, expected) => {
    expect(decideInformationForm(privateTrip, who)).toEqual(expected);
  });

  it.each<
    [
      string,
      { id: number; role: 'user' | 'manager'; isAdmin: boolean },
      string[],
      string | null,
      { canMakePrivate: boolean; managedSubdomain: string | null },
    ]
  >([
    ['a user', author, [], null, { canMakePrivate: false, managedSubdomain: null }],
    ['a manager', planner, [], 'club', { canMakePrivate: true, managedSubdomain: null }],
    [
      'a sub-domain manager, on their second sub-domain',
      groupManager,
      ['club', 'golf'],
      'golf',
      { canMakePrivate: true, managedSubdomain: 'golf' },
    ],
    [
      'a sub-domain manager, on the main site',
      groupManager,
      ['club', 'golf'],
      null,
      { canMakePrivate: true, managedSubdomain: 'club' },
    ],
    [
      'a sub-domain manager, on another sub-domain',
      groupManager,
      ['club'],
      'other',
      { canMakePrivate: true, managedSubdomain: 'club' },
    ],
  ])('what it offers %s', (_name, who, managed, site, expected) => {
    expect(informationPermissions(who, managed, site)).toEqual(expected);
    expect(chooseSubdomain(managed, site)).toBe(expected.managedSubdomain);
  });

  it.each<
    [
      string,
      { canMakePrivate: boolean; managedSubdomain: string | null },
      { privacy: boolean; subdomain: boolean },
      Decision,
    ]
  >([
    [
      'nothing set',
      { canMakePrivate: false, managedSubdomain: null },
      { privacy: false, subdomain: false },
      ok,
    ],
    [
      'privacy by a user',
      { canMakePrivate: false, managedSubdomain: null },
      { privacy: true, subdomain: false },
      no('private_ride_requires_manager'),
    ],
    [
      'privacy by a manager',
      { canMakePrivate: true, managedSubdomain: null },
      { privacy: true, subdomain: false },
      ok,
    ],
    [
      'a sub-domain, none managed',
      { canMakePrivate: true, managedSubdomain: null },
      { privacy: false, subdomain: true },
      no('subdomain_ride_requires_subdomain_manager'),
    ],
    [
      'a sub-domain, managed',
      { canMakePrivate: false, managedSubdomain: 'club' },
      { privacy: false, subdomain: true },
      ok,
    ],
    [
      'both, privacy refused first',
      { canMakePrivate: false, managedSubdomain: null },
      { privacy: true, subdomain: true },
      no('private_ride_requires_manager'),
    ],
  ])('the flags: %s', (_name, permissions, sets, expected) => {
    expect(decideFlags(permissions, sets)).toEqual(expected);
  });
});
