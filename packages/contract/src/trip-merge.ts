/**
 * Living copies (issue 37, decision 0075): a trip's content on stable identities, one side's changes since a base, the
 * three-way merge of a copy with its original, and applying the chosen changes. Pure, no zod: the browser previews with
 * it, the server decides with it.
 */
export {
  cloneTripContent,
  tripContentProblems,
  validTripContent,
  type TripActivity,
  type TripContent,
  type TripNote,
  type TripStay,
} from './trip-merge/content.js';
export {
  diffTripContent,
  tripDivergence,
  STAY_PLACE_FIELDS,
  type ActivityValue,
  type ChangeKind,
  type ChangeValues,
  type DayValue,
  type TripEdit,
} from './trip-merge/diff.js';
export * from './trip-merge/merge.js';
export * from './trip-merge/apply.js';
