/**
 * Planning together (issue 33, decision 0062): the people of a trip and what each may do. The owner is the trip's
 * author; members are invited with one of the other three roles. The order of TRIP_ROLES is their rank: a role may
 * do everything the roles before it may.
 *
 *  - viewer: opens the trip (a private one too), sees live changes and who else is looking.
 *  - commenter: as a viewer, and comments, votes and ticks the shared lists.
 *  - editor: as a commenter, and changes the trip as its author does (the one edit policy's rules: locked trips,
 *    booked stays, the 60-day cap).
 *  - owner: the author; invites, changes roles and removes members (on a planner's private trip its planner too).
 */
export const TRIP_ROLES = ['viewer', 'commenter', 'editor', 'owner'] as const;
export type TripRole = (typeof TRIP_ROLES)[number];

/** The roles an invitation or a role change may give (the owner is the author, never given). */
export const MEMBER_ROLES = ['viewer', 'commenter', 'editor'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const isMemberRole = (value: unknown): value is MemberRole =>
  typeof value === 'string' && (MEMBER_ROLES as readonly string[]).includes(value);

/** Whether `role` may do what `least` may (null: not a member, may do nothing a member may). */
export const roleAtLeast = (role: TripRole | null, least: TripRole): boolean =>
  role !== null && TRIP_ROLES.indexOf(role) >= TRIP_ROLES.indexOf(least);

/** An invitation is good for 14 days unless the inviter chose otherwise. */
export const INVITE_DAYS = 14;

/** Size limits of what members write (characters). */
export const COMMENT_MAX = 2_000;
export const LIST_NAME_MAX = 80;
export const LIST_ITEM_MAX = 300;
/** At most this many lists per trip and items per list. */
export const LISTS_PER_TRIP_MAX = 30;
export const ITEMS_PER_LIST_MAX = 500;

/**
 * The viewer changes the trip's content (days, times, activities, stays, day notes): its author, or a member it made
 * an editor (issue 33, decision 0062: the server's edit policy lets an editor do what the author does there). Locking,
 * the reset and the trip-wide information stay the author's.
 */
export const editsTripContent = (viewer: { isAuthor: boolean | null; role?: TripRole | null }): boolean =>
  viewer.isAuthor === true || viewer.role === 'editor';
